// Every test/fixtures/pages/meta-*/ page: source.html (raw bytes, in the charset its
// request.json headers declare) + request.json (final URL, response headers) must give
// exactly expected-metadata.json.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';
import { decodeBody } from '../../../src/fetch/decode.js';

// dist/test/unit/extract -> the source tree's test/fixtures/pages
const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.resolve(here, '../../../../test/fixtures/pages');

export interface MetaFixture {
  slug: string;
  bytes: Buffer;
  finalUrl: string;
  headers: Record<string, string>;
  expected: unknown;
}

export function loadMetaFixtures(): MetaFixture[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((d) => d.startsWith('meta-'))
    .sort()
    .map((slug) => {
      const dir = path.join(FIXTURES, slug);
      const req = JSON.parse(fs.readFileSync(path.join(dir, 'request.json'), 'utf8')) as { final_url: string; headers: Record<string, string> };
      return {
        slug,
        bytes: fs.readFileSync(path.join(dir, 'source.html')),
        finalUrl: req.final_url,
        headers: req.headers,
        expected: JSON.parse(fs.readFileSync(path.join(dir, 'expected-metadata.json'), 'utf8')),
      };
    });
}

/** Bytes -> text exactly as the fetcher decodes a response (header charset, BOM, <meta> prescan). */
export function decodeFixture(f: MetaFixture): string {
  return decodeBody(f.bytes, f.headers['content-type'] ?? null).text ?? '';
}

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
