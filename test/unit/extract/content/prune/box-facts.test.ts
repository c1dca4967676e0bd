// Pruning's subtree answers (a code block below, in-page link text, own link lists, a paragraph
// of prose, heading toggles), added up once bottom-up: each element's answers are those of a walk
// of its subtree that stops at links, lists, paragraphs and buttons, whichever element is asked
// first, on a tree parseHtml made and on one it did not (no document index).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import type { Element, ParentNode } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { ElementStats } from '../../../../../src/extract/content/select/element-stats.js';
import { BoxFacts, type Facts } from '../../../../../src/extract/content/prune/box-facts.js';
import { findElement, visitElements } from '../../../../../src/extract/dom/walk.js';
import { textChars } from '../../../../../src/extract/dom/measures.js';
import { isHeadingToggle } from '../../../../../src/extract/dom/heading-toggle.js';
import type { HiddenTest } from '../../../../../src/extract/dom/visibility.js';

const PROSE = 'A paragraph of prose that runs on long enough to be read as one, with hardly a link in it. '.repeat(2);
const LIST = '<ul><li><a href="/a">First further reading</a> <a href="/b">Second further reading</a></li></ul>';
const TOGGLE = '<button><h3>Does it ship abroad?</h3></button><div>Yes, everywhere.</div>';

// Boxes nested three deep, each with what one rule asks about, and the odd cases: a list in a
// list, an in-page link holding another element, a paragraph inside a link, two buttons in a row.
const HTML = `<html><body><div id="outer"><p>${PROSE}</p>${LIST}<a href="#part">Jump <b>below</b></a>
<div id="middle"><ul><li>${LIST}</li></ul><a href=" #x ">in page</a><a href="#">top</a>${TOGGLE}
<div id="inner"><span><pre>code</pre></span><a href="/p"><p>${PROSE}</p></a><button><button><h3>Q</h3></button></button>
<p>short</p><div id="bare"><i></i></div></div></div></div></body></html>`;

function byId(root: ParentNode, id: string): Element {
  return findElement(root, (el) => el.attribs['id'] === id)!;
}

/** The answers as a walk of `el`'s own subtree reads them (pruning asked so before the answers
 *  were added up): the oracle. */
function walked(el: Element, stats: ElementStats, isHidden: HiddenTest): Facts {
  const out: Facts = { code: false, inPageLinkChars: 0, listChars: 0, listLinkChars: 0, prose: false, toggles: 0 };
  visitElements(el, (d) => void (d.name === 'pre' && (out.code = true)));
  visitElements(el, (d) => {
    if (d.name !== 'a') return true;
    const href = d.attribs['href']?.trim();
    if (href !== undefined && href.startsWith('#') && href.length > 1) out.inPageLinkChars += textChars(d);
    return false;
  });
  visitElements(el, (d) => {
    if (d.name !== 'ul' && d.name !== 'ol') return true;
    const info = stats.get(d);
    if (info && info.chars < 1000 && stats.linkDensity(d) > 0.5) {
      out.listChars += info.chars;
      out.listLinkChars += info.linkChars;
    }
    return false;
  });
  visitElements(el, (d) => {
    if (d.name !== 'p') return true;
    const info = stats.get(d);
    if (info && info.chars >= 100 && info.linkChars <= 0.2 * info.chars) out.prose = true;
    return false;
  });
  visitElements(el, (d) => {
    if (d.name !== 'button') return true;
    if (isHeadingToggle(d, isHidden) && !isHidden(d)) out.toggles++;
    return false;
  });
  return out;
}

function elements(root: ParentNode): Element[] {
  const out: Element[] = [];
  visitElements(root, (el) => void out.push(el));
  return out;
}

const HIDDEN: Array<[string, HiddenTest]> = [
  ['nothing hidden', () => false],
  ['answers hidden', (el) => el.name === 'div' && !el.attribs['id']],
  ['buttons hidden', (el) => el.name === 'button'],
];

for (const [name, parse] of [
  ['parseHtml', parseHtml],
  ['a tree without document indexes', (html: string) => parseDocument(html)],
] as const) {
  test(`box facts: every element reads what a walk of its subtree reads, whichever is asked first (${name})`, () => {
    for (const [hidden, isHidden] of HIDDEN) {
      for (const skip of [() => false, (el: Element) => el.name === 'p' || el.name === 'ul']) {
        for (const reverse of [false, true]) {
          const doc = parse(HTML);
          const stats = new ElementStats(doc, skip);
          const box = new BoxFacts(stats, isHidden);
          const all = elements(doc);
          if (reverse) all.reverse();
          for (const el of all) assert.deepEqual(box.of(el), walked(el, stats, isHidden), `${el.name} (${hidden})`);
        }
      }
    }
  });
}

test('box facts count a list in a list once, trimmed in-page links, a code block anywhere below', () => {
  const doc = parseHtml(HTML);
  const stats = new ElementStats(doc, () => false);
  const box = new BoxFacts(stats, () => false);
  const middle = byId(doc, 'middle');
  const outerList = findElement(middle, (el) => el.name === 'ul')!;
  const innerList = findElement(outerList, (el) => el.name === 'ul')!;
  assert.ok(stats.linkDensity(innerList) > 0.5);
  const facts = box.of(middle);
  assert.equal(facts.listChars, stats.get(outerList)!.chars);
  // " #x " points into the page; "#" alone does not.
  assert.equal(facts.inPageLinkChars, 'in page'.length);
  assert.equal(facts.toggles, 2);
  assert.equal(box.of(byId(doc, 'inner')).code, true);
  assert.equal(box.of(byId(doc, 'bare')).code, false);
  assert.equal(box.of(byId(doc, 'outer')).prose, true);
  assert.equal(box.of(byId(doc, 'inner')).prose, false);
});

test('nested boxes 200 deep: every box reads what a walk of its own subtree reads', () => {
  const toggle = '<span><button><h4>Q</h4></button><b>A</b></span>';
  const level = `<div><p>${PROSE}</p>${LIST}<a href="#s">Jump to the section</a>${toggle}`;
  const html = `<html><body>${level.repeat(200)}<pre></pre>${'</div>'.repeat(200)}</body></html>`;
  const doc = parseHtml(html);
  const stats = new ElementStats(doc, () => false);
  const box = new BoxFacts(stats, () => false);
  const divs = elements(doc).filter((el) => el.name === 'div');
  assert.equal(divs.length, 200);
  for (const div of divs)
    assert.deepEqual(
      box.of(div),
      walked(div, stats, () => false),
    );
  const top = box.of(divs[0]!);
  assert.equal(top.toggles, 200);
  assert.equal(top.inPageLinkChars, 200 * 'Jump to the section'.length);
  assert.ok(top.code && top.prose);
});
