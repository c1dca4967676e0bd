// node dist/bench/learned/page-blocks.js [--out=FILE] [--limit=N]: the training data of the
// block labeller that reads each block with its neighbours (docs/learned-extraction.md, "Context
// and sequence", "Drop only"). For every page of both development sets it writes one JSON line:
// the truth, the rules' answer (each block's text and the page block it was read from, or -1) and
// the WHOLE page as blocks in reading order (the body converted with only hidden elements left
// out), each page block with its text and the row the labeller scores, computed by the pipeline's
// (bench/learned/page-rows.ts). Only the tune split is trained on
// (scripts/learned/train-block-drop.py, train-block-sequence.py).
import { writeFileSync } from 'node:fs';
import type { Block } from '../../src/extract/blocks.js';
import { runPasses } from '../../src/extract/content/passes/passes.js';
import { renderText } from '../../src/render/text.js';
import { answerRows, wholePageBlocks } from './page-rows.js';
import { READING_INDEX } from './candidate-features.js';
import { dumpArgs, rulesAnswer } from './rules-answer.js';
import { loadWcxb } from '../wcxb.js';
import { loadCorpus } from '../corpus.js';
import { siteOf, splitOf } from '../quality-split.js';

interface PageBlock {
  /** The row the labeller scores (page-rows.ts). */
  row: number[];
  /** Its text, in the set's format (plain for wcxb, markdown for the article set). */
  text: string;
}

interface Dumped {
  answer: Array<{ text: string; at: number }>;
  page: PageBlock[];
}

function dumped(html: string, finalUrl: string, plain: boolean): Dumped {
  const { ctx, found, reading } = rulesAnswer(html, finalUrl);
  const whole = wholePageBlocks(ctx);
  const answerBlocks = found.chars === 0 ? [] : runPasses('answer', found.blocks, ctx).blocks;
  const { rows, at } = answerRows(ctx, whole, answerBlocks, READING_INDEX.get(reading) ?? -1);
  const text = (b: Block): string => renderText([b], { title: null, plain });
  const page = whole.map((b, i) => ({ row: rows[i]!, text: text(b.block) }));
  return { answer: answerBlocks.map((b, j) => ({ text: text(b), at: at[j]! })), page };
}

function main(): void {
  const { out, limit } = dumpArgs('page-blocks');
  const lines: string[] = [];
  for (const page of loadWcxb(limit)) {
    const base = { set: 'wcxb', id: page.id, site: page.site, type: page.type, split: splitOf(page.site) };
    lines.push(JSON.stringify({ ...base, truth: page.truth, ...dumped(page.html, page.finalUrl, true) }));
  }
  for (const page of loadCorpus(limit)) {
    const site = siteOf(page.url);
    const base = { set: 'articles', id: page.file, site, type: 'article', split: splitOf(site) };
    lines.push(
      JSON.stringify({ ...base, with: page.with, without: page.without, ...dumped(page.html, page.finalUrl, false) }),
    );
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} pages written to ${out}`);
}

main();
