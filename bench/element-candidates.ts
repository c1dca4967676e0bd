// node dist/bench/element-candidates.js [--out=FILE] [--limit=N]: the training data of a learned
// element filter (docs/learned-extraction.md). For every page of both development sets
// whose answer the strict reading gives, it writes one JSON line: the page's set, id, type and
// split, its truth (wcxb-dev: the main content; the article set: its snippets), the answer's text
// without the filter, and each judged element inside the chosen container (element-features.ts)
// with its feature vector and the text the conversion would read from it. Only the tune split is
// trained on (scripts/learned/train-element-filter.py); check pages are there to validate.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnyNode } from 'domhandler';
import { parseHtml } from '../src/parse/parse-html.js';
import { ContentContext } from '../src/extract/content/context.js';
import { READINGS } from '../src/extract/content/readings/readings.js';
import { NOTHING, type Plan } from '../src/extract/content/readings/attempt.js';
import { runReading } from '../src/extract/content/readings/reading.js';
import { runPasses } from '../src/extract/content/passes/passes.js';
import { renderText } from '../src/render/text.js';
import { isElement } from '../src/extract/dom/walk.js';
import { judgedElements } from './learned/element-features.js';
import { loadWcxb } from './wcxb.js';
import { loadCorpus } from './corpus.js';
import { siteOf, splitOf } from './quality-split.js';

/** The text the conversion reads under `node` (what the plan keeps of it). */
function keptText(node: AnyNode, plan: Plan, out: string[]): void {
  if (node.type === 'text') out.push((node as { data: string }).data);
  if (!isElement(node)) return;
  if (!plan.stats.get(node) || plan.pruned.has(node) || plan.excluded(node)) return;
  for (const kid of node.children) keptText(kid, plan, out);
}

function answerElements(
  html: string,
  finalUrl: string,
  plain: boolean,
): { reading: string; answer: string; elements: Array<{ x: number[]; text: string; depth: number }> } {
  const ctx = new ContentContext(parseHtml(html), finalUrl);
  let found = NOTHING;
  for (const r of READINGS) found = runReading(ctx, r, found);
  const reading = ctx.outcomes.find((o) => o.attempt === found)?.reading ?? 'nothing';
  const answer =
    found.chars === 0 ? '' : renderText(runPasses('answer', found.blocks, ctx).blocks, { title: null, plain });
  if (reading !== 'strict' || !found.plan) return { reading, answer, elements: [] };
  const plan = found.plan;
  const elements = judgedElements(plan, ctx.declaredType).map((j) => {
    const parts: string[] = [];
    keptText(j.el, plan, parts);
    return { x: j.x, text: parts.join(' ').replace(/\s+/g, ' ').trim(), depth: j.x[2]! };
  });
  return { reading, answer, elements };
}

function main(): void {
  const outArg = process.argv.find((a) => a.startsWith('--out='))?.slice(6);
  const limitArg = process.argv.find((a) => a.startsWith('--limit='))?.slice(8);
  const limit = limitArg ? Number(limitArg) : Infinity;
  const out = resolve(outArg ?? 'bench/out/element-candidates.jsonl');
  const lines: string[] = [];
  for (const page of loadWcxb(limit)) {
    const base = { set: 'wcxb', id: page.id, type: page.type, split: splitOf(page.site) };
    lines.push(JSON.stringify({ ...base, truth: page.truth, ...answerElements(page.html, page.finalUrl, true) }));
  }
  for (const page of loadCorpus(limit)) {
    const base = { set: 'articles', id: page.file, type: 'article', split: splitOf(siteOf(page.url)) };
    const found = answerElements(page.html, page.finalUrl, false);
    lines.push(JSON.stringify({ ...base, with: page.with, without: page.without, ...found }));
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} pages written to ${out}`);
}

main();
