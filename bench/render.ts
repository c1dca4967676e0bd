// Render benchmark: how much of a cleaner call the renderers cost. Blocks are extracted once
// per corpus page (content and index profiles), then each renderer runs on them; single
// thread, after a warm-up pass. Prints median / p95 ms per page and pages per second.
//   npm run bench:render  [-- --limit 300]
import { renderBlocks } from '../src/render/render.js';
import { extractContent } from '../src/extract/content/extract-content.js';
import { extractIndex } from '../src/extract/index-page.js';
import type { Block } from '../src/extract/blocks.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { loadCorpus } from './corpus.js';
import { percentile } from './stats.js';

const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Infinity;
const pages = loadCorpus(limit);

interface Sample {
  profile: 'content' | 'index';
  title: string | null;
  blocks: Block[];
  extractMs: number;
}

const samples: Sample[] = [];
for (const page of pages) {
  for (const [profile, extract] of [
    ['content', extractContent],
    ['index', extractIndex],
  ] as const) {
    const t = performance.now();
    const r = extract(parseHtml(page.html), page.url);
    const extractMs = performance.now() - t;
    if (r) samples.push({ profile, title: r.title, blocks: r.blocks, extractMs });
  }
}

function measure(profile: 'content' | 'index', format: 'text' | 'markdown', maxChars: number): number[] {
  const times: number[] = [];
  for (const s of samples) {
    if (s.profile !== profile) continue;
    const t = performance.now();
    renderBlocks(s.blocks, { format, title: s.title, maxChars });
    times.push(performance.now() - t);
  }
  return times;
}

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const total = xs.reduce((a, b) => a + b, 0);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), perSecond: xs.length / (total / 1000) };
};

// Warm-up so the table measures compiled code.
for (const f of ['text', 'markdown'] as const) measure('content', f, 200_000);

const rows: string[][] = [];
for (const profile of ['content', 'index'] as const) {
  const extract = stats(samples.filter((s) => s.profile === profile).map((s) => s.extractMs));
  rows.push([
    `${profile}: parse + extract`,
    extract.median.toFixed(2),
    extract.p95.toFixed(2),
    extract.perSecond.toFixed(0),
  ]);
  for (const format of ['text', 'markdown'] as const) {
    for (const maxChars of [200_000, 2_000]) {
      const s = stats(measure(profile, format, maxChars));
      rows.push([
        `${profile}: render ${format}, max_chars ${maxChars}`,
        s.median.toFixed(2),
        s.p95.toFixed(2),
        s.perSecond.toFixed(0),
      ]);
    }
  }
}

console.log(`pages: ${pages.length}, extractions: ${samples.length}\n`);
console.log('| step | median ms | p95 ms | pages/s |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
