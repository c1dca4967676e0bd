import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { isTitleHeader } from '../../../../../src/extract/content/exclude/heading-wrappers.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://docs.example/learn/css/flexbox');

const INTRO =
  'Flexbox is a one-dimensional layout method for arranging items in rows or columns, so that items expand to fill ' +
  'space or shrink to fit.';
const BODY = (n: number): string =>
  `<section><h2>Part ${n}</h2><p>Paragraph ${n} of the guide explains one property of the layout in detail, with ` +
  `an example that readers can try in their own editor.</p><p>` +
  `A second paragraph of part ${n} goes on with the example and shows what changes when the property takes ` +
  `another value.</p></section>`;

function page(headerClass: string, wrapper: 'main' | 'div'): string {
  return (
    `<html><body><header class="site-header"><a href="/">Docs</a><nav><a href="/learn">Learn</a>` +
    `<a href="/ref">Reference</a></nav></header>
<${wrapper} id="content"><div class="${headerClass}"><h1>Flexbox</h1><section><p>${INTRO}</p>
<table><tr><th>Prerequisites:</th><td>Styling basics and the layout introduction.</td></tr></table></section></div>
<aside class="toc"><ul><li><a href="#p1">Part 1</a></li><li><a href="#p2">Part 2</a></li><li><a href="#p3">Part 3` +
    `</a></li></ul></aside>
<div class="layout__body">${BODY(1)}${BODY(2)}${BODY(3)}</div></${wrapper}></body></html>`
  );
}

test('a box named "header" inside <main> with the page\'s <h1> and prose is the article\'s header: its introduction is read', () => {
  const text = contentText(page('layout__header', 'main'));
  assert.ok(text.includes('one-dimensional layout method'), text);
  assert.ok(text.includes('Prerequisites'), text);
  assert.ok(text.includes('Paragraph 3 of the guide'), text);
});

test('the rule asks for <main>, the <h1>, prose, and no other unlikely word', () => {
  const box = (html: string) =>
    findElement(parseHtml(html), (el) => el.name === 'div' && /header/.test(el.attribs['class'] ?? ''))!;
  assert.equal(isTitleHeader(box(page('layout__header', 'main'))), true);
  // Outside <main> a header box is the site's.
  assert.equal(isTitleHeader(box(page('layout__header', 'div'))), false);
  // Another unlikely word names something else (a sidebar's header, a comments header).
  assert.equal(isTitleHeader(box(page('sidebar-header', 'main'))), false);
  // A header box without prose (title and a date line) stays out.
  assert.equal(
    isTitleHeader(
      box('<html><body><main><div class="page-header"><h1>Flexbox</h1><p>May 2, 2025</p></div></main></body></html>'),
    ),
    false,
  );
  // A header box without the page's <h1> (a section's box) is not the article's header.
  assert.equal(
    isTitleHeader(
      box(`<html><body><main><div class="page-header"><h2>Flexbox</h2><p>${INTRO}</p></div></main></body></html>`),
    ),
    false,
  );
});
