// npm run bench:tokens -- --base DIST [--other DIST] [--limit 120 --rounds 5] [--fresh]: what token
// counting and max_tokens cost a cleaner call. Per corpus page: parse + extract (content profile,
// this build's) + the cleaners' render (renderBlocks, max_chars 200000) of a build, CPU time per
// pass, single thread. --base is a build without counting (e.g. a build of the commit before
// counting landed), --other any other build with it (e.g. main's), both as dist/ directories;
// this build runs with meta.tokens counted and with max_tokens 1000, in text and markdown.
// Rounds are interleaved (base, other, this, ...) and each row reports its median ratio to the
// base row of the same format and round, since the shared machine swings by 20% between passes.
//
// Counting is far cheaper on text seen before (the tokenizer's caches and render/token-count.ts's
// table of segments hold its words): by default every round goes over the same pages, as
// bench:speed does. --fresh gives every round pages of its own, with the text rows on one half
// and the markdown rows on the other, so that the first row of this build to count a page (the
// meta.tokens rows) sees it for the first time; the max_tokens rows then see it again.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus, type CorpusPage } from './corpus.js';
import type { Block } from '../src/extract/blocks.js';
import type { RenderRequest } from '../src/render/render.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent } from '../src/extract/content/extract-content.js';
import { lowerMedian } from './stats.js';

type Render = (blocks: Block[], req: RenderRequest) => unknown;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function loadRender(root: string): Promise<Render> {
  const href = pathToFileURL(resolve(root, 'src/render/render.js')).href;
  return ((await import(href)) as { renderBlocks: Render }).renderBlocks;
}

const baseDir = arg('--base');
if (!baseDir) throw new Error('--base DIST (a build without token counting) is required');
const otherDir = arg('--other');
const base = await loadRender(baseDir);
const other = otherDir ? await loadRender(otherDir) : null;
const self = await loadRender(resolve(import.meta.dirname, '..'));
const limit = Number(arg('--limit') ?? '120');
const rounds = Number(arg('--rounds') ?? '5');
const fresh = process.argv.includes('--fresh');
const pages = loadCorpus(fresh ? limit * 2 * (rounds + 1) : limit);

interface Row {
  name: string;
  render: Render;
  extra: Partial<RenderRequest>;
  /** Index of the row this one is compared with. */
  vs: number;
  markdown: boolean;
}
const rows: Row[] = [];
for (const markdown of [false, true]) {
  const format = markdown ? 'markdown' : 'text';
  const vs = rows.length;
  const extra: Partial<RenderRequest> = { format };
  rows.push({ name: `base build, ${format} (no counting)`, render: base, extra, vs, markdown });
  if (other) rows.push({ name: `other build, ${format}, meta.tokens counted`, render: other, extra, vs, markdown });
  rows.push({ name: `this build, ${format}, meta.tokens counted`, render: self, extra, vs, markdown });
  rows.push({
    name: `this build, ${format}, max_tokens 1000`,
    render: self,
    extra: { ...extra, maxTokens: 1000 },
    vs,
    markdown,
  });
}

/** The pages a row goes over in a round (round -1: the warm-up). */
function pagesOf(row: Row, round: number): CorpusPage[] {
  if (!fresh) return pages;
  const at = ((round + 1) * 2 + (row.markdown ? 1 : 0)) * limit;
  return pages.slice(at, at + limit);
}

function pass(row: Row, round: number): number {
  (globalThis as { gc?: () => void }).gc?.();
  const c0 = process.cpuUsage();
  for (const p of pagesOf(row, round)) {
    const ex = extractContent(parseHtml(p.html), p.finalUrl);
    if (ex) row.render(ex.blocks, { format: 'text', title: ex.title, maxChars: 200_000, ...row.extra });
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

// Warm-up: compiles every build and loads the encoding.
for (const row of rows) pass(row, -1);
const times = rows.map(() => [] as number[]);
for (let r = 0; r < rounds; r++) rows.forEach((row, i) => times[i]!.push(pass(row, r)));

console.log(
  `${limit} corpus pages a pass, ${fresh ? 'new pages every round (--fresh)' : 'the same pages every round'}, ` +
    `parse + extract (content) + render, CPU ms per pass, ${rounds} interleaved rounds, Node ${process.version}`,
);
console.log('| row | median ms/pass | ms/page | vs base, same format (median of per-round ratios) |');
console.log('|---|---|---|---|');
rows.forEach((row, i) => {
  const m = lowerMedian(times[i]!);
  const ratios = times[i]!.map((t, k) => t / times[row.vs]![k]!);
  const vs = i === row.vs ? '-' : `${lowerMedian(ratios).toFixed(3)}x`;
  console.log(`| ${row.name} | ${m.toFixed(0)} | ${(m / limit).toFixed(2)} | ${vs} |`);
});
