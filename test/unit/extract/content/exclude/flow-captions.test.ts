// A picture's caption in the article's flow is read with the article; its credit alone, a
// gallery's counter and a teaser card's picture label are not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(body: string): string {
  const html = `<html><head><title>The bridge after the flood</title></head><body>${body}</body></html>`;
  const ex = extractContent(parseHtml(html), 'https://news.example/2024/05/bridge-after-flood');
  assert.ok(ex, 'content found');
  return renderText(ex.blocks, { title: null });
}

const para = (n: number): string =>
  `<p>Paragraph ${n} of the report: the water rose through the night, and by morning the old stone ` +
  `bridge stood alone in a brown lake, its arches half under water and its railings hung with reeds.</p>`;

const article = (figure: string): string =>
  `<article><h1>The bridge after the flood</h1>${para(1)}${para(2)}${figure}${para(3)}${para(4)}</article>`;

test("a figure's caption in the article's flow stays, its credit line aside", () => {
  const text = contentText(
    article(
      '<figure><img src="/img/bridge.jpg" alt="The bridge"><figcaption>The bridge seen from the east bank on ' +
        'Tuesday morning, after the water had fallen.</figcaption></figure>',
    ),
  );
  assert.ok(text.includes('The bridge seen from the east bank on Tuesday morning'), text);
  assert.ok(text.includes('Paragraph 3 of the report'));
});

test('a caption that is only a credit is left out', () => {
  for (const credit of ['Photo: Jane Doe / Getty Images', '© Reuters', 'Foto: dpa', 'AP/Reuters']) {
    const text = contentText(
      article(`<figure><img src="/img/bridge.jpg" alt="The bridge"><figcaption>${credit}</figcaption></figure>`),
    );
    assert.ok(!text.includes(credit), `kept the credit ${credit}: ${text}`);
  }
});

test("a gallery's counter is left out", () => {
  const text = contentText(
    article('<figure><img src="/img/bridge-3.jpg" alt="The bridge"><figcaption>3 / 12</figcaption></figure>'),
  );
  assert.ok(!text.includes('3 / 12'), text);
});

test("a teaser card's picture and its caption, linking elsewhere, are left out", () => {
  const text = contentText(
    article(
      '<a href="/2024/05/dams-under-pressure"><figure><img src="/img/dam.jpg" alt="A dam">' +
        '<figcaption>Dams under pressure across the whole region this week</figcaption></figure></a>',
    ),
  );
  assert.ok(!text.includes('Dams under pressure'), text);
  assert.ok(text.includes('Paragraph 4 of the report'));
});

test("a quotation's figure keeps its caption, the attribution; a picture's credit beside a quotation does not", () => {
  const quote =
    '<blockquote><p>We will rebuild the bridge stone by stone, as it stood for two hundred years.</p></blockquote>';
  const text = contentText(article(`<figure>${quote}<figcaption>— Ann Lee, <cite>mayor</cite></figcaption></figure>`));
  assert.match(text, /^We will rebuild the bridge stone by stone/m);
  assert.match(text, /^— Ann Lee, mayor$/m);
  const picture = contentText(
    article(`<figure>${quote}<img src="/img/ann.jpg" alt="Ann Lee"><figcaption>Photo: Jane Doe</figcaption></figure>`),
  );
  assert.doesNotMatch(picture, /Jane Doe/);
});
