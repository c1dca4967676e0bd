// A buying guide sets each pick in a component its theme names a widget ("c-product-widget"):
// the exclusions read such a box of prose paragraphs as text (exclude/prose-widgets.ts), and the
// pruning's class weight must not then drop it for the same word (Readability's -25 for
// "widget" in the weight and in the score it lowered). A sidebar's widget of links stays out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { contentTextAt } from '../../../../support/content-text.js';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';
import { isAmongProse, isProseWidget } from '../../../../../src/extract/content/exclude/prose-widgets.js';

const contentText = (html: string): string => contentTextAt(html, 'https://reviews.example/best-budget-laptops');

const INTRO =
  'We tested every laptop on this list for weeks in our lab and at home, running games, office work and ' +
  'video calls on each one, and measured how long its battery lasted.';
// A pick: its name, its specs, and two or three paragraphs of the review (short, few commas:
// Readability's score of the box stays under the class word's -25).
const pick = (n: number, paragraphs = 3): string =>
  `<div id="pick-${n}-review" class="c-product-widget"><h3>Laptop ${n}</h3>` +
  `<div class="c-product-widget__specs"><span>Memory: 16GB</span> <span>Storage: 512GB</span></div>` +
  `<p>This laptop keeps getting better with every model and the new one we tested this spring is ` +
  `the best yet at its price (${n}).</p>` +
  `<p>The display is one of its standout features with a taller and brighter screen that suits ` +
  `everyday work well (${n}).</p>` +
  (paragraphs > 2
    ? `<p>Its gaming performance matches the models before it while the battery now lasts a whole ` +
      `working day (${n}).</p>`
    : '') +
  `</div>`;

const page = (): string =>
  `<html><body><main><article><h1>The best budget laptops</h1>` +
  `${[1, 2, 3, 4].map((n) => `<p>${INTRO} (${n})</p>`).join('')}` +
  `${pick(1)}<p>${INTRO.replace('lab', 'office')}</p>${pick(2, 2)}${pick(3)}` +
  `<p>${INTRO.replace('weeks', 'months')}</p></article>` +
  `<div class="widget"><h4>Popular</h4>` +
  `<ul><li><a href="/a">Best phones</a></li><li><a href="/b">Best tablets</a></li></ul></div>` +
  `</main></body></html>`;

test("a buying guide's picks set in prose widgets are read, each with its paragraphs", () => {
  const text = contentText(page());
  for (const n of [1, 2, 3]) {
    assert.ok(text.includes(`Laptop ${n}`), text);
    assert.ok(text.includes(`best yet at its price (${n}).`), text);
    assert.ok(text.includes(`suits everyday work well (${n}).`), text);
  }
  assert.ok(text.includes('lasts a whole working day (3).'), text);
  assert.ok(!text.includes('Best phones'), text);
});

test('a widget of two paragraphs is text among the prose, not among modules of its own kind', () => {
  const box = (html: string): Element =>
    findElement(parseHtml(`<html><body>${html}</body></html>`), (el) => el.attribs['id'] === 'pick-1-review')!;
  assert.equal(isProseWidget(box(`<article><p>${INTRO}</p>${pick(1, 2)}</article>`)), true);
  // Within the pick, its own parts are the same component: the climb finds the prose beside it.
  const inner = findElement(
    parseHtml(`<html><body><article><p>${INTRO}</p>${pick(1, 2)}</article></body></html>`),
    (el) => el.attribs['class'] === 'c-product-widget__specs',
  )!;
  assert.equal(isAmongProse(inner), true);
  // A page builder's modules: every sibling is a module, every paragraph inside one.
  assert.equal(
    isProseWidget(box(`<div class="column"><div class="module"><p>${INTRO}</p></div>${pick(1, 2)}</div>`)),
    false,
  );
  assert.equal(isProseWidget(box(`<article><p>${INTRO}</p>${pick(1, 3)}</article>`)), true);
});
