// Undeclared pages of many titled sections read whole; links out of both the reading and the tab order read as
// shown (issue 13).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { isHiddenByMarkup } from '../../../../../src/extract/dom/visibility.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';
import { isPlainTag } from '../../../../../src/extract/dom/walk.js';

function contentText(html: string, url = 'https://news.example/topic/gardens'): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

function byId(html: string, id: string): Element {
  const find = (n: { children?: unknown[] }): Element | undefined => {
    for (const c of (n.children ?? []) as Array<Element & { children?: unknown[] }>) {
      if (isPlainTag(c) && c.attribs?.['id'] === id) return c;
      const f = find(c);
      if (f) return f;
    }
    return undefined;
  };
  const el = find(parseHtml(html));
  assert.ok(el, id);
  return el;
}

test('a link out of the reading order and the tab order (aria-hidden + tabindex=-1) is shown; other aria-hidden text is not', () => {
  const html =
    `<p><a id="dup" href="/a" aria-hidden="true" tabindex="-1">Excerpt of the story</a>
<a id="plain" href="/b" aria-hidden="true">Hidden link</a><span id="span" aria-hidden="true" tabindex="-1">` +
    `Icon text</span></p>`;
  assert.equal(isHiddenByMarkup(byId(html, 'dup')), false);
  assert.equal(isHiddenByMarkup(byId(html, 'plain')), true);
  assert.equal(isHiddenByMarkup(byId(html, 'span')), true);
});

test('a news river keeps the excerpts that repeat their headline link out of the reading order', () => {
  const item = (i: number): string =>
    `<article class="river-article"><header><h2><a href="/story-${i}">` +
    `Headline number ${i} about the garden show</a></h2>
<p class="river-desc"><a href="/story-${i}" aria-hidden="true" tabindex="-1">` +
    `Excerpt ${i}: the garden show opened with new roses, long borders and a crowd of visitors from far away.</a>` +
    `</p></header></article>`;
  const html =
    `<html><head><title>Gardens</title></head><body><nav><a href="/">Home</a></nav>
<main><h1>Gardens</h1>${Array.from({ length: 8 }, (_, i) => item(i + 1)).join('\n')}</main><footer>Footer text` +
    `</footer></body></html>`;
  const text = contentText(html);
  assert.match(text, /Excerpt 3: the garden show/);
});

const sentence = (topic: string, i: number): string =>
  `Sentence ${i} about ${topic}, written out with enough words, commas, and detail to read as prose.`;
const prose = (topic: string, n: number): string =>
  Array.from({ length: n }, (_, i) => sentence(topic, i + 1)).join(' ');

test('an undeclared page of many titled sections, where one long block was chosen, is read whole', () => {
  const section = (name: string): string => `<div class="block"><h2>${name}</h2><p>${prose(name, 1)}</p></div>`;
  const names = ['Lawn mowing', 'Hedge trimming', 'Tree planting', 'Leaf clearing', 'Pond care', 'Paving', 'Fencing'];
  const html = `<html><head><title>Garden services</title></head><body>
<header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<div class="page"><div class="intro"><p>${prose('our garden care', 30)}</p></div>
${names.map(section).join('\n')}</div>
<footer><p>Copyright Garden Example</p></footer></body></html>`;
  const text = contentText(html, 'https://garden.example/services');
  assert.match(text, /Sentence 30 about our garden care/);
  for (const name of names) assert.match(text, new RegExp(`Sentence 1 about ${name}`), name);
  assert.doesNotMatch(text, /Copyright/);
});

test('a news story beside linked teaser headings stays the story', () => {
  const teaser = (i: number): string =>
    `<div class="teaser"><h3><a href="/news/${i}">Other story number ${i} from the region</a></h3><p>` +
    `${sentence(`teaser ${i}`, 1)}</p></div>`;
  const html = `<html><head><title>Council votes on the bridge</title></head><body>
<div class="page"><div class="story"><h1>Council votes on the bridge</h1><p>${prose('the bridge vote', 30)}</p></div>
<div class="more">${Array.from({ length: 8 }, (_, i) => teaser(i + 1)).join('\n')}</div></div></body></html>`;
  const text = contentText(html, 'https://news.example/bridge');
  assert.match(text, /Sentence 30 about the bridge vote/);
  assert.doesNotMatch(text, /teaser 3/);
});
