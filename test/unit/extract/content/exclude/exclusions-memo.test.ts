// One extraction's Exclusions keeps the answers of `always` and `strictly` (exclusions.ts) and
// tests the unions of their class patterns first: the answers must be those asked afresh, for
// parsed trees, trees not made by parseHtml, and another document's element at the same place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import type { Element, ParentNode } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { Exclusions } from '../../../../../src/extract/content/exclude/exclusions.js';
import { ATTEMPTS } from '../../../../../src/extract/content/select/attempt-flags.js';
import { visitElements } from '../../../../../src/extract/dom/walk.js';
import { isUnlikelyCandidate } from '../../../../../src/extract/dom/patterns.js';

const HTML = `<html><body>
<div class="cookie-banner"><p>We use cookies.</p></div>
<div id="gdpr-box"><p>Consent</p></div>
<div class="cmp-container"><p>A section of the page about gardens.</p></div>
<div class="site-popup"><p>Sign up!</p></div>
<div class="popups-list"><p>Not a pop-up name.</p></div>
<div role="dialog"><p>Region picker</p></div>
<main><article class="post">
<p class="wp-caption-text">A caption</p><p class="entry-meta">May 1</p><div class="author-box">About me</div>
<div class="related-posts"><a href="/a">Other</a></div><div class="sidebar"><p>Side</p></div>
<div class="commentary-body"><p>Kept by a content word</p></div><div id="Ads"><p>Ad</p></div>
<div class="AuthorBox">Camel case is no token</div><p class="Caption">Upper case</p>
<p>The article's text, long enough to be read as the article's text here.</p>
</article></main>
<noscript><p>Enable JavaScript</p></noscript><div hidden><p>Hidden</p></div></body></html>`;

function elementsOf(root: ParentNode): Element[] {
  const out: Element[] = [];
  visitElements(root, (el) => {
    out.push(el);
    return undefined;
  });
  return out;
}

/** Each element's answers, from `ex` (remembered), or asked afresh of a new Exclusions each. */
function answers(els: Element[], ex?: Exclusions): string[] {
  return els.map((el) => {
    const e = ex ?? new Exclusions();
    return (
      `${el.name}.${el.attribs['class'] ?? ''}#${el.attribs['id'] ?? ''} ${e.always(el)} ` +
      `${e.strictly(el, ATTEMPTS[0]!)} ${e.strictly(el, ATTEMPTS[1]!)} ${isUnlikelyCandidate(el)}`
    );
  });
}

test('remembered exclusion answers are the answers asked afresh, asked once or again', () => {
  const els = elementsOf(parseHtml(HTML));
  // Asked without the memo first (attribs built by the answers' labels, read afresh after).
  const fresh = answers(elementsOf(parseHtml(HTML)));
  const ex = new Exclusions();
  const remembered = [answers(els, ex), answers(els, ex), answers([...els].reverse(), ex).reverse()];
  assert.deepEqual(remembered[0], fresh);
  assert.deepEqual(remembered[1], fresh);
  assert.deepEqual(remembered[2], fresh);
  // The fixture reaches both answers of both tests.
  assert.ok(fresh.some((a) => / true \S+ \S+ \S+$/.test(a)) && fresh.some((a) => / false true \S+ \S+$/.test(a)));
  assert.ok(
    fresh.some((a) => a.startsWith('div.site-popup# true')) &&
      fresh.some((a) => a.startsWith('div.popups-list# false')),
  );
});

test("another document's element at the same place, and a tree not made by parseHtml, are judged for themselves", () => {
  const a = elementsOf(parseHtml(HTML));
  const b = elementsOf(parseHtml(HTML.replace('cookie-banner', 'garden-banner').replace('wp-caption-text', 'plain')));
  const plain = elementsOf(parseDocument(HTML.replace('site-popup', 'site')));
  const freshB = answers(
    elementsOf(parseHtml(HTML.replace('cookie-banner', 'garden-banner').replace('wp-caption-text', 'plain'))),
  );
  const freshPlain = answers(elementsOf(parseDocument(HTML.replace('site-popup', 'site'))));
  const ex = new Exclusions();
  answers(a, ex);
  assert.deepEqual(answers(b, ex), freshB);
  assert.deepEqual(answers(plain, ex), freshPlain);
  assert.notDeepEqual(freshB, answers(a));
});
