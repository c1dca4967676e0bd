// node dist/bench/element-candidates.js [--out=FILE] [--limit=N]: the training data of a learned
// element filter (docs/learned-extraction.md). For every page of both development sets
// whose answer the strict reading gives, it writes one JSON line: the page's set, id, type and
// split, its truth (wcxb-dev: the main content; the article set: its snippets), the answer's text
// without the filter, and each judged element inside the chosen container (element-features.ts)
// with its feature vector and the text the conversion would read from it. Only the tune split is
// trained on (scripts/learned/train-element-filter.py); check pages are there to validate.
import { writeFileSync } from 'node:fs';
import type { AnyNode } from 'domhandler';
import type { Plan } from '../src/extract/content/readings/attempt.js';
import { runPasses } from '../src/extract/content/passes/passes.js';
import { renderText } from '../src/render/text.js';
import { isElement, isTextNode } from '../src/extract/dom/walk.js';
import { dumpArgs, rulesAnswer } from './learned/rules-answer.js';
import { judgedElements } from './learned/element-features.js';
import { loadWcxb } from './wcxb.js';
import { loadCorpus } from './corpus.js';
import { siteOf, splitOf } from './quality-split.js';

/** The text the conversion reads under `node` (what the plan keeps of it). */
function keptText(node: AnyNode, plan: Plan, out: string[]): void {
  if (isTextNode(node)) out.push(node.data);
  if (!isElement(node)) return;
  if (!plan.stats.get(node) || plan.pruned.has(node) || plan.excluded(node)) return;
  for (const kid of node.children) keptText(kid, plan, out);
}

function answerElements(
  html: string,
  finalUrl: string,
  plain: boolean,
): { reading: string; answer: string; elements: Array<{ x: number[]; text: string; depth: number }> } {
  const { ctx, found, reading } = rulesAnswer(html, finalUrl);
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
  const { out, limit } = dumpArgs('element-candidates');
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
