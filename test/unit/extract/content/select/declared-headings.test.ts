import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://church.example/news/care-funding');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const body = (i: number): string =>
  `<p class="bodytext">Paragraph ${i} of the church's statement says, at some length and with care, how care for ` +
  `the elderly should be paid for, by whom, and why the burden must be shared fairly.</p>`;

test('a subheading between two paragraphs declared by a body class joins them, in place', () => {
  const html = `<html><body><div class="nav"><h4>Service</h4><a href="/a">A</a></div><div class="col">
${body(1)}${body(2)}<h4>Questions for the welfare state</h4>${body(3)}${body(4)}
</div><h4>Newsletter</h4></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Paragraph 2'), text);
  assert.ok(/Paragraph 2[^\n]*\nQuestions for the welfare state\nParagraph 3/.test(text), text);
  assert.ok(!text.includes('Newsletter'), text);
  assert.ok(!text.includes('Service'), text);
});

test('a list between two paragraphs declared by a body class joins them, in place; a link list does not', () => {
  const html = `<html><body><div class="col">
${body(1)}${body(2)}<ol><li>Families who pay for care at home</li><li>Parishes that run day centres</li></ol>
${body(3)}<ul><li><a href="/news/1">Older news about the diocese</a></li>
<li><a href="/news/2">More news from the parishes</a></li></ul>
${body(4)}${body(5)}</div></body></html>`;
  const text = contentText(html);
  const inPlace =
    /Paragraph 2[^\n]*\n1\. Families who pay for care at home\n2\. Parishes that run day centres\nParagraph 3/;
  assert.ok(inPlace.test(text), text);
  assert.ok(!text.includes('Older news'), text);
  assert.ok(text.includes('Paragraph 5'), text);
});
