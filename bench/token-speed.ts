// npm run bench:tokens [-- --base ../main/dist --limit 150 --rounds 5]: what token counting and
// max_tokens cost a cleaner call. Parse + extract (content profile) + the cleaners' render
// (renderBlocks, max_chars 200000) per corpus page, CPU time per pass, single thread: the base
// build (another checkout's dist/, e.g. main's, without counting) against this build with
// meta.tokens counted, with max_tokens 1000, and both again in markdown. Rounds are interleaved
// (base, this, this with max_tokens, ...) and each row reports its median ratio to the base
// row of the same format and round, since the shared machine swings by 20% between passes.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from './corpus.js';
import type { Block } from '../src/extract/blocks.js';
import type { RenderRequest } from '../src/render/render.js';

interface Build {
  parse: (html: string) => unknown;
  extract: (doc: unknown, url: string) => { blocks: Block[]; title: string | null } | null;
  render: (blocks: Block[], req: RenderRequest) => unknown;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : (process.argv[i + 1] ?? fallback);
}

async function load(root: string): Promise<Build> {
  const at = (path: string) => pathToFileURL(resolve(root, path)).href;
  const parse = (await import(at('src/parse/parse-html.js'))) as { parseHtml: Build['parse'] };
  const extract = (await import(at('src/extract/content/extract-content.js'))) as { extractContent: Build['extract'] };
  const render = (await import(at('src/render/render.js'))) as { renderBlocks: Build['render'] };
  return { parse: parse.parseHtml, extract: extract.extractContent, render: render.renderBlocks };
}

const base = await load(arg('--base', '../main/dist'));
const self = await load(resolve(import.meta.dirname, '..'));
const pages = loadCorpus(Number(arg('--limit', '150')));
const rounds = Number(arg('--rounds', '5'));

interface Row {
  name: string;
  build: Build;
  extra: Partial<RenderRequest>;
  /** Index of the row this one is compared with. */
  vs: number;
}
const rows: Row[] = [
  { name: 'base build, text (no counting)', build: base, extra: {}, vs: 0 },
  { name: 'this build, text, meta.tokens counted', build: self, extra: {}, vs: 0 },
  { name: 'this build, text, max_tokens 1000', build: self, extra: { maxTokens: 1000 }, vs: 0 },
  { name: 'base build, markdown (no counting)', build: base, extra: { format: 'markdown' }, vs: 3 },
  { name: 'this build, markdown, meta.tokens counted', build: self, extra: { format: 'markdown' }, vs: 3 },
  {
    name: 'this build, markdown, max_tokens 1000',
    build: self,
    extra: { format: 'markdown', maxTokens: 1000 },
    vs: 3,
  },
];

function pass(row: Row): number {
  (globalThis as { gc?: () => void }).gc?.();
  const c0 = process.cpuUsage();
  for (const p of pages) {
    const ex = row.build.extract(row.build.parse(p.html), p.finalUrl);
    if (ex) row.build.render(ex.blocks, { format: 'text', title: ex.title, maxChars: 200_000, ...row.extra });
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

// Warm-up: compiles both builds and loads the encoding.
for (const row of rows) pass(row);
const times = rows.map(() => [] as number[]);
for (let r = 0; r < rounds; r++) rows.forEach((row, i) => times[i]!.push(pass(row)));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
console.log(
  `${pages.length} corpus pages, parse + extract (content) + render, CPU ms per pass, ` +
    `${rounds} interleaved rounds, Node ${process.version}`,
);
console.log('| row | median ms/pass | ms/page | vs base, same format (median of per-round ratios) |');
console.log('|---|---|---|---|');
rows.forEach((row, i) => {
  const m = median(times[i]!);
  const ratios = times[i]!.map((t, k) => t / times[row.vs]![k]!);
  const vs = i === row.vs ? '-' : `${median(ratios).toFixed(3)}x`;
  console.log(`| ${row.name} | ${m.toFixed(0)} | ${(m / pages.length).toFixed(2)} | ${vs} |`);
});
