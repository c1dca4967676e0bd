// A cleaner's title line is not printed twice. clean_web_content's title is the headline as
// printed, which may be an <h1> that says more than the declared title; clean_web_index's is the
// declared title, which may not be the one its extraction read. With the title line, the answer
// reads it once, not again as the content's first line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { cleanDocument } from '../../../../src/workers/clean-document.js';
import { cleanPage } from '../../../support/clean-page.js';
import type { OutputFormat } from '../../../../src/render/render.js';

const PARAGRAPH =
  '<p>The cafe serves creme brulee every day of the week to the visitors who come and stay for long hours.</p>';

function clean(title: string, h1: string, format: OutputFormat = 'text', includeTitle = true, explain = false) {
  const body = `<article><h1>${h1}</h1>${PARAGRAPH}${PARAGRAPH}</article>`;
  const html = `<html><head><title>${title}</title></head><body>${body}</body></html>`;
  const result = cleanDocument(parseHtml(html), {
    finalUrl: 'https://cafe.example.com/menu/creme',
    profile: 'content',
    format,
    includeTitle,
    maxChars: 100_000,
    explain,
  });
  assert.ok(result.ok);
  return result;
}

const count = (text: string, part: string) => text.split(part).length - 1;

/** A cleaner's answer in text, with the title line, for a whole page. */
const cleanHtml = (html: string, profile: 'content' | 'index') =>
  cleanPage(html, 'https://cafe.example.com/menu/creme', { profile, format: 'text', includeTitle: true });

describe('the headline in clean_web_content', () => {
  it('is read once when the printed <h1> says more than the declared title', () => {
    for (const format of ['text', 'markdown'] as const) {
      const result = clean('Cafe creme', 'Cafe creme, the best in town', format);
      assert.equal(result.title, 'Cafe creme, the best in town');
      assert.equal(count(result.content, 'Cafe creme, the best in town'), 1, format);
      assert.match(result.content, /^(?:# )?Cafe creme, the best in town\n+The cafe serves/);
    }
  });
  it('is read once when the declared title and the printed one write their quotation marks apart', () => {
    // clean_web_index's title is the declared one.
    const html =
      "<html><head><title>What's the best cafe creme?</title></head><body><article>" +
      `<h1>What\u2019s the best cafe creme?</h1>${PARAGRAPH}${PARAGRAPH}</article></body></html>`;
    const result = cleanHtml(html, 'index');
    assert.equal(result.title, "What's the best cafe creme?");
    assert.equal(count(result.content, 's the best cafe creme?'), 1, result.content);
  });
  it('is printed without soft hyphens, as the text under it is, and so read once', () => {
    for (const profile of ['content', 'index'] as const) {
      const h1 = 'Mes&shy;sen&shy;ger&shy;dienste sind kein rechts&shy;freier Raum';
      const html =
        `<html><head><title>${h1}</title></head><body><article><h1>${h1}</h1>${PARAGRAPH}${PARAGRAPH}` +
        '</article></body></html>';
      const result = cleanHtml(html, profile);
      assert.equal(result.title, 'Messengerdienste sind kein rechtsfreier Raum', profile);
      assert.match(result.content, /^Messengerdienste sind kein rechtsfreier Raum\nThe cafe serves/, profile);
    }
  });
  it("stays the content's first line without include_title, the one place the answer prints it", () => {
    const result = clean('Cafe creme', 'Cafe creme, the best in town', 'text', false);
    assert.equal(count(result.content, 'Cafe creme, the best in town'), 1);
    assert.match(result.content, /^Cafe creme, the best in town\nThe cafe serves/);
  });
  it('says in explain that the heading was left out, and why', () => {
    const result = clean('Cafe creme', 'Cafe creme, the best in town', 'text', true, true);
    const dropped = result.explain?.dropped.filter((d) => d.text === 'Cafe creme, the best in town');
    assert.deepEqual(
      dropped?.map((d) => [d.rule, d.stage]),
      [['headline under the title line', 'block']],
    );
  });
  it('is read once in clean_web_index too, whose title is the declared one (twitter:title over <title>)', () => {
    const links =
      '<ul><li><a href="/a">The first story of the week</a></li><li><a href="/b">A second story</a></li></ul>';
    const html =
      '<html><head><title>Stories | Example News</title><meta name="twitter:title" content="Stories of the week">' +
      `</head><body><main><h1>Stories of the week</h1>${links}</main></body></html>`;
    const result = cleanHtml(html, 'index');
    assert.equal(result.title, 'Stories of the week');
    assert.equal(count(result.content, 'Stories of the week'), 1);
  });
  it('is read once when the page prints it twice (in its header and atop its body), or as its first line', () => {
    const head = '<header><h1>Porting a parser to Swift</h1><p class="meta">15 min read</p></header>';
    for (const opening of ['<h1>Porting a parser to Swift</h1>', '<p>Porting a parser to Swift</p>']) {
      const html =
        '<html><head><title>Porting a parser to Swift</title></head><body><main><article>' +
        `${head}<div class="article_body">${opening}${PARAGRAPH}${PARAGRAPH}</div></article></main></body></html>`;
      for (const format of ['text', 'markdown'] as const) {
        const result = cleanDocument(parseHtml(html), {
          finalUrl: 'https://blog.example.com/swift',
          profile: 'content',
          format,
          includeTitle: true,
          maxChars: 100_000,
        });
        assert.ok(result.ok);
        assert.equal(count(result.content, 'Porting a parser to Swift'), 1, `${format}: ${result.content}`);
      }
    }
  });
  it('keeps an <h1> that is not the headline as content', () => {
    const result = clean('Opening hours and prices', 'A short history of the house');
    assert.equal(result.title, 'Opening hours and prices');
    assert.equal(count(result.content, 'A short history of the house'), 1);
  });
});
