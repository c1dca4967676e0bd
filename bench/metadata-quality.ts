// npm run bench:metadata-quality: metadata accuracy for urlkit (through its HTTP API),
// metascraper and open-graph-scraper, in the same run, on both development sets
// (bench/metadata-sets.ts):
//  - metadata-dev: every scored field; `headline` is clean_web_content's data.title (the
//    headline as printed), the other fields are get_url_metadata's (score.py's rules,
//    bench/metadata-score.ts; score.py itself is run on the same predictions to check them);
//  - wcxb-dev: headline, author, date, and the two precision figures "no author where none"
//    and "no date where none" (bench/metadata-wcxb-score.ts);
//  each for the whole set and for its tune and check splits (bench/quality-split.ts: the sites
//  whose hash falls in the check fifth), so a rule that helps only the sites it was tuned on shows;
// then metadata extraction time per page for the three, in process, on the same decoded HTML.
// The libraries are given the decoded HTML and the requested URL (they fetch nothing); their
// `title` stands for both the metadata title and the headline.
//
// Options: --set=metadata-dev | --set=wcxb-dev (default both), --limit=N (first N pages of each
// set), --no-peers (urlkit only), --direct (development loop: urlkit's calls in process instead
// of through HTTP: the same answers), --no-time (skip the timing table), --wrong FIELD (urlkit's
// misses on a metadata-dev field, or wcxb:FIELD), BENCH_TIME_ROUNDS (timing rounds, default 1).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { extractMetadata } from '../src/extract/metadata/index.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { askDirect, askService, type Asked } from './metadata-ask.js';
import type { Peer } from './metadata-peers.js';
import { FIELDS, score, type Data, type Entry, type Pred } from './metadata-score.js';
import { loadMetadataDev, loadWcxbDev, serve, sharedBench, type BenchPage, type WcxbTruth } from './metadata-sets.js';
import { WCXB_FIELDS, scoreWcxb, type WcxbField } from './metadata-wcxb-score.js';
import { siteOf, splitOf, SPLITS, type Split } from './quality-split.js';
import { percentile } from './stats.js';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../bench/out');

interface System {
  name: string;
  preds: Map<BenchPage['set'], Record<string, Pred>>;
  /** Extraction time per metadata-dev page (ms), best of the rounds. */
  ms: number[];
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
const flag = (args: string[], name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const set = flag(args, 'set') ?? 'all';
  const limit = Number(flag(args, 'limit') ?? Infinity);
  const dev = set === 'all' || set === 'metadata-dev' ? loadMetadataDev(limit) : null;
  const wcxb = set === 'all' || set === 'wcxb-dev' ? loadWcxbDev(limit) : null;
  const pages = [...(dev?.pages ?? []), ...(wcxb?.pages ?? [])];
  const servers = await serve(pages);
  const asked = args.includes('--direct') ? askDirect(pages) : await askService(pages);
  servers.close();

  const systems: System[] = [{ name: 'urlkit', preds: asked.preds, ms: [] }];
  const devPages = dev?.pages ?? [];
  if (!args.includes('--no-time')) systems[0]!.ms = timeUrlkit(devPages);
  if (!args.includes('--no-peers')) systems.push(...(await runPeers(pages, devPages)));

  console.log(header(asked, pages));
  if (dev) reportDev(dev.expected, systems);
  if (wcxb) reportWcxb(wcxb.truth, systems);
  if (!args.includes('--no-time') && devPages.length) reportTime(systems);
  const wrong = args.includes('--wrong') ? args[args.indexOf('--wrong') + 1] : undefined;
  if (wrong) printWrong(wrong, dev?.expected ?? {}, wcxb?.truth ?? {}, systems[0]!);
}

function header(asked: Asked, pages: BenchPage[]): string {
  const errors = [...asked.errors].map(([c, n]) => `${c} ${n}`).join(', ') || 'no item errors';
  const how = asked.seconds ? `via the HTTP API in ${asked.seconds.toFixed(1)} s` : 'in process (--direct)';
  return `\n${pages.length} pages; urlkit ${how} (${errors}); Node ${process.versions.node}; data ${sharedBench()}`;
}

/** urlkit's metadata extraction (parse + extract), timed per page on the same decoded HTML as the libraries. */
function timeUrlkit(pages: BenchPage[]): number[] {
  const rounds = Math.max(1, Number(process.env.BENCH_TIME_ROUNDS ?? 1));
  const run = (p: BenchPage) => extractMetadata(parseHtml(p.html), p.requested, { 'content-type': p.contentType });
  for (const p of pages) run(p); // warm-up
  const ms: number[] = [];
  for (let r = 0; r < rounds; r++)
    pages.forEach((p, i) => {
      const a = performance.now();
      run(p);
      ms[i] = Math.min(ms[i] ?? Infinity, performance.now() - a);
    });
  return ms;
}

async function runPeers(pages: BenchPage[], timed: BenchPage[]): Promise<System[]> {
  const { metascraperPeer, ogsPeer } = await import('./metadata-peers.js');
  const rounds = Math.max(1, Number(process.env.BENCH_TIME_ROUNDS ?? 1));
  const out: System[] = [];
  for (const load of [metascraperPeer, ogsPeer]) {
    let peer: Peer;
    try {
      peer = await load();
    } catch (err) {
      console.error(`peer not measured (${load.name}): ${(err as Error).message}`);
      continue;
    }
    const system: System = { name: peer.name, preds: new Map(), ms: [] };
    const ask = async (p: BenchPage): Promise<Data> => {
      try {
        return await peer.extract(p.html, p.requested);
      } catch {
        return null;
      }
    };
    for (const p of pages) {
      const data = await ask(p);
      const bySet = system.preds.get(p.set) ?? {};
      system.preds.set(p.set, bySet);
      const title = data?.title;
      bySet[p.id] = { url: p.requested, data, content_title: typeof title === 'string' ? title : null };
    }
    for (let r = 0; r < rounds; r++)
      for (const [i, p] of timed.entries()) {
        const a = performance.now();
        await ask(p);
        system.ms[i] = Math.min(system.ms[i] ?? Infinity, performance.now() - a);
      }
    out.push(system);
  }
  return out;
}

/** The whole set, then each side of the check split (bench/quality-split.ts: a fifth of the sites, by hash). */
const PARTS = ['all', ...SPLITS] as const;
type Part = (typeof PARTS)[number];

function partOf<T>(rows: Record<string, T>, part: Part, split: (row: T) => Split): Record<string, T> {
  return part === 'all' ? rows : Object.fromEntries(Object.entries(rows).filter(([, r]) => split(r) === part));
}

function reportDev(expected: Record<string, Entry>, systems: System[]): void {
  mkdirSync(OUT, { recursive: true });
  const python = systems.map((s) => {
    const file = resolve(OUT, `metadata-dev-${s.name}.json`);
    writeFileSync(file, JSON.stringify(s.preds.get('metadata-dev') ?? {}));
    return `${s.name}: ${pythonScore(file) ?? 'not run'}`;
  });
  const byPart = PARTS.map((part) => {
    const subset = partOf(expected, part, (e) => splitOf(siteOf(e.url)));
    return { part, tallies: systems.map((s) => score(subset, s.preds.get('metadata-dev') ?? {})) };
  });
  const all = byPart[0]!.tallies[0]!;
  console.log(`\nmetadata-dev: ${Object.keys(expected).length} pages, ${all.n} scored values\n`);
  console.log(`| field | split | values | ${systems.map((s) => s.name).join(' | ')} |`);
  console.log(`|---|---|---:|${systems.map(() => '---:').join('|')}|`);
  for (const f of FIELDS)
    for (const { part, tallies } of byPart) {
      const n = tallies[0]!.perField[f][1];
      console.log(`| ${f} | ${part} | ${n} | ${tallies.map((t) => pct(t.perField[f][0], n)).join(' | ')} |`);
    }
  for (const { part, tallies } of byPart)
    console.log(
      `| **overall** | ${part} | ${tallies[0]!.n} | ${tallies.map((t) => `**${pct(t.ok, t.n)}**`).join(' | ')} |`,
    );
  console.log(`\nscore.py on the same predictions (whole set): ${python.join('; ')}`);
}

const WCXB_LABELS: Record<WcxbField, string> = {
  headline: 'headline',
  author: 'author',
  date: 'date',
  no_author_where_none: 'no author where none',
  no_date_where_none: 'no date where none',
};

function reportWcxb(truth: Record<string, WcxbTruth>, systems: System[]): void {
  const byPart = PARTS.map((part) => {
    const subset = partOf(truth, part, (t) => t.split);
    return { part, tallies: systems.map((s) => scoreWcxb(subset, s.preds.get('wcxb-dev') ?? {})) };
  });
  const t0 = byPart[0]!.tallies[0]!;
  console.log(`\nwcxb-dev: ${Object.keys(truth).length} pages\n`);
  console.log(`| field | split | pages | ${systems.map((s) => s.name).join(' | ')} |`);
  console.log(`|---|---|---:|${systems.map(() => '---:').join('|')}|`);
  for (const f of WCXB_FIELDS)
    for (const { part, tallies } of byPart) {
      const n = tallies[0]!.perField[f][1];
      console.log(
        `| ${WCXB_LABELS[f]} | ${part} | ${n} | ${tallies.map((t) => pct(t.perField[f][0], n)).join(' | ')} |`,
      );
    }
  // urlkit by page type: where the misses are.
  const types = [...t0.perType.keys()].sort();
  console.log(`\nurlkit on wcxb-dev by page type\n`);
  console.log(`| page type | ${WCXB_FIELDS.map((f) => WCXB_LABELS[f]).join(' | ')} |`);
  console.log(`|---|${WCXB_FIELDS.map(() => '---:').join('|')}|`);
  for (const type of types) {
    const row = t0.perType.get(type)!;
    console.log(`| ${type} | ${WCXB_FIELDS.map((f) => `${pct(row[f][0], row[f][1])} of ${row[f][1]}`).join(' | ')} |`);
  }
}

function reportTime(systems: System[]): void {
  const stat = (ms: number[]) => {
    const s = [...ms].sort((a, b) => a - b);
    const sum = s.reduce((a, b) => a + b, 0);
    return { mean: sum / s.length, p50: percentile(s, 0.5), p95: percentile(s, 0.95), sum };
  };
  const rounds = Math.max(1, Number(process.env.BENCH_TIME_ROUNDS ?? 1));
  const base = stat(systems[0]!.ms);
  const how = `best of ${rounds} round(s); urlkit = parseHtml + extractMetadata`;
  console.log(`\nmetadata extraction time per metadata-dev page, in process, same decoded HTML (${how})\n`);
  console.log('| system | mean ms | p50 ms | p95 ms | total s | urlkit time / system time |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const s of systems) {
    if (!s.ms.length) continue;
    const t = stat(s.ms);
    const cells = [t.mean, t.p50, t.p95].map((x) => x.toFixed(2));
    console.log(
      `| ${s.name} | ${cells.join(' | ')} | ${(t.sum / 1000).toFixed(2)} | ${(base.mean / t.mean).toFixed(3)} |`,
    );
  }
}

function printWrong(field: string, expected: Record<string, Entry>, truth: Record<string, WcxbTruth>, s: System): void {
  const misses = field.startsWith('wcxb:')
    ? scoreWcxb(truth, s.preds.get('wcxb-dev') ?? {}).wrong.filter((w) => w.field === field.slice(5))
    : score(expected, s.preds.get('metadata-dev') ?? {}).wrong.filter((w) => w.field === field);
  console.log(`\nurlkit misses on ${field}: ${misses.length}`);
  for (const w of misses) console.log(JSON.stringify(w).slice(0, 400));
}

function pythonScore(file: string): string | null {
  try {
    const out = execFileSync('python3', [resolve(sharedBench(), 'metadata-dev', 'score.py'), file], {
      encoding: 'utf8',
    });
    return out.trim().split('\n').pop() ?? null;
  } catch {
    return null;
  }
}

await main();
