import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { Exclusions } from '../../../../../src/extract/content/exclude/exclusions.js';
import type { AttemptFlags } from '../../../../../src/extract/content/select/attempt-flags.js';

const alwaysExcluded = (el: Element): boolean => new Exclusions().always(el);
const strictlyExcluded = (el: Element, flags: AttemptFlags): boolean => new Exclusions().strictly(el, flags);
import { ATTEMPTS } from '../../../../../src/extract/content/select/attempt-flags.js';
import { visitElements } from '../../../../../src/extract/dom/walk.js';
import { attribute } from '../../../../../src/parse/nodes.js';
import { classWeight } from '../../../../../src/extract/dom/patterns.js';

function byClass(html: string, cls: string): Element {
  let found: Element | null = null;
  visitElements(parseHtml(html), (el) => {
    if (!found && attribute(el, 'class') === cls) found = el;
    return undefined;
  });
  assert.ok(found, cls);
  return found;
}

test('a picture caption is left out; a "caption" holding a heading is a card text block', () => {
  const strict = ATTEMPTS[0]!;
  const photo = byClass(
    '<figure><img src="/a.jpg"><div class="wp-caption-text">The pond at dusk. Photo: A. Smith</div></figure>',
    'wp-caption-text',
  );
  assert.equal(strictlyExcluded(photo, strict), true);
  const card = byClass(
    '<ul class="products"><li class="product"><div class="product-caption"><h3><a href="/p/bag">Canvas gear bag</a>' +
      '</h3><div class="short-description">A roomy bag for straps and gloves.</div><span class="price">$21.00' +
      '</span></div></li></ul>',
    'product-caption',
  );
  assert.equal(strictlyExcluded(card, strict), false);
});

test('a "cmp-container" is a consent wall only when its text speaks of cookies and consent', () => {
  const section = byClass(
    '<div class="root cmp-container"><h2>Hire accounting talent quickly</h2><p>' +
      'Our recruiters match you with the best-available candidates, often within 48 hours, through 300 locations.' +
      '</p></div>',
    'root cmp-container',
  );
  assert.equal(alwaysExcluded(section), false);
  const wall = byClass(
    '<div class="cmp-container"><p>We use cookies. With your consent, we and our vendors use cookies for tracking ' +
      'and ads. You can opt out or withdraw consent at any time.</p></div>',
    'cmp-container',
  );
  assert.equal(alwaysExcluded(wall), true);
});

test('utility classes that clip or scroll a box carry no boilerplate weight; "hidden" still does', () => {
  const clipped = byClass(
    '<section class="relative bg-white overflow-hidden"><h2>Storage</h2><p>Fast local disks.</p></section>',
    'relative bg-white overflow-hidden',
  );
  assert.equal(classWeight(clipped), 0);
  const scrolled = byClass('<div class="overflow-y-scroll"><p>Long table</p></div>', 'overflow-y-scroll');
  assert.equal(classWeight(scrolled), 0);
  const hidden = byClass('<div class="promo-hidden"><p>x</p></div>', 'promo-hidden');
  assert.equal(classWeight(hidden), -25);
});

test('a <noscript> holding nearly all of its container is the page read without scripts, beside a loading notice', () => {
  const post =
    '<div class="post"><p>I have been running the server for a year and the backups now take hours; what do others ' +
    'do to keep them short?</p></div>';
  const reply =
    '<div class="post"><p>Incremental snapshots: only the changed blocks are copied, so a nightly run takes ' +
    'minutes rather than hours.</p></div>';
  const thread =
    `<main class="app"><div class="loading">Loading the forum…</div><a href="/login">Sign in to reply` +
    `</a><noscript class="thread">${(post + reply).repeat(4)}</noscript></main>`;
  assert.equal(alwaysExcluded(byClass(thread, 'thread')), false);
  // A short "enable JavaScript" note, or a copy beside as much rendered text, stays out.
  assert.equal(
    alwaysExcluded(
      byClass('<main><noscript class="note">You need to enable JavaScript to run this app.</noscript></main>', 'note'),
    ),
    true,
  );
  const rendered = `<main>${post}${reply}<noscript class="copy">${post}${reply}</noscript></main>`;
  assert.equal(alwaysExcluded(byClass(rendered, 'copy')), true);
});

test("a forum member's signature under a post is left out in strict passes; the post is not", () => {
  const strict = ATTEMPTS[0]!;
  const html =
    '<div class="postbody"><div class="content">Incremental snapshots copy only the changed blocks.</div>' +
    '<div class="signature">Running Arch since 2009. Opinions are my own.</div></div>';
  assert.equal(strictlyExcluded(byClass(html, 'signature'), strict), true);
  assert.equal(strictlyExcluded(byClass(html, 'content'), strict), false);
  assert.equal(
    strictlyExcluded(
      byClass('<div class="message-signature"><p>My rig: 7800X3D</p></div>', 'message-signature'),
      strict,
    ),
    true,
  );
});

test("a page builder's pop-up box outside the main content is an overlay, left out in every pass", () => {
  const offer =
    '<p>Get a free review of your resume from our coaches, with notes on layout, wording, and the keywords ' +
    'recruiters search for.</p>';
  const page =
    `<body><div class="site"><section class="pricing"><h2>Plans</h2>${offer.repeat(6)}</section></div>` +
    `<div class="elementor elementor-location-popup">${offer}</div></body>`;
  assert.equal(alwaysExcluded(byClass(page, 'elementor elementor-location-popup')), true);
  // Inside <main> it is a sheet of the content; and the page's section is no pop-up.
  const inMain = `<body><main><div class="modal">${offer}</div>${offer.repeat(3)}</main></body>`;
  assert.equal(alwaysExcluded(byClass(inMain, 'modal')), false);
  assert.equal(alwaysExcluded(byClass(page, 'pricing')), false);
});

test('a collapsed ARIA accordion panel (role=region labelled by its header) is read; other hidden boxes are not', () => {
  const page =
    `<div class="acc"><a id="h0" role="button" aria-controls="p0"><span role="heading" aria-level="3">` +
    `1. Understand your bill</span></a>
<div id="p0" class="panel-body" role="region" aria-labelledby="h0" style="display:none;"><p>` +
    `Look for your annual kilowatt hours on the bill.</p></div>
<div class="note-box" style="display:none;"><p>Thanks for subscribing!</p></div></div>`;
  assert.equal(alwaysExcluded(byClass(page, 'panel-body')), false);
  assert.equal(alwaysExcluded(byClass(page, 'note-box')), true);
});
