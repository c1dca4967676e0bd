import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://www.news.example/politik/grenzen-2020');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const PROSE =
  '<p>The border closed on Monday morning, and commuters, who cross it every day for work, were told to carry ' +
  'papers, which few of them had ever needed before.</p>';

test("keyword links to the site's own tag and topic archives lose their address; cited links keep it", () => {
  const html = `<html><body><article><h1>Border closed</h1>
<p>When <a href="/themen/helmut-kohl">Helmut Kohl</a> grew emotional, he recalled tearing down barriers at the <a href="https://www.news.example/politik/eu-fonds/25751202.html">border with France</a>, and <a href="https://fishing.news.example/search?term=Spree">Spree</a> anglers <a href="https://other.example/tag/borders">agreed</a>; <a href="/SharedDocs/Glossareintraege/DE/R/radon.html?view=renderHelp">Radon</a> was not measured.</p>
${PROSE}${PROSE}${PROSE}</article></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('When Helmut Kohl grew emotional'), text);
  assert.ok(text.includes('[border with France](https://www.news.example/politik/eu-fonds/25751202.html)'), text);
  assert.ok(text.includes(', and Spree anglers'), text);
  assert.ok(text.includes('; Radon was not measured'), text);
  // Another site's tag page is a citation like any other link.
  assert.ok(text.includes('[agreed](https://other.example/tag/borders)'), text);
});
