// npm run bench:metadata-speed: metadata extraction time per page, in process, on the same decoded
// HTML of metadata-dev, for urlkit (parseHtml + extractMetadata), metascraper and
// open-graph-scraper, interleaved page by page (each page is run by every system in turn, round
// after round, and each keeps its best time), so a noisy machine slows all of them alike. With
// --base=<dist dir of another build> that build's urlkit runs in the same rotation: an A/B of a
// change against the commit before.
//
// --gc-every=N runs a full collection (the worker's own, util/engine-gc.ts) before every Nth page
// of each timed round, untimed, as a serving worker does after a task of 1 MiB or more: the pages
// after it pay for the optimized code the collection throws away (src/parse/kept-shapes.ts).
//
// Options: --limit=N (first N pages), --base=DIR, --gc-every=N, --no-peers (urlkit rows only),
// BENCH_TIME_ROUNDS (default 3).
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { extractMetadata } from '../src/extract/metadata/index.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { engineGc } from '../src/util/engine-gc.js';
import { metascraperPeer, ogsPeer } from './metadata-peers.js';
import { loadMetadataDev } from './metadata-sets.js';
import { percentile } from './stats.js';

interface Timed {
  name: string;
  run: (html: string, url: string, contentType: string) => unknown;
  ms: number[];
}

const flag = (args: string[], name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limit = Number(flag(args, 'limit') ?? Infinity);
  const rounds = Math.max(1, Number(process.env.BENCH_TIME_ROUNDS ?? 3));
  // Pages keep their original address: no fetch happens, and every system is given the same one.
  const pages = loadMetadataDev(limit).pages.map((p) => ({ ...p, requested: p.url }));
  const systems: Timed[] = [
    {
      name: 'urlkit',
      run: (html, url, type) => extractMetadata(parseHtml(html), url, { 'content-type': type }),
      ms: [],
    },
  ];
  const baseDir = flag(args, 'base');
  if (baseDir) {
    const at = (rel: string) => pathToFileURL(resolve(baseDir, rel)).href;
    const base = (await import(at('src/extract/metadata/index.js'))) as { extractMetadata: typeof extractMetadata };
    const parse = (await import(at('src/parse/parse-html.js'))) as { parseHtml: typeof parseHtml };
    systems.push({
      name: 'urlkit (base)',
      run: (html, url, type) => base.extractMetadata(parse.parseHtml(html), url, { 'content-type': type }),
      ms: [],
    });
  }
  for (const load of args.includes('--no-peers') ? [] : [metascraperPeer, ogsPeer]) {
    try {
      const peer = await load();
      systems.push({ name: peer.name, run: (html, url) => peer.extract(html, url), ms: [] });
    } catch (err) {
      console.error(`peer not measured (${load.name}): ${(err as Error).message}`);
    }
  }
  const gcEvery = Number(flag(args, 'gc-every') ?? 0);
  const gc = gcEvery > 0 ? engineGc() : null;
  if (gcEvery > 0 && !gc) throw new Error('--gc-every: no gc() to be had (util/engine-gc.ts)');
  const load0 = loadavg()[0]!;
  for (const p of pages) for (const s of systems) await s.run(p.html, p.requested, p.contentType); // warm-up
  for (let r = 0; r < rounds; r++)
    for (const [i, p] of pages.entries()) {
      if (gc && i % gcEvery === 0) gc();
      for (const s of systems) {
        const a = performance.now();
        await s.run(p.html, p.requested, p.contentType);
        s.ms[i] = Math.min(s.ms[i] ?? Infinity, performance.now() - a);
      }
    }
  const gcNote = gc ? `, gc() before every ${gcEvery}th page` : '';
  const how = `${pages.length} metadata-dev pages, interleaved, best of ${rounds} round(s)${gcNote}`;
  report(systems, how, [load0, loadavg()[0]!]);
}

function report(systems: Timed[], how: string, load: number[]): void {
  const stat = (ms: number[]) => {
    const s = [...ms].sort((a, b) => a - b);
    const sum = s.reduce((a, b) => a + b, 0);
    return { mean: sum / s.length, p50: percentile(s, 0.5), p95: percentile(s, 0.95), sum };
  };
  const ours = stat(systems[0]!.ms);
  console.log(
    `\nmetadata extraction time per page, in process (${how}); load ${load.map((l) => l.toFixed(1)).join(' -> ')}\n`,
  );
  console.log('| system | mean ms | p50 ms | p95 ms | total s | urlkit time / system time |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const s of systems) {
    const t = stat(s.ms);
    const cells = [t.mean, t.p50, t.p95].map((x) => x.toFixed(2));
    console.log(
      `| ${s.name} | ${cells.join(' | ')} | ${(t.sum / 1000).toFixed(2)} | ${(ours.mean / t.mean).toFixed(3)} |`,
    );
  }
}

await main();
