import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCascade, type Extractor } from '../../../src/extract/cascade.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { extractIndex } from '../../../src/extract/index-page.js';
import { hasRealText } from '../../../src/extract/real-text.js';
import type { Block } from '../../../src/extract/blocks.js';
import { parseHtml } from '../../../src/parse/parse-html.js';

const EXTRACTORS = { content: extractContent, index: extractIndex };
const URL_ = 'https://site.example/page';

const ARTICLE =
  `<html><head><title>Article</title></head><body><nav><a href="/">Home</a></nav><article><h1>Article` +
  `</h1>
  ` +
  `${(
    '<p>This is a paragraph of a real article, with enough words and commas, ' +
    'to be found as the main content of the page.</p>'
  ).repeat(4)}
  </article></body></html>`;
const LINK_LIST = `<html><head><title>Links</title></head><body><ul>
  <li><a href="https://a.example/">First portal of open data</a></li><li><a href="https://b.example/">Second portal of open data</a></li>
  <li><a href="https://c.example/">Third portal of open data</a></li></ul></body></html>`;
const OVERLAY =
  `<html><head><title>Photo</title></head><body><div class="modal" role="dialog" aria-modal="true">
  ` +
  `${(
    '<p>The photographer waited two evenings at the pond, ' +
    'and describes the heron, the light and the settings used.</p>'
  ).repeat(3)}
  </div></body></html>`;
const SHELL = '<html><head><title>App</title></head><body><div id="root"></div></body></html>';

test('the requested profile answers when it finds text: no fallback', () => {
  const r = runCascade({ doc: parseHtml(ARTICLE), finalUrl: URL_, requested: 'content', extractors: EXTRACTORS });
  assert.ok(r.ok);
  assert.equal(r.profile, 'content');
  assert.equal(r.fallbackUsed, false);
  assert.equal(r.attempts.length, 1);
});

test('content finds no article on a link list: index is tried once and used', () => {
  const r = runCascade({
    doc: parseHtml(LINK_LIST),
    finalUrl: URL_,
    requested: 'content',
    extractors: EXTRACTORS,
    reparse: () => parseHtml(LINK_LIST),
  });
  assert.ok(r.ok);
  assert.equal(r.profile, 'index');
  assert.equal(r.fallbackUsed, true);
  assert.deepEqual(
    r.attempts.map((a) => [a.profile, a.extraction === null]),
    [
      ['content', true],
      ['index', false],
    ],
  );
});

test('index finds nothing outside an overlay: content is tried once and used', () => {
  const r = runCascade({ doc: parseHtml(OVERLAY), finalUrl: URL_, requested: 'index', extractors: EXTRACTORS });
  assert.ok(r.ok);
  assert.equal(r.profile, 'content');
  assert.equal(r.fallbackUsed, true);
});

test('neither profile finding text fails after exactly two attempts', () => {
  for (const requested of ['content', 'index'] as const) {
    const r = runCascade({ doc: parseHtml(SHELL), finalUrl: URL_, requested, extractors: EXTRACTORS });
    assert.equal(r.ok, false);
    assert.deepEqual(
      r.attempts.map((a) => a.profile),
      [requested, requested === 'content' ? 'index' : 'content'],
    );
  }
});

test('the second attempt gets a fresh tree when a reparse is given', () => {
  let reparsed = 0;
  const seen: unknown[] = [];
  const record: Extractor = (doc) => {
    seen.push(doc);
    return null;
  };
  const first = parseHtml(SHELL);
  runCascade({
    doc: first,
    finalUrl: URL_,
    requested: 'content',
    extractors: { content: record, index: record },
    reparse: () => (reparsed++, parseHtml(SHELL)),
  });
  assert.equal(reparsed, 1);
  assert.equal(seen[0], first);
  assert.notEqual(seen[1], first);
});

test('an extraction without a line of real text counts as no main content', () => {
  const loading: Extractor = () => ({
    title: 'App',
    blocks: [{ type: 'paragraph', children: [{ type: 'text', text: 'Loading…' }] }],
  });
  const r = runCascade({
    doc: parseHtml(LINK_LIST),
    finalUrl: URL_,
    requested: 'content',
    extractors: { content: loading, index: extractIndex },
  });
  assert.ok(r.ok);
  assert.equal(r.profile, 'index');
});

test('real text: a line with a few words, in any script; not a label, not code alone', () => {
  const para = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
  assert.equal(hasRealText([para('Loading…')]), false);
  assert.equal(hasRealText([para('Sign in')]), false);
  assert.equal(hasRealText([{ type: 'code', language: null, text: 'const a = 1; const b = 2; const c = 3;' }]), false);
  assert.equal(hasRealText([para('The ferry terminal reopened today.')]), true);
  assert.equal(hasRealText([para('梅雨の時期は洗濯物がなかなか乾きません。')]), true);
  assert.equal(
    hasRealText([
      { type: 'list', ordered: false, start: null, items: [{ children: [para('A list item with several words')] }] },
    ]),
    true,
  );
});
