// ElementStats measures any tree as it measures a parsed one, and keeps nothing across documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { ElementStats } from '../../../../../src/extract/content/select/element-stats.js';
import { TextMeasures } from '../../../../../src/extract/content/select/text-measures.js';
import { findElement, removeNode } from '../../../../../src/extract/dom/walk.js';

const HTML = `<html><body><div id="a"><p>One, two,   three.</p> <p>
</p><a href="/x">a link</a><ul><li>item</li><li><img src="i.png"></li></ul></div>
<aside><h2>Aside</h2><p>Left out, by the skip.</p></aside><div> \u3000 </div><div>\u3000</div></body></html>`;
function measures(stats: ElementStats): string[] {
  return stats.order.map((el) => `${el.name} ${JSON.stringify(stats.get(el))}`);
}

test('ElementStats measures a tree not made by parseHtml (no document index) as it measures a parsed one', () => {
  const skip = (el: Element): boolean => el.name === 'aside';
  const parsed = new ElementStats(parseHtml(HTML), skip);
  const plain = new ElementStats(parseDocument(HTML), skip);
  assert.deepEqual(measures(plain), measures(parsed));
  assert.ok(parsed.order.length > 5);
  // A lone ideographic space is no text (trim() says so); between spaces it counts, as before.
  const divs = parsed.order.filter((el) => el.name === 'div');
  assert.deepEqual(
    divs.slice(1).map((el) => parsed.get(el)!.chars),
    [3, 0],
  );
});

test("ElementStats knows nothing of skipped elements, nor of another document's elements at the same place", () => {
  const doc = parseHtml(HTML);
  const stats = new ElementStats(doc, (el) => el.name === 'aside');
  const aside = findElement(doc, (el) => el.name === 'aside')!;
  assert.equal(stats.get(aside), undefined);
  const other = parseHtml(HTML);
  const twin = findElement(other, (el) => el.attribs['id'] === 'a')!;
  assert.equal(stats.get(twin), undefined);
  assert.ok(stats.get(findElement(doc, (el) => el.attribs['id'] === 'a')!));
});

test('ElementStats: a score written through one answer is read through the next, reset clears it, and trees built or changed outside the parser are measured whole', () => {
  const doc = parseHtml(HTML);
  const stats = new ElementStats(doc, () => false);
  const a = findElement(doc, (el) => el.attribs['id'] === 'a')!;
  const info = stats.get(a)!;
  assert.deepEqual([info.chars, info.paragraphs, info.links, info.listItems, info.images], [26, 2, 1, 2, 1]);
  assert.equal(info.initialized, false);
  info.initialized = true;
  info.score = 2.5;
  info.score += 1;
  assert.equal(stats.get(a)!.score, 3.5);
  assert.equal(stats.get(a)!.initialized, true);
  assert.equal(stats.linkDensity(a), 6 / 26);
  stats.resetScores();
  assert.deepEqual([info.score, info.initialized], [0, false]);
  // Large trees, with the parser's numbering and without it (or changed since it was given),
  // are measured whole: what a layout sized from the numbering would get wrong.
  const html = '<p>before</p><div>' + '<p>x, y</p>'.repeat(600) + '</div><p>after</p>';
  for (const many of [parseHtml(html), parseDocument(html)]) {
    const div = findElement(many, (el) => el.name === 'div')!;
    const whole = new ElementStats(many, () => false);
    assert.deepEqual(
      [whole.order.length, whole.get(div)!.chars, whole.get(div)!.commas, whole.get(div)!.paragraphs],
      [603, 2400, 600, 600],
    );
    const inside = new ElementStats(div, () => false);
    const last = div.children[599] as Element;
    assert.deepEqual(
      [inside.order.length, inside.get(last)!.chars, inside.get(last)!.commas, inside.get(div)],
      [600, 4, 1, undefined],
    );
  }
  // A moved subtree: more elements under the root than its numbering says.
  const moved = parseHtml('<div id="m"><p>one</p></div><section>' + '<p>two</p>'.repeat(300) + '</section>');
  const m = findElement(moved, (el) => el.attribs['id'] === 'm')!;
  const section = findElement(moved, (el) => el.name === 'section')!;
  removeNode(section);
  m.children.push(section);
  section.parent = m;
  const movedStats = new ElementStats(m, () => false);
  assert.deepEqual(
    [movedStats.order.length, movedStats.get(section)!.paragraphs, movedStats.get(section)!.chars],
    [302, 300, 900],
  );
});

test("measures sharing one record of the page's text answer as measures that read it themselves, and another tree at the same indexes gets its own", () => {
  const doc = parseHtml(HTML);
  const texts = new TextMeasures();
  const skipAside = (el: Element): boolean => el.name === 'aside';
  const skipList = (el: Element): boolean => el.name === 'ul';
  // Each measure leaves out other elements; what one did not read, the next reads.
  const first = new ElementStats(doc, skipAside, texts);
  const second = new ElementStats(doc, skipList, texts);
  assert.deepEqual(measures(first), measures(new ElementStats(doc, skipAside)));
  assert.deepEqual(measures(second), measures(new ElementStats(doc, skipList)));
  // The same markup with other words: its elements hold the first page's indexes.
  const other = parseHtml(HTML.replace('One, two,   three.', 'Four.').replace('a link', 'another, longer link'));
  const shared = new ElementStats(other, () => false, texts);
  assert.deepEqual(measures(shared), measures(new ElementStats(other, () => false)));
  const a = findElement(other, (el) => el.attribs['id'] === 'a')!;
  assert.deepEqual([shared.get(a)!.chars, shared.get(a)!.commas], [29, 1]);
  // Trees not made by the parser (no indexes) are read each time.
  const plain = parseDocument(HTML);
  assert.deepEqual(measures(new ElementStats(plain, skipAside, texts)), measures(first));
});

test('ElementStats gives each included element its position in order, and -1 to others', () => {
  for (const doc of [parseHtml(HTML), parseDocument(HTML)]) {
    const stats = new ElementStats(doc, (el) => el.name === 'aside');
    stats.order.forEach((el, i) => assert.equal(stats.position(el), i));
    assert.equal(stats.position(findElement(doc, (el) => el.name === 'aside')!), -1);
    assert.equal(stats.position(findElement(parseHtml(HTML), (el) => el.name === 'p')!), -1);
  }
});
