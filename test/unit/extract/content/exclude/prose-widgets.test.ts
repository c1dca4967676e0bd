import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { isProseWidget } from '../../../../../src/extract/content/exclude/prose-widgets.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';
import type { Element } from 'domhandler';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://plants.example/guide/low-light-plants');

const P1 =
  'Who needs flowers when leaves offer a dramatic sculptural effect? Typically vertical and sometimes twisted, the ' +
  'foliage creates a focal point indoors.';
const P2 =
  'Plants grow two to four feet tall and wide with arching stems of super shiny leaves; water thoroughly once or ' +
  'twice a month in winter and let the soil dry.';
const P3 =
  'Placed on a plant stand, on a shelf or over a cabinet, many arching stems with little plantlets cascade down ' +
  'from the pot and eventually sprout roots.';
const INTRO =
  'As the year begins our indoor spaces can seem dark, especially on overcast days, but several indoor plants can ' +
  'spotlight a drab corner with intriguing foliage.';

test('an editor\'s "widget" block of several prose paragraphs is the article\'s text', () => {
  const html =
    `<html><body><main><article><h1>Low-light plants</h1><p>${INTRO}</p>
<div class="ck-widget bs_grid"><div class="col"><h6>Snake Plant</h6><p>${P1}</p></div><div class="col"><h6>ZZ Plant` +
    `</h6><p>${P2}</p></div><div class="col"><h6>Spider Plant</h6><p>${P3}</p></div></div>
<p>${INTRO}</p></article>
<div class="widget recent-posts"><h3>Recent posts</h3><ul><li><a href="/a">Ferns for shade</a></li><li>` +
    `<a href="/b">Orchids at home</a></li></ul></div>
<div class="text-widget"><p>${P1.replace('flowers', 'roses')} <a href="/about">` +
    `About us and our team of gardeners, who write every guide on this site</a></p></div>
</main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Who needs flowers when leaves'), text);
  assert.ok(text.includes('little plantlets cascade'), text);
  // A widget of links, or of one paragraph, is still furniture.
  assert.ok(!text.includes('Ferns for shade'), text);
  assert.ok(!text.includes('Who needs roses'), text);
});

test('a posts widget (teasers as <article>s with their excerpts) is not prose; a widget named for something else too', () => {
  const teaser = (n: number): string =>
    `<article class="post-teaser"><h3><a href="/post-${n}">Post ${n}</a></h3><p>${P2} (${n})</p></article>`;
  const widget = (cls: string, inner: string): Element => {
    const doc = parseHtml(`<html><body><div class="${cls}">${inner}</div></body></html>`);
    return findElement(doc, (el) => el.name === 'div')!;
  };
  assert.equal(isProseWidget(widget('posts-widget', teaser(1) + teaser(2) + teaser(3))), false);
  assert.equal(isProseWidget(widget('posts-widget', `<p>${P1}</p><p>${P2}</p><p>${P3}</p>`)), true);
  // Another unlikely word beside "widget" keeps the box out ("related" posts, a "sidebar").
  assert.equal(isProseWidget(widget('widget-area', `<p>${P1}</p><p>${P2}</p><p>${P3}</p>`)), false);
  assert.equal(isProseWidget(widget('sidebar-widget', `<p>${P1}</p><p>${P2}</p><p>${P3}</p>`)), false);
  // Paragraphs that are mostly links are teasers.
  const linked = `<p><a href="/x">${P1}</a></p>`;
  assert.equal(isProseWidget(widget('text-widget', linked + linked + `<p>${P3}</p>`)), false);
});
