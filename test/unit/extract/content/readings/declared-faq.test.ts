// A page that declares an FAQ (a schema.org FAQPage in its JSON-LD) and prints it: the printed
// questions and answers are read with the body found, when that body left them out. Not when
// the page only declares them, nor on a page declared an article.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://shop.example/grills/charcoal');

const questions = [
  ['Which charcoal grill suits a family of six?', 'A kettle of 57 cm cooks for eight to twelve people at once.'],
  ['How long does the charcoal take to light?', 'With a chimney starter the coals are ready in about fifteen minutes.'],
  ['Can the lid be used to bake bread?', 'Yes: closed, the kettle keeps an even heat, as an outdoor oven does.'],
];

const faqJsonLd = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: questions.map(([q, a]) => ({
    '@type': 'Question',
    name: q,
    acceptedAnswer: { '@type': 'Answer', text: a },
  })),
});

const description = [1, 2, 3, 4]
  .map(
    (n) =>
      `<p>Charcoal grilling, part ${n}: the kettle with a lid remains our first recommendation, because the lid ` +
      'turns the grill into an outdoor oven for roasts, bread and slow cooking, and keeps the heat even.</p>',
  )
  .join('');

const page = (head: string, printed: boolean): string =>
  `<html><head>${head}<script type="application/ld+json">${faqJsonLd}</script></head><body>` +
  '<header><nav><a href="/">Home</a> <a href="/grills">Grills</a></nav></header>' +
  `<div class="row"><div class="col"><h1>Charcoal grills</h1></div></div>` +
  `<div class="row description_longue"><div class="col">${description}</div></div>` +
  (printed
    ? '<div class="band"><div class="wrap"><h2>Questions about charcoal grills</h2><div class="richfaq">' +
      questions
        .map(
          ([q, a], i) =>
            `<div class="item"><a href="#faq-${i}" role="button"><p>${q}</p></a>` +
            `<div id="faq-${i}" class="collapse show" role="tabpanel">` +
            `<div class="answer"><p>${a}</p></div></div></div>`,
        )
        .join('') +
      '</div></div></div>'
    : '') +
  '<footer><p>Shop example, all rights reserved.</p></footer></body></html>';

const product = '<meta property="og:type" content="product">';

test('the FAQ a page declares and prints is read with the body', () => {
  const text = contentText(page(product, true));
  assert.match(text, /our first recommendation/);
  assert.match(text, /cooks for eight to twelve people/);
  assert.match(text, /chimney starter the coals are ready/);
});

test('an FAQ declared but not printed adds nothing, and an article is read as before', () => {
  const bare = contentText(page(product, false));
  assert.match(bare, /our first recommendation/);
  assert.doesNotMatch(bare, /eight to twelve people/);
  const article = contentText(page('<meta property="og:type" content="article">', true));
  assert.match(article, /our first recommendation/);
});
