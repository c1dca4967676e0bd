import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://news.example/people/new-spokesman');
  return ex ? renderText(ex.blocks, { title: null, plain: true }) : '';
}

const BODY = Array.from(
  { length: 5 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story, with enough words, commas, and detail to read like the prose of a real ` +
    `article body.</p>`,
).join('');

function page(extra: string): string {
  return `<html><head><title>New spokesman | News</title></head><body>
<nav><a href="/">Home</a> <a href="/people">People</a> <a href="/media">Media</a></nav>
<article><h1>New spokesman</h1><div class="entry-content">${BODY}${extra}</div></article>
<footer><a href="/imprint">Imprint</a></footer></body></html>`;
}

test('a sentence that runs on into its link is prose, however much of it is linked', () => {
  const text = contentText(
    page(
      '<p>He takes over from his predecessor, <a href="/people/predecessor">' +
        'who for the last eight months combined the role with his other duties in the marketing department.</a>' +
        '</p>',
    ),
  );
  assert.ok(text.includes('He takes over from his predecessor, who for the last eight months'), text);
  assert.ok(text.includes('duties in the marketing department.'));
});

test('link lines stay out: a lead-in with a colon, a bare link, a link with no sentence', () => {
  const text = contentText(
    page(
      '<p>Read also this story: <a href="/a">The other spokesman who left the company last year after a long ' +
        'career.</a></p>' +
        '<p><a href="/b">Here is the event page on the social network.</a></p>' +
        '<p>More from our team <a href="/c">in the people section of this site, with all the latest appointments' +
        '</a></p>',
    ),
  );
  assert.ok(text.includes('Paragraph 5 of the story'));
  assert.ok(!text.includes('The other spokesman'), text);
  assert.ok(!text.includes('event page on the social network'), text);
  assert.ok(!text.includes('latest appointments'), text);
});

test("an address on its own line after a sentence that announces it with a colon is that sentence's object", () => {
  const text = contentText(
    page(
      '<p>To collect what teachers see in their schools, the assembly has set up a mailbox of its own:</p>' +
        '<p><a href="mailto:reports@assembly.example">reports@assembly.example</a></p>' +
        '<p>Damit die Clubs nicht schließen müssen, unterschreibt bitte alle diese Petition:</p>' +
        '<p><a href="https://petition.example/save-the-clubs">https://petition.example/save-the-clubs</a></p>',
    ),
  );
  assert.ok(text.includes('reports@assembly.example'), text);
  assert.ok(text.includes('https://petition.example/save-the-clubs'), text);
});

test('an address after a short label, or a headline link after a long lead-in, is still a link line', () => {
  const text = contentText(
    page(
      '<p>Link:</p><p><a href="https://other.example/page">https://other.example/page</a></p>' +
        '<p>Our editors have collected more stories on this subject for you, read them here:</p>' +
        '<p><a href="/d">The other spokesman who left the company</a></p>',
    ),
  );
  assert.ok(!text.includes('https://other.example/page'), text);
  assert.ok(!text.includes('The other spokesman who left'), text);
});
