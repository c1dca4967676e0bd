// Loading the meta-* fixture pages (shared by the fixture test and the loopback site).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBody } from '../../../../src/fetch/decode.js';

// dist/test/unit/extract/metadata -> the source tree's test/fixtures/pages
const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.resolve(here, '../../../../../test/fixtures/pages');

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
      const req = JSON.parse(fs.readFileSync(path.join(dir, 'request.json'), 'utf8')) as {
        final_url: string;
        headers: Record<string, string>;
      };
      return {
        slug,
        bytes: fs.readFileSync(path.join(dir, 'source.html')),
        finalUrl: req.final_url,
        headers: req.headers,
        expected: JSON.parse(fs.readFileSync(path.join(dir, 'expected-metadata.json'), 'utf8')) as unknown,
      };
    });
}

/** Bytes -> text exactly as the fetcher decodes a response (header charset, BOM, <meta> prescan). */
export function decodeFixture(f: MetaFixture): string {
  return decodeBody(f.bytes, f.headers['content-type'] ?? null).text ?? '';
}
