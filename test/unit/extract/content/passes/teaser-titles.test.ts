// Teaser titles: a blog index's title lines, each only its link over a summary, are the entries' headings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../../../src/extract/blocks.js';
import { titleTeaserEntries } from '../../../../../src/extract/content/passes/teaser-titles.js';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

const entry = (i: number): string =>
  `<p class="blogtitle"><a href="/blog/post-${i}">Post number ${i} about stacks</a>, <span class="date">` +
  `${i + 1} February 2026</span><br><span class="author">Author ${i}</span></p>` +
  `<p class="blogsummary">A description of some of the recent changes number ${i} to do allocations on the stack.</p>`;
const para = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const linkLine = (href: string, text: string): Block => ({
  type: 'paragraph',
  children: [{ type: 'link', href, children: [{ type: 'text', text }] }],
});

test("a blog index's title lines, each only its link over a summary, are read as the entries' headings", () => {
  const html =
    `<html><body><header><a href="/">Home</a></header><main><h1>The Blog</h1><div id="blogindex">` +
    `${[0, 1, 2, 3, 4].map(entry).join('')}</div></main><footer><p>Footer</p></footer></body></html>`;
  const ex = extractContent(parseHtml(html), 'https://go.example/blog/');
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  for (const i of [0, 1, 2, 3, 4])
    assert.ok(text.includes(`Post number ${i} about stacks`) && text.includes(`changes number ${i} to do`), text);
  const h = ex!.blocks.find((b) => b.type === 'heading' && b.level === 2);
  assert.ok(h, 'the titles are headings under the h1');
});

test('fewer than four entries, captions that are lists of words, or repeated links stay as they were', () => {
  const pairs = (n: number, summary: (i: number) => string, href: (i: number) => string = (i) => `/p/${i}`): Block[] =>
    Array.from({ length: n }, (_, i) => [linkLine(href(i), `Title ${i}`), para(summary(i))]).flat();
  const sentence = (i: number): string => `This is the summary of entry ${i} in a full sentence.`;
  const four = titleTeaserEntries([
    { type: 'heading', level: 1, children: [{ type: 'text', text: 'Blog' }] },
    ...pairs(4, sentence),
  ]);
  assert.deepEqual(
    four.map((b) => b.type),
    ['heading', 'heading', 'paragraph', 'heading', 'paragraph', 'heading', 'paragraph', 'heading', 'paragraph'],
  );
  assert.equal(four[1]!.type === 'heading' && four[1]!.level, 2);
  const three = pairs(3, sentence);
  assert.equal(titleTeaserEntries(three), three);
  const captions = pairs(5, (i) => `Replace keys, replace locks, key duplication ${i}`);
  assert.equal(titleTeaserEntries(captions), captions);
  const same = pairs(5, sentence, () => '/p/same');
  assert.equal(titleTeaserEntries(same), same);
  const linkedSummary: Block[] = pairs(5, sentence).map((b, i) =>
    i % 2 === 1
      ? {
          type: 'paragraph',
          children: [
            {
              type: 'link',
              href: `/x/${i}`,
              children: [{ type: 'text', text: 'A linked summary of several words here.' }],
            },
          ],
        }
      : b,
  );
  assert.equal(titleTeaserEntries(linkedSummary), linkedSummary);
});
