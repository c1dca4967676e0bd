// The two sets bench:metadata-quality measures, read from ../shared/bench (never copied into the
// repo), and the loopback servers that serve their pages:
//  - metadata-dev: 1,322 pages with expected metadata values (its README);
//  - wcxb-dev: 1,358 pages of seven types whose ground truth names the headline, the author and
//    the publication date, or none (its README).
// Each page is served at the path and query of its original URL with its content type, so its
// relative URLs resolve to the same paths as on the original site; pages that share a path go
// to different ports.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBody } from '../src/fetch/decode.js';
import type { Entry } from './metadata-score.js';
import { splitOf, type Split } from './quality-split.js';
import { loadWcxb } from './wcxb.js';

export interface WcxbTruth {
  url: string;
  type: string;
  title: string | null;
  author: string | null;
  publish_date: string | null;
  /** The check split the page's site falls on (bench/quality-split.ts, as bench/wcxb.ts splits this set). */
  split: Split;
}

export interface BenchPage {
  set: 'metadata-dev' | 'wcxb-dev';
  id: string;
  /** The page's original address (what the expected values were written for). */
  url: string;
  bytes: Buffer;
  contentType: string;
  /** The body decoded as the fetcher decodes it (what the libraries are given). */
  html: string;
  /** Whether the cleaners' title is scored on this page (a headline is expected). */
  headline: boolean;
  /** The loopback URL urlkit is asked for (and the libraries are told); set by serve(). */
  requested: string;
}

const HOST = '127.0.0.1';

/** ../shared/bench beside the checkout (a worktree one level deeper also finds it); URLKIT_SHARED_BENCH overrides. */
export function sharedBench(): string {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  return (
    process.env.URLKIT_SHARED_BENCH ??
    [resolve(repo, '../shared/bench'), resolve(repo, '../../shared/bench')].find((d) =>
      existsSync(resolve(d, 'metadata-dev')),
    ) ??
    resolve(repo, '../shared/bench')
  );
}

export function loadMetadataDev(limit = Infinity): { expected: Record<string, Entry>; pages: BenchPage[] } {
  const shared = sharedBench();
  const all = JSON.parse(readFileSync(resolve(shared, 'metadata-dev', 'expected.json'), 'utf8')) as Record<
    string,
    Entry
  >;
  const expected = Object.fromEntries(Object.entries(all).slice(0, limit));
  const pages = Object.entries(expected).map(([id, entry]): BenchPage => {
    const bytes = readFileSync(resolve(shared, entry.page));
    return {
      set: 'metadata-dev',
      id,
      url: entry.url,
      bytes,
      contentType: entry.content_type,
      html: decodeBody(bytes, entry.content_type).text ?? '',
      headline: entry.expected.headline !== undefined,
      requested: '',
    };
  });
  return { expected, pages };
}

export function loadWcxbDev(limit = Infinity): { truth: Record<string, WcxbTruth>; pages: BenchPage[] } {
  const truth: Record<string, WcxbTruth> = {};
  // A few pages have no original address: served under their id (WcxbPage.finalUrl).
  const pages = loadWcxb(limit, join(sharedBench(), 'wcxb-dev')).map((page): BenchPage => {
    const g = page.declared;
    truth[page.id] = {
      url: page.finalUrl,
      type: page.type,
      title: g.title?.trim() || null,
      author: g.author?.trim() || null,
      publish_date: g.publish_date?.trim() || null,
      split: splitOf(page.site),
    };
    // Served as the UTF-8 text the set's README says every page is.
    return {
      set: 'wcxb-dev',
      id: page.id,
      url: page.finalUrl,
      bytes: Buffer.from(page.html),
      contentType: 'text/html; charset=utf-8',
      html: page.html,
      headline: truth[page.id]!.title !== null,
      requested: '',
    };
  });
  return { truth, pages };
}

/** What serve() needs of a page: its address, bytes and headers, and where it is served. */
export interface ServedPage {
  /** The page's original address: served at its path and query. */
  url: string;
  bytes: Buffer;
  contentType: string;
  /** A Content-Encoding the bytes are in ("gzip"), if any. */
  encoding?: string | null;
  /** The loopback URL it is served at; set by serve(). */
  requested: string;
}

/** Serves every page on loopback (one server per level of path collision) and sets `requested`. */
export async function serve(pages: ServedPage[]): Promise<{ close(): void }> {
  const byKey = new Map<string, number>();
  const routes: Array<Map<string, ServedPage>> = [];
  const placed: Array<{ page: ServedPage; level: number; key: string }> = [];
  for (const page of pages) {
    const u = new URL(page.url);
    const key = u.pathname + u.search;
    const level = byKey.get(key) ?? 0;
    byKey.set(key, level + 1);
    (routes[level] ??= new Map()).set(key, page);
    placed.push({ page, level, key });
  }
  const servers = await Promise.all(
    routes.map(async (table) => {
      const server = http.createServer((req, res) => {
        const hit = table.get(req.url ?? '');
        if (!hit) {
          res.writeHead(404).end();
          return;
        }
        const headers: Record<string, string | number> = {
          'content-type': hit.contentType,
          'content-length': hit.bytes.length,
        };
        if (hit.encoding) headers['content-encoding'] = hit.encoding;
        res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : hit.bytes);
      });
      await new Promise<void>((r) => server.listen(0, HOST, r));
      return server;
    }),
  );
  const origins = servers.map((s) => `http://${HOST}:${(s.address() as AddressInfo).port}`);
  for (const p of placed) p.page.requested = origins[p.level]! + p.key;
  return {
    close() {
      for (const s of servers) s.close();
    },
  };
}

export { HOST };
