// The WCXB development split (../shared/bench/wcxb-dev, never copied into the repo) and its
// metric, as its README states it: lower-cased bags of word tokens, precision = common /
// predicted, recall = common / expected, F1 per page, mean per page type.
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBody } from '../src/fetch/decode.js';
import { siteOf, siteOfHost } from './quality-split.js';

export interface WcxbPage {
  id: string;
  url: string;
  finalUrl: string;
  type: string;
  /** The page's site as metadata.json names it (its domain): the unit of the check split. */
  site: string;
  html: string;
  truth: string;
  /** The headline, author and date the set declares for the page (bench:metadata-quality). */
  declared: { title?: string | null; author?: string | null; publish_date?: string | null };
}

export function wcxbDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return process.env['URLKIT_WCXB_DIR'] ?? resolve(here, '..', '..', '..', 'shared', 'bench', 'wcxb-dev');
}

/** The set's pages in file order; `root` is the set's folder (bench/metadata-sets.ts finds its own). */
export function loadWcxb(limit = Infinity, root = wcxbDir()): WcxbPage[] {
  const dir = join(root, 'dev');
  const meta = JSON.parse(readFileSync(join(root, 'metadata.json'), 'utf8')) as {
    files: Record<string, { domain: string }>;
  };
  const pages: WcxbPage[] = [];
  for (const f of readdirSync(join(dir, 'ground-truth')).sort()) {
    if (pages.length >= limit) break;
    if (!f.endsWith('.json')) continue;
    const id = f.slice(0, -5);
    const gt = JSON.parse(readFileSync(join(dir, 'ground-truth', f), 'utf8')) as {
      url: string;
      _internal: { page_type: { primary: string } };
      ground_truth: { main_content?: string | null } & WcxbPage['declared'];
    };
    const bytes = gunzipSync(readFileSync(join(dir, 'html', `${id}.html.gz`)));
    const decoded = decodeBody(bytes, 'text/html');
    const url = gt.url;
    pages.push({
      id,
      url,
      finalUrl: /^https?:\/\//.test(url) ? url : `https://corpus.invalid/${id}`,
      type: gt._internal.page_type.primary,
      site: meta.files[id] ? siteOfHost(meta.files[id].domain) : siteOf(url),
      html: decoded.text ?? '',
      truth: gt.ground_truth.main_content ?? '',
      declared: {
        title: gt.ground_truth.title,
        author: gt.ground_truth.author,
        publish_date: gt.ground_truth.publish_date,
      },
    });
  }
  return pages;
}

// Python's Unicode \w: letters, digits and other numerics, and the underscore (no marks).
const WORD = /[\p{L}\p{N}_]+/gu;

export function tokenBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const m of text.toLowerCase().matchAll(WORD)) bag.set(m[0], (bag.get(m[0]) ?? 0) + 1);
  return bag;
}

export interface PageScore {
  p: number;
  r: number;
  f1: number;
}

export function scoreTokens(prediction: string, truth: string): PageScore {
  const want = tokenBag(truth);
  const got = tokenBag(prediction);
  let wantN = 0;
  let gotN = 0;
  let common = 0;
  for (const n of want.values()) wantN += n;
  for (const [t, n] of got) {
    gotN += n;
    common += Math.min(n, want.get(t) ?? 0);
  }
  if (wantN === 0) return gotN === 0 ? { p: 1, r: 1, f1: 1 } : { p: 0, r: 1, f1: 0 };
  if (gotN === 0) return { p: 0, r: 0, f1: 0 };
  const p = common / gotN;
  const r = common / wantN;
  return { p, r, f1: p + r > 0 ? (2 * p * r) / (p + r) : 0 };
}
