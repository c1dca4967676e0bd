// The one JSON-LD reader: broken scripts as pages really write them still give their nodes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonLdScript, readJsonLd, types } from '../../../../src/extract/page/json-ld.js';

describe('JSON-LD reader', () => {
  it('reads a script wrapped in an HTML comment or CDATA, with a trailing semicolon', () => {
    assert.deepEqual(parseJsonLdScript('<!-- {"@type":"Article","headline":"A"} -->'), {
      '@type': 'Article',
      headline: 'A',
    });
    assert.deepEqual(parseJsonLdScript('//<![CDATA[\n{"headline":"B"}\n//]]>'), { headline: 'B' });
    assert.deepEqual(parseJsonLdScript('{"headline":"C"};  '), { headline: 'C' });
  });
  it('reads raw control characters in strings and trailing commas', () => {
    assert.deepEqual(parseJsonLdScript('{"headline":"Line\none","tags":["a","b",],}'), {
      headline: 'Line one',
      tags: ['a', 'b'],
    });
  });
  it('reads several objects written one after the other as a list', () => {
    assert.deepEqual(parseJsonLdScript('{"@type":"Article"}\n{"@type":"Organization"}'), [
      { '@type': 'Article' },
      { '@type': 'Organization' },
    ]);
  });
  it('gives nothing for a script that is not JSON, without throwing', () => {
    assert.equal(parseJsonLdScript('Musik und Sport: So steigern Songs deine Leistung'), undefined);
    assert.equal(parseJsonLdScript(''), undefined);
  });
  it('flattens @graph and mainEntity, article-like nodes first, and indexes @id', () => {
    const ld = readJsonLd([
      JSON.stringify({
        '@graph': [
          { '@type': 'WebSite', '@id': '#site', name: 'Site' },
          { '@type': 'WebPage', mainEntity: { '@type': 'NewsArticle', headline: 'H' } },
        ],
      }),
      'not json',
    ]);
    assert.deepEqual(
      ld.nodes.map((n) => types(n)[0]),
      ['NewsArticle', 'WebPage', 'WebSite'],
    );
    assert.equal(ld.byId.get('#site')?.name, 'Site');
  });
  it('bounds the walk: a deep or huge structure yields at most 500 nodes', () => {
    const many = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ '@type': 'Thing', name: `n${i}` })));
    assert.equal(readJsonLd([many]).nodes.length, 500);
    let deep = '{"name":"leaf"}';
    for (let i = 0; i < 10_000; i++) deep = `[${deep}]`;
    assert.equal(readJsonLd([deep]).nodes.length, 0);
  });
});
