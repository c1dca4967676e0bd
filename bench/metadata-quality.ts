// npm run bench:metadata-quality: metadata accuracy on ../shared/bench/metadata-dev (1,322 real
// pages, 3,299 expected values), per field, for urlkit (through its HTTP API), metascraper and
// open-graph-scraper, in the same run; then extraction time per page for the three.
//
// Each page is served on loopback at the path (and query) of its original URL with its
// content_type, so its relative URLs resolve as on the original site. Pages that share a path
// go to different ports. urlkit is asked through POST /api/v1/tools/get_url_metadata; the
// libraries are given the same decoded HTML and the same requested URL (they do not fetch).
// Scores follow score.py (bench/metadata-score.ts); the three predictions files are written
// to bench/out/ and, when python3 is on the PATH, score.py is run on each to check the figures.
//
// Options: --wrong FIELD (print urlkit's misses for a field), --no-peers (urlkit only),
// --direct (development loop: urlkit's extraction called in process instead of through HTTP),
// --no-time (skip the timing table),
// BENCH_TIME_ROUNDS (extraction timing rounds, default 1).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { defaultConfig } from '../src/config/config.js';
import { decodeBody } from '../src/fetch/decode.js';
import { buildApp } from '../src/http/build-app.js';
import { extractMetadata } from '../src/extract/metadata/index.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { FIELDS, score, type Data, type Entry, type Tally } from './metadata-score.js';

const here = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(here, '../..');
// ../shared beside the checkout (a worktree one level deeper also finds it); URLKIT_SHARED_BENCH overrides.
const SHARED =
  process.env.URLKIT_SHARED_BENCH ??
  [resolve(REPO, '../shared/bench'), resolve(REPO, '../../shared/bench')].find((d) =>
    existsSync(resolve(d, 'metadata-dev')),
  ) ??
  resolve(REPO, '../shared/bench');
const SET = resolve(SHARED, 'metadata-dev');
const OUT = resolve(REPO, 'bench/out');
const HOST = '127.0.0.1';
// Generous deadlines: this measures answers, not speed, on a machine that may be busy.
const BATCH = 20;
const IN_FLIGHT = 2;

interface Page {
  id: string;
  entry: Entry;
  bytes: Buffer;
  html: string;
  /** The URL urlkit is asked for (and the libraries are told). */
  requested: string;
}

type Preds = Record<string, { url: string; data: Data }>;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const direct = args.includes('--direct');
  const expected = JSON.parse(readFileSync(resolve(SET, 'expected.json'), 'utf8')) as Record<string, Entry>;

  // One server per path collision level: the k-th page with a given path+query is on server k.
  const byKey = new Map<string, number>();
  const routes: Array<Map<string, { bytes: Buffer; type: string }>> = [];
  const pending: Array<{ id: string; entry: Entry; bytes: Buffer; level: number; key: string }> = [];
  for (const [id, entry] of Object.entries(expected)) {
    const u = new URL(entry.url);
    const key = u.pathname + u.search;
    const level = byKey.get(key) ?? 0;
    byKey.set(key, level + 1);
    const bytes = readFileSync(resolve(SHARED, entry.page));
    (routes[level] ??= new Map()).set(key, { bytes, type: entry.content_type });
    pending.push({ id, entry, bytes, level, key });
  }
  const servers = await Promise.all(
    routes.map(async (table) => {
      const server = http.createServer((req, res) => {
        const hit = table.get(req.url ?? '');
        if (!hit) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'content-type': hit.type, 'content-length': hit.bytes.length });
        res.end(hit.bytes);
      });
      await new Promise<void>((r) => server.listen(0, HOST, r));
      return server;
    }),
  );
  const origins = servers.map((s) => `http://${HOST}:${(s.address() as AddressInfo).port}`);
  const pages: Page[] = pending.map((p) => ({
    id: p.id,
    entry: p.entry,
    bytes: p.bytes,
    html: decodeBody(p.bytes, p.entry.content_type).text ?? '',
    requested: origins[p.level] + p.key,
  }));

  const ours: Preds = {};
  const errors = new Map<string, number>();
  let apiSeconds = 0;
  if (direct) {
    // Development loop only: the worker's own calls in process, no HTTP (the same answers, faster).
    for (const p of pages)
      ours[p.id] = {
        url: p.requested,
        data: extractMetadata(parseHtml(p.html), p.requested, {
          'content-type': p.entry.content_type,
        }) as unknown as Data,
      };
  } else apiSeconds = await askService(pages, ours, errors);
  for (const s of servers) s.close();
  await report(args, expected, pages, ours, errors, apiSeconds);
}

/** Asks get_url_metadata for every page through the HTTP API; returns the wall time in seconds. */
async function askService(pages: Page[], ours: Preds, errors: Map<string, number>): Promise<number> {
  const config = defaultConfig({
    logLevel: 'silent',
    rateLimitMax: 0,
    maxInFlight: 0,
    maxEventLoopDelayMs: 0,
    allowCidrs: [`${HOST}/32`],
    port: 0,
    perHostConcurrency: 16,
    headersTimeoutMs: 60_000,
    workerTaskTimeoutMs: 60_000,
  });
  const app = await buildApp(config, { logStream: { write() {} } });
  await app.listen({ host: HOST, port: 0 });
  const endpoint = `http://${HOST}:${(app.server.address() as AddressInfo).port}/api/v1/tools/get_url_metadata`;
  const client = new Agent({ connections: 16, headersTimeout: 300_000, bodyTimeout: 300_000 });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < pages.length) {
        const chunk = pages.slice(next, next + BATCH);
        next += BATCH;
        const res = await request(endpoint, {
          method: 'POST',
          dispatcher: client,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ items: chunk.map((p) => p.requested), timeout: 60 }),
        });
        const json = (await res.body.json()) as {
          data?: { results: Array<{ data: Data; meta: { error?: { code: string } } }> };
        };
        chunk.forEach((p, i) => {
          const r = json.data?.results[i];
          if (!r || r.meta.error)
            errors.set(
              r?.meta.error?.code ?? `http_${res.statusCode}`,
              (errors.get(r?.meta.error?.code ?? `http_${res.statusCode}`) ?? 0) + 1,
            );
          ours[p.id] = { url: p.requested, data: r?.data ?? null };
        });
      }
    }),
  );
  await client.close();
  await app.close();
  return (performance.now() - t0) / 1000;
}

async function report(
  args: string[],
  expected: Record<string, Entry>,
  pages: Page[],
  ours: Preds,
  errors: Map<string, number>,
  apiSeconds: number,
): Promise<void> {
  const wrongField = args.includes('--wrong') ? args[args.indexOf('--wrong') + 1] : undefined;
  const peers = !args.includes('--no-peers');

  // The libraries, on the same decoded HTML and URL, timed per page; urlkit's extraction timed the same way.
  const rounds = Math.max(1, Number(process.env.BENCH_TIME_ROUNDS ?? 1));
  const timeUrlkit = (p: Page) =>
    extractMetadata(parseHtml(p.html), p.requested, { 'content-type': p.entry.content_type });
  const results: Array<{ name: string; preds: Preds; ms: number[] }> = [{ name: 'urlkit', preds: ours, ms: [] }];
  if (!args.includes('--no-time')) {
    const ms: number[] = [];
    for (const p of pages) timeUrlkit(p); // warm-up
    for (let r = 0; r < rounds; r++)
      pages.forEach((p, i) => {
        const a = performance.now();
        timeUrlkit(p);
        ms[i] = Math.min(ms[i] ?? Infinity, performance.now() - a);
      });
    results[0]!.ms = ms;
  }
  if (peers) {
    const { metascraperPeer, ogsPeer } = await import('./metadata-peers.js');
    const loaded = [];
    for (const load of [metascraperPeer, ogsPeer]) {
      try {
        loaded.push(await load());
      } catch (err) {
        console.error(`peer not measured (${load.name}): ${(err as Error).message}`);
      }
    }
    for (const peer of loaded) {
      const preds: Preds = {};
      const ms: number[] = [];
      for (let r = 0; r < rounds; r++) {
        for (const [i, p] of pages.entries()) {
          const a = performance.now();
          let data: Data = null;
          try {
            data = await peer.extract(p.html, p.requested);
          } catch {
            data = null;
          }
          ms[i] = Math.min(ms[i] ?? Infinity, performance.now() - a);
          preds[p.id] = { url: p.requested, data };
        }
      }
      results.push({ name: peer.name, preds, ms });
    }
  }

  mkdirSync(OUT, { recursive: true });
  const tallies: Array<{ name: string; tally: Tally; python: string | null; ms: number[] }> = [];
  for (const r of results) {
    const file = resolve(OUT, `metadata-dev-${r.name}.json`);
    writeFileSync(file, JSON.stringify(r.preds));
    tallies.push({ name: r.name, tally: score(expected, r.preds), python: pythonScore(file), ms: r.ms });
  }

  console.log(
    `\nmetadata-dev: ${pages.length} pages, ${tallies[0]!.tally.n} values; urlkit ${apiSeconds ? `via HTTP API in ${apiSeconds.toFixed(1)} s` : 'in process (--direct)'} (${[...errors].map(([c, n]) => `${c} ${n}`).join(', ') || 'no item errors'}); Node ${process.versions.node}\n`,
  );
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
  console.log(`| field | values | ${tallies.map((t) => t.name).join(' | ')} |`);
  console.log(`|---|---:|${tallies.map(() => '---:').join('|')}|`);
  for (const f of FIELDS) {
    const n = tallies[0]!.tally.perField[f][1];
    console.log(`| ${f} | ${n} | ${tallies.map((t) => pct(t.tally.perField[f][0], n)).join(' | ')} |`);
  }
  console.log(
    `| **overall** | ${tallies[0]!.tally.n} | ${tallies.map((t) => `**${pct(t.tally.ok, t.tally.n)}**`).join(' | ')} |`,
  );
  console.log(
    `\nscore.py on the same predictions: ${tallies.map((t) => `${t.name}: ${t.python ?? 'not run'}`).join('; ')}`,
  );

  const stat = (ms: number[]) => {
    const s = [...ms].sort((a, b) => a - b);
    const sum = s.reduce((a, b) => a + b, 0);
    return {
      mean: sum / s.length,
      p50: s[Math.floor(s.length / 2)]!,
      p95: s[Math.floor(s.length * 0.95)]!,
      total: sum / 1000,
    };
  };
  if (args.includes('--no-time')) return void printWrong(tallies[0]!.tally, wrongField);
  const base = stat(tallies[0]!.ms);
  console.log(
    `\nextraction time per page, in process, same decoded HTML (best of ${rounds} round(s); urlkit = parseHtml + extractMetadata)\n`,
  );
  console.log('| system | mean ms | p50 ms | p95 ms | total s | urlkit time / system time |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const t of tallies) {
    const s = stat(t.ms);
    console.log(
      `| ${t.name} | ${s.mean.toFixed(2)} | ${s.p50.toFixed(2)} | ${s.p95.toFixed(2)} | ${s.total.toFixed(2)} | ${(base.mean / s.mean).toFixed(3)} |`,
    );
  }

  printWrong(tallies[0]!.tally, wrongField);
}

function printWrong(tally: Tally, field: string | undefined): void {
  if (!field) return;
  const wrong = tally.wrong.filter((w) => w.field === field);
  console.log(`\nurlkit misses on ${field}: ${wrong.length}`);
  for (const w of wrong) console.log(JSON.stringify(w).slice(0, 400));
}

function pythonScore(file: string): string | null {
  try {
    const out = execFileSync('python3', [resolve(SET, 'score.py'), file], { encoding: 'utf8' });
    return out.trim().split('\n').pop() ?? null;
  } catch {
    return null;
  }
}

await main();
