// The development corpus in ../shared/bench (never copied into the repo): pages decoded the way
// the fetcher decodes a body whose Content-Type has no charset.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBody } from '../src/fetch/decode.js';

export interface CorpusPage {
  /** The evaldata key (what predictions are keyed by); not always a URL. */
  url: string;
  /** An absolute URL to resolve links against, as a fetch's final URL would be. */
  finalUrl: string;
  file: string;
  html: string;
  with: string[];
  without: string[];
}

/** ../shared/bench relative to the repository root (dist/bench/ -> repo is two levels up). */
export function corpusDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const repo = resolve(here, '..', '..');
  return process.env['URLKIT_BENCH_DIR'] ?? resolve(repo, '..', 'shared', 'bench', 'trafilatura-eval');
}

export function loadCorpus(limit = Infinity): CorpusPage[] {
  const dir = corpusDir();
  const evaldata = JSON.parse(readFileSync(join(dir, 'evaldata.json'), 'utf8')) as Record<
    string,
    { file: string; with: string[]; without: string[] }
  >;
  const pages: CorpusPage[] = [];
  for (const [url, item] of Object.entries(evaldata)) {
    if (pages.length >= limit) break;
    let bytes: Uint8Array = readFileSync(join(dir, 'pages', item.file));
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
    const decoded = decodeBody(bytes, 'text/html');
    // Some keys are labels ("hard::file.html"), not URLs; links on those pages still need an
    // absolute base, as a real fetch would give them.
    const finalUrl = /^https?:\/\//.test(url) ? url : `https://corpus.invalid/${encodeURIComponent(item.file)}`;
    pages.push({
      url,
      finalUrl,
      file: item.file,
      html: decoded.text ?? '',
      with: item.with ?? [],
      without: item.without ?? [],
    });
  }
  return pages;
}
