// Subtree answers kept per element (descendant-search.ts, raw-text-lengths.ts, text-digits.ts): every element
// reads what a walk of its own subtree reads, whichever element is asked first (a search that
// stopped at its first match keeps only what it learnt), on nested boxes, scripts and comments,
// on a tree parseHtml made and on one it did not (no document index).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import type { Element, ParentNode } from 'domhandler';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { DescendantSearch } from '../../../../src/extract/dom/descendant-search.js';
import { RawTextLengths } from '../../../../src/extract/dom/raw-text-lengths.js';
import { TextDigits } from '../../../../src/extract/dom/text-digits.js';
import { rawTextLength } from '../../../../src/extract/dom/measures.js';
import { isPlainTag, textContent, visitElements } from '../../../../src/extract/dom/walk.js';
import { seededRandom } from '../../../support/seeded-random.js';

/** The walk exclusions.ts made per element before (the oracle). */
function hasDescendant(el: Element, matches: (child: Element) => boolean): boolean {
  const stack: Element[] = [el];
  while (stack.length > 0) {
    const cur = stack.pop()!;
    for (const c of cur.children) {
      if (!isPlainTag(c)) continue;
      if (matches(c)) return true;
      stack.push(c);
    }
  }
  return false;
}

function page(seed: number): string {
  const r = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const box = (depth: number): string => {
    const parts: string[] = [];
    const n = 1 + Math.floor(r() * 3);
    for (let k = 0; k < n; k++) {
      const x = r();
      if (x < 0.2) parts.push(pick(['words ', ' ', 'a longer run of words  ', 'from 12 May', '£4']));
      else if (x < 0.27)
        parts.push(pick(['<script>var x = "<h2>";</script><!-- <h3> -->', '<style>p{top:1px}</style>']));
      else if (depth < 7) {
        const tag = pick(['div', 'span', 'h3', 'p', 'section', 'b', 'figure']);
        const cls = r() < 0.2 ? ' class="story-body"' : '';
        parts.push(`<${tag}${cls}>${box(depth + 1)}</${tag}>`);
      }
    }
    return parts.join('');
  };
  return `<html><body>${box(0)}</body></html>`;
}

const PARSERS: Array<[string, (html: string) => ParentNode]> = [
  ['parseHtml', parseHtml],
  ['a tree without document indexes', (html) => parseDocument(html)],
];

const TESTS: Array<[string, (el: Element) => boolean]> = [
  ['a heading', (el) => /^h[1-6]$/.test(el.name)],
  ['a class', (el) => el.attribs['class'] === 'story-body'],
  ['a figure', (el) => el.name === 'figure'],
];

function elements(root: ParentNode): Element[] {
  const out: Element[] = [];
  visitElements(root, (el) => void out.push(el));
  return out;
}

/** The elements in the order the questions are asked: page order, reversed, or shuffled by `seed`. */
function inOrder(all: Element[], order: 'page' | 'reverse' | 'shuffled', seed: number): Element[] {
  if (order === 'reverse') all.reverse();
  if (order === 'shuffled') {
    const r = seededRandom(seed);
    all.sort(() => r() - 0.5);
  }
  return all;
}

for (const [name, parse] of PARSERS) {
  test(`descendant search: every element reads what a walk of its subtree reads, either order (${name})`, () => {
    let found = 0;
    for (let seed = 1; seed <= 200; seed++) {
      for (const [what, matches] of TESTS)
        for (const order of ['page', 'reverse', 'shuffled'] as const) {
          const doc = parse(page(seed));
          const search = new DescendantSearch(matches);
          for (const el of inOrder(elements(doc), order, seed)) {
            const expected = hasDescendant(el, matches);
            if (expected) found++;
            assert.equal(search.has(el), expected, `seed ${seed}, ${what}, <${el.name}>, ${order}`);
          }
        }
    }
    assert.ok(found > 1000);
  });

  test(`raw text lengths: every element reads what a walk of its subtree reads, either order (${name})`, () => {
    for (let seed = 1; seed <= 200; seed++)
      for (const reverse of [false, true]) {
        const doc = parse(page(seed));
        const lengths = new RawTextLengths();
        const all = elements(doc);
        if (reverse) all.reverse();
        for (const el of all) {
          // The rules measured textContent's length: the same count.
          assert.equal(lengths.of(el), rawTextLength(el), `seed ${seed}, <${el.name}>`);
          assert.equal(lengths.of(el), textContent(el).length, `seed ${seed}, <${el.name}>`);
        }
      }
  });
}

for (const [name, parse] of PARSERS)
  test(`text digits: every element reads what its whole text reads, any order (${name})`, () => {
    let found = 0;
    for (let seed = 1; seed <= 200; seed++)
      for (const order of ['page', 'reverse', 'shuffled'] as const) {
        const doc = parse(page(seed));
        const digits = new TextDigits();
        for (const el of inOrder(elements(doc), order, seed)) {
          const expected = /\d/.test(textContent(el));
          if (expected) found++;
          assert.equal(digits.has(el), expected, `seed ${seed}, <${el.name}>, ${order}`);
        }
      }
    assert.ok(found > 1000);
  });

test('descendant search: 200 nested boxes over a heading, each asked from the top down', () => {
  const html = `<html><body>${'<div class="caption">'.repeat(200)}<h3>Title</h3>${'</div>'.repeat(200)}</body></html>`;
  for (const [, parse] of PARSERS) {
    const doc = parse(html);
    const search = new DescendantSearch((el) => el.name === 'h3');
    const boxes = elements(doc).filter((el) => el.name === 'div');
    assert.equal(boxes.length, 200);
    assert.ok(boxes.every((box) => search.has(box)));
    assert.equal(search.has(elements(doc).find((el) => el.name === 'h3')!), false);
  }
});
