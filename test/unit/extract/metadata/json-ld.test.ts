// JSON-LD as metadata reads it: references between nodes, and hostile JSON-LD never breaking the result.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../../src/extract/metadata/index.js';
import { meta, ld } from './pages.js';

describe('JSON-LD: partial nodes completed from the node of the same @id', () => {
  it('reads an author given as {@type, @id, url} from the full Person node in @graph', () => {
    const html = ld({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Article',
          headline: 'Story',
          author: {
            '@type': 'Person',
            '@id': 'https://news.example.com/#/person/1',
            url: 'https://news.example.com/author/jane',
          },
        },
        { '@type': 'Person', '@id': 'https://news.example.com/#/person/1', name: 'Jane Doe' },
      ],
    });
    assert.equal(meta(html, 'https://news.example.com/2024/story').author, 'Jane Doe');
  });
  it('prefers the node of an @id that has a name over an earlier partial copy', () => {
    const html = ld({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Person', '@id': '#p', url: 'https://news.example.com/author/jane' },
        { '@type': 'Article', author: { '@id': '#p' } },
        { '@type': 'Person', '@id': '#p', name: 'Jane Doe' },
      ],
    });
    assert.equal(meta(html, 'https://news.example.com/2024/story').author, 'Jane Doe');
  });
  it("reads a WebPage's primaryImageOfPage reference as the image", () => {
    const html = ld({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'WebPage',
          '@id': 'https://news.example.com/2024/story',
          primaryImageOfPage: { '@id': '#primaryimage' },
        },
        { '@type': 'ImageObject', '@id': '#primaryimage', url: 'https://cdn.example.com/lead.jpg', width: 1200 },
      ],
    });
    assert.equal(meta(html, 'https://news.example.com/2024/story').image, 'https://cdn.example.com/lead.jpg');
  });
});

describe('hostile JSON-LD never breaks the result', () => {
  const extract = (ld: string, head = '<title>Kept</title>') =>
    extractMetadata(
      parseHtml(`<html><head>${head}<script type="application/ld+json">${ld}</script></head></html>`),
      'https://h.example/p',
    );
  it('follows @id references without looping on cycles', () => {
    const m = extract(
      '{"@graph":[{"@type":"Article","@id":"#a","headline":"Cyclic","image":{"@id":"#a"},"author":{"@id":"#b"}},' +
        '{"@id":"#b","name":{"@id":"#b"},"url":{"@id":"#b"}}]}',
      '',
    );
    assert.equal(m.title, 'Cyclic');
    assert.equal(m.image, null);
    assert.equal(m.author, null);
  });
  it('survives deep nesting, wrong types and huge arrays', () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    assert.equal(extract(deep).title, 'Kept');
    assert.equal(
      extract('{"@type":"Article","headline":42,"author":[null,true,{"name":["Ann"]}],"datePublished":{"x":1}}', '')
        .title,
      '42',
    );
    const many = JSON.stringify(Array.from({ length: 20000 }, (_, i) => ({ '@type': 'Thing', name: `n${i}` })));
    assert.equal(extract(many).title, 'Kept');
  });
  it('ignores non-JSON-LD scripts', () => {
    const m = extractMetadata(
      parseHtml('<script type="application/json">{"headline":"No"}</script><title>Yes</title>'),
      'https://h.example/',
    );
    assert.equal(m.title, 'Yes');
  });
});
