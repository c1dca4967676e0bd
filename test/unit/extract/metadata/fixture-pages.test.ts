// Every test/fixtures/pages/meta-*/ page: source.html (raw bytes, in the charset its
// request.json headers declare) + request.json (final URL, response headers) must give
// exactly expected-metadata.json.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../../src/extract/metadata/index.js';
import { decodeFixture, loadMetaFixtures } from './fixture-files.js';

describe('metadata fixtures', () => {
  const fixtures = loadMetaFixtures();
  it('has at least 25 metadata fixture pages', () => {
    assert.ok(fixtures.length >= 25, `only ${fixtures.length} fixtures`);
  });
  for (const f of fixtures) {
    it(f.slug, () => {
      const actual = extractMetadata(parseHtml(decodeFixture(f)), f.finalUrl, f.headers);
      assert.deepEqual(JSON.parse(JSON.stringify(actual)), f.expected);
    });
  }
});
