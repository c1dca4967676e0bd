// Reads the cleaner fixture pages (test/fixtures/pages/<slug>/) and runs them through the
// same worker task the tools use. Shared by the fixture test and the script that (re)writes
// expected files for review.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { decodeBody } from '../../src/fetch/decode.js';
import type { Profile } from '../../src/extract/blocks.js';
import { cleanTask, type CleanResult } from '../../src/workers/clean-task.js';
import { isCleanable } from '../../src/workers/cleanable.js';
import type { PartOptions } from '../../src/workers/clean-document.js';

export const PAGES_DIR = new URL('../../../test/fixtures/pages/', import.meta.url);

export interface FixtureRequest {
  /** Which cleaner: content (clean_web_content) or index (clean_web_index). Required. */
  tool: Profile;
  /** Final URL of the page. @default https://example.com/<slug> */
  url: string;
  /** Content-Type the page is served with (charset included). @default text/html; charset=utf-8 */
  content_type: string;
  /** Source file name. @default source.html */
  source: string;
  include_title: boolean;
  max_chars: number;
  /** What the result must report besides the content. */
  expect: {
    extraction_profile?: Profile;
    fallback_used?: boolean;
    error?: 'no_content';
    truncated?: boolean;
    title?: string;
  };
}

export interface Fixture {
  slug: string;
  dir: URL;
  request: FixtureRequest;
  expectedText: string | null;
  expectedMarkdown: string | null;
}

/**
 * Cleaner fixtures are the page folders whose request.json names a `tool`; the folder also
 * holds other tools' fixtures (expected-metadata.json), which are not ours to read.
 */
export function loadFixtures(): Fixture[] {
  const out: Fixture[] = [];
  const slugs = readdirSync(PAGES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const slug of slugs) {
    const dir = new URL(`${slug}/`, PAGES_DIR);
    const reqFile = new URL('request.json', dir);
    if (!existsSync(reqFile)) continue;
    const raw = JSON.parse(readFileSync(reqFile, 'utf8')) as Partial<FixtureRequest>;
    if (raw.tool !== 'content' && raw.tool !== 'index') continue;
    const request: FixtureRequest = {
      tool: raw.tool,
      url: raw.url ?? `https://example.com/${slug}`,
      content_type: raw.content_type ?? 'text/html; charset=utf-8',
      source: raw.source ?? 'source.html',
      include_title: raw.include_title ?? true,
      max_chars: raw.max_chars ?? 200_000,
      expect: raw.expect ?? {},
    };
    const read = (name: string) => {
      const f = new URL(name, dir);
      return existsSync(f) ? readFileSync(f, 'utf8').replace(/\n$/, '') : null;
    };
    out.push({ slug, dir, request, expectedText: read('expected.txt'), expectedMarkdown: read('expected.md') });
  }
  return out;
}

/** Decodes the source bytes as the fetcher would, then cleans them in-process. */
export function runFixture(f: Fixture, format: 'text' | 'markdown', part: Partial<PartOptions> = {}): CleanResult {
  const bytes = readFileSync(new URL(f.request.source, f.dir));
  const body = decodeBody(bytes, f.request.content_type);
  if (body.text === null || !isCleanable(body.kind)) {
    throw new Error(`${f.slug}: ${f.request.content_type} is not a cleanable type`);
  }
  return cleanTask({
    body: body.text,
    bodyKind: body.kind,
    finalUrl: f.request.url,
    profile: f.request.tool,
    format,
    includeTitle: f.request.include_title,
    maxChars: f.request.max_chars,
    ...part,
  });
}
