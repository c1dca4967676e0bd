// Whether a heading's links all point into the page, added up once bottom-up (heading-links.ts):
// every element reads what the walk pruning made before reads (its subtree's links, not the links
// inside links; a fragment naming a box around the heading is a permalink, not in-page), on
// nested headings, links inside links, headings inside links, ids repeated and named from
// above and below, whichever element is asked first, on a tree parseHtml made and on one it did
// not (no document index).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import type { Element, ParentNode } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { HeadingLinks } from '../../../../../src/extract/content/prune/heading-links.js';
import { isPlainTag, visitElements } from '../../../../../src/extract/dom/walk.js';
import { seededRandom } from '../../../../support/seeded-random.js';

/** The walk prune.ts made per heading before (the oracle). */
function walked(el: Element): boolean {
  let any = false;
  let out = false;
  visitElements(el, (d) => {
    if (d.name !== 'a') return !out;
    const href = d.attribs['href'];
    if (href === undefined) return false;
    const h = href.trim();
    if (h.startsWith('#') && !namesAncestor(el, h.slice(1))) any = true;
    else out = true;
    return false;
  });
  return any && !out;
}

function namesAncestor(el: Element, id: string): boolean {
  if (id === '') return false;
  for (let p = el.parent; p && isPlainTag(p); p = p.parent) if (p.attribs['id'] === id) return true;
  return false;
}

/** Boxes and headings nested at random, ids from a few names (repeated), links to those names,
 *  to other pages, to "#", with spaces, without an href. */
function page(seed: number): string {
  const r = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const ids = ['top', 'post-1', 'part', 'x'];
  const hrefs = ['#top', '#post-1', ' #part ', '#x', '#', '#nowhere', '/page', 'https://a.test/#top', null];
  const box = (depth: number): string => {
    const parts: string[] = [];
    const n = 1 + Math.floor(r() * 3);
    for (let k = 0; k < n; k++) {
      const x = r();
      const id = r() < 0.4 ? ` id="${pick(ids)}"` : '';
      if (x < 0.35) {
        const href = pick(hrefs);
        const inner = depth < 6 && r() < 0.3 ? box(depth + 1) : 'link';
        parts.push(`<a${href === null ? '' : ` href="${href}"`}${id}>${inner}</a>`);
      } else if (x < 0.45) parts.push('words');
      else if (depth < 6) {
        const tag = pick(['div', 'span', 'h2', 'h3', 'section', 'b']);
        // Headings nest only inside another element (a heading right in a heading closes it).
        const inner = tag.startsWith('h') ? `<span>${box(depth + 1)}</span>` : box(depth + 1);
        parts.push(`<${tag}${id}>${inner}</${tag}>`);
      }
    }
    return parts.join('');
  };
  return `<html><body><div id="top">${box(0)}</div><div id="post-1"><h2>${box(0)}</h2></div></body></html>`;
}

const PARSERS: Array<[string, (html: string) => ParentNode]> = [
  ['parseHtml', parseHtml],
  ['a tree without document indexes', (html) => parseDocument(html)],
];

function elements(root: ParentNode): Element[] {
  const out: Element[] = [];
  visitElements(root, (el) => void out.push(el));
  return out;
}

for (const [name, parse] of PARSERS)
  test(`heading links: every element reads what a walk of it reads, either order, 300 built pages (${name})`, () => {
    let within = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const html = page(seed);
      for (const reverse of [false, true]) {
        const doc = parse(html);
        const links = new HeadingLinks();
        const all = elements(doc);
        if (reverse) all.reverse();
        for (const el of all) {
          const expected = walked(el);
          if (expected) within++;
          assert.equal(links.allWithinPage(el), expected, `seed ${seed}, <${el.name}>`);
        }
      }
    }
    assert.ok(within > 200, `only ${within} elements with links all within the page`);
  });

test('heading links: a fragment naming a box around the heading is a permalink; one below it is in-page', () => {
  const html =
    '<html><body><div id="post-7"><h2 id="title"><a href="#post-7">Re: the thread</a></h2>' +
    '<h3><a href="#title">Back to the title</a></h3><h3><span id="here"><a href="#here">Here</a></span></h3>' +
    '<h3><a href="#">Top</a> <a href="/other">Other page</a></h3></div></body></html>';
  for (const [, parse] of PARSERS) {
    const doc = parse(html);
    const links = new HeadingLinks();
    const answers = elements(doc)
      .filter((el) => /^h\d$/.test(el.name))
      .map((h) => links.allWithinPage(h));
    assert.deepEqual(answers, [false, true, true, false]);
  }
});

test('heading links: 120 nested headings over one in-page link each read what a walk reads', () => {
  const chain = '<h2><a href="#top"></a><span id="s">'.repeat(120) + '<a href="#s">Up</a>' + '</span></h2>'.repeat(120);
  for (const [, parse] of PARSERS) {
    const doc = parse(`<html><body><div id="top">${chain}</div></body></html>`);
    const links = new HeadingLinks();
    const headings = elements(doc).filter((el) => el.name === 'h2');
    assert.equal(headings.length, 120);
    for (const h of headings) assert.equal(links.allWithinPage(h), walked(h));
  }
});
