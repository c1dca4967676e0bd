// Cards beside a declared body (select/declared-cards.ts): related posts' excerpts marked with the
// body's class are left out, and the account says so; an FAQ's unlinked answers marked the same
// way are read. So are excerpts of the body's own shape, each in an <article> of its own (a
// related-posts carousel reusing the theme's wrapper class).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent, type ContentTrace } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

const URL = 'https://garden.example/blog/winter-pruning';

const body = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i + 1} on winter pruning explains, with care and some detail, which branches to cut, ` +
    'when the frost has passed, and why an open crown keeps the tree healthy through the wet season.</p>',
).join('\n');

const page = (after: string): string => `<!doctype html><html><head><title>Winter pruning</title></head><body>
<header><a href="/">Garden Example</a></header>
<main><article><h1>Winter pruning</h1><div class="entry-content">${body}</div></article>
${after}</main><footer><p>© Garden Example</p></footer></body></html>`;

const RELATED = `<section class="related"><h2>More from the blog</h2>${[1, 2, 3, 4]
  .map(
    (n) =>
      `<div class="card"><a href="/blog/post-${n}"><h3>Other post ${n}</h3></a>` +
      `<div class="post-content">Excerpt ${n}: a short summary of another garden post...</div></div>`,
  )
  .join('')}</section>`;

function read(html: string): { text: string; trace: ContentTrace } {
  const trace: ContentTrace = { explain: true };
  const ex = extractContent(parseHtml(html), URL, trace);
  return { text: ex ? renderText(ex.blocks, { title: null }) : '', trace };
}

test('excerpts of other posts marked with the body class are not read with the body', () => {
  const { text, trace } = read(page(RELATED));
  assert.ok(text.includes('Paragraph 8 on winter pruning'), text);
  assert.ok(!text.includes('Excerpt'), text);
  const cards = trace.explanation?.dropped.filter((d) => d.rule === 'cards beside the declared body') ?? [];
  assert.equal(cards.length, 4, JSON.stringify(trace.explanation?.dropped));
  assert.ok(cards[0]!.text.startsWith('Excerpt 1'));
});

test("an FAQ's unlinked answers marked with the body class are read with the body", () => {
  const faq = `<section class="faq"><h2>Questions</h2>${[1, 2, 3, 4]
    .map(
      (n) =>
        `<div class="faq-item"><button>Question ${n}?</button>` +
        `<div class="post-content">Answer ${n}: prune on a dry day, after the frost.</div></div>`,
    )
    .join('')}</section>`;
  const { text } = read(page(faq));
  for (const n of [1, 2, 3, 4]) assert.ok(text.includes(`Answer ${n}:`), text);
});

test("excerpts of the body's own shape, each in an <article> of its own, are not read with the body", () => {
  // A theme that wraps every entry's text in the same class: the post's and each related post's.
  // Together the excerpts hold more than half of the post (the share other cards are held to).
  const post = body.split('\n').slice(0, 4).join('\n');
  const excerpt = (n: number): string =>
    `Excerpt ${n}: a summary of another garden post, on mulching beds and planting bulbs ` +
    'before the ground freezes hard.';
  const related = [1, 2, 3, 4, 5]
    .map(
      (n) =>
        '<article class="entry loop-entry"><div class="entry-content-wrap">' +
        `<h3><a href="/blog/post-${n}">Other post ${n}</a></h3><p>${excerpt(n)}</p></div></article>`,
    )
    .join('');
  const html = `<!doctype html><html><head><title>Winter pruning</title></head><body>
<main><article class="entry single-entry"><div class="entry-content-wrap"><h1>Winter pruning</h1>
<div class="entry-content">${post}</div></div></article>
<section class="carousel">${related}</section></main></body></html>`;
  const { text, trace } = read(html);
  assert.ok(text.includes('Paragraph 4 on winter pruning'), text);
  assert.ok(!text.includes('Excerpt'), text);
  const cards = trace.explanation?.dropped.filter((d) => d.rule === 'cards beside the declared body') ?? [];
  assert.equal(cards.length, 5, JSON.stringify(trace.explanation?.dropped));
});
