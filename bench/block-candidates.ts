// node dist/bench/block-candidates.js [--out=FILE] [--limit=N]: the training data of a learned
// block filter (docs/learned-extraction.md). For every page of both development sets
// it reads the answer as the content profile does without the filter (every reading, then the
// answer's passes) and writes one JSON line per page: its set, id, page type and split, the truth
// (wcxb-dev: the main content; the article set: its snippets) and each block's feature vector
// (block-features.ts) and text. Only the tune split is trained on
// (scripts/learned/train-block-filter.py); check pages are there to validate.
import { writeFileSync } from 'node:fs';
import { runPasses } from '../src/extract/content/passes/passes.js';
import { renderText } from '../src/render/text.js';
import { dumpArgs, rulesAnswer } from './learned/rules-answer.js';
import { answerBasis, blockFeatures } from './learned/block-features.js';
import { loadWcxb } from './wcxb.js';
import { loadCorpus } from './corpus.js';
import { siteOf, splitOf } from './quality-split.js';

/** The answer's blocks without the filter: their features and texts. */
function answerBlocks(html: string, finalUrl: string, plain: boolean): Array<{ x: number[]; text: string }> {
  const { ctx, found, reading } = rulesAnswer(html, finalUrl);
  if (found.chars === 0) return [];
  const blocks = runPasses('answer', found.blocks, ctx).blocks;
  const xs = blockFeatures(blocks, answerBasis(ctx, reading));
  return blocks.map((b, i) => ({ x: xs[i]!, text: renderText([b], { title: null, plain }) }));
}

function main(): void {
  const { out, limit } = dumpArgs('block-candidates');
  const lines: string[] = [];
  for (const page of loadWcxb(limit)) {
    const blocks = answerBlocks(page.html, page.finalUrl, true);
    const base = { set: 'wcxb', id: page.id, type: page.type, split: splitOf(page.site) };
    lines.push(JSON.stringify({ ...base, truth: page.truth, blocks }));
  }
  for (const page of loadCorpus(limit)) {
    const blocks = answerBlocks(page.html, page.finalUrl, false);
    const base = { set: 'articles', id: page.file, type: 'article', split: splitOf(siteOf(page.url)) };
    lines.push(JSON.stringify({ ...base, with: page.with, without: page.without, blocks }));
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} pages written to ${out}`);
}

main();
