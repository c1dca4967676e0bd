// node dist/bench/block-candidates.js [--out=FILE] [--limit=N]: the training data of a learned
// block filter (docs/learned-extraction.md). For every page of both development sets
// it reads the answer as the content profile does without the filter (every reading, then the
// answer's passes) and writes one JSON line per page: its set, id, page type and split, the truth
// (wcxb-dev: the main content; the article set: its snippets) and each block's feature vector
// (block-features.ts), text and place (block-context.ts: its element's and ancestors' tag and
// class/id words). Only the tune split is trained on
// (scripts/learned/train-block-filter.py); check pages are there to validate.
import { writeFileSync } from 'node:fs';
import { runPasses } from '../src/extract/content/passes/passes.js';
import { renderText } from '../src/render/text.js';
import { dumpArgs, rulesAnswer } from './learned/rules-answer.js';
import { answerBasis, blockFeatures } from './learned/block-features.js';
import { blockOrigins, blockPlace, type BlockPlace } from './learned/block-context.js';
import { loadWcxb } from './wcxb.js';
import { loadCorpus } from './corpus.js';
import { siteOf, splitOf } from './quality-split.js';

/** The answer's blocks without the filter: their features, texts and places. */
function answerBlocks(
  html: string,
  finalUrl: string,
  plain: boolean,
): Array<{ x: number[]; text: string; place: BlockPlace }> {
  const { ctx, found, reading } = rulesAnswer(html, finalUrl, true);
  if (found.chars === 0) return [];
  const blocks = runPasses('answer', found.blocks, ctx).blocks;
  const xs = blockFeatures(blocks, answerBasis(ctx, reading));
  const origins = blockOrigins(blocks, found.blocks, found.log?.origins ?? new Map());
  return blocks.map((b, i) => ({
    x: xs[i]!,
    text: renderText([b], { title: null, plain }),
    place: blockPlace(origins[i]),
  }));
}

function main(): void {
  const { out, limit } = dumpArgs('block-candidates');
  const lines: string[] = [];
  for (const page of loadWcxb(limit)) {
    const blocks = answerBlocks(page.html, page.finalUrl, true);
    const base = { set: 'wcxb', id: page.id, site: page.site, type: page.type, split: splitOf(page.site) };
    lines.push(JSON.stringify({ ...base, truth: page.truth, blocks }));
  }
  for (const page of loadCorpus(limit)) {
    const blocks = answerBlocks(page.html, page.finalUrl, false);
    const site = siteOf(page.url);
    const base = { set: 'articles', id: page.file, site, type: 'article', split: splitOf(site) };
    lines.push(JSON.stringify({ ...base, with: page.with, without: page.without, blocks }));
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} pages written to ${out}`);
}

main();
