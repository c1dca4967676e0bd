// node dist/bench/learned/page-blocks.js [--out=FILE] [--limit=N]: the training data of a block
// labeller that reads each block with its neighbours (docs/learned-extraction.md, "Context and
// sequence"). For every page of both development sets it writes one JSON line: the truth, the
// rules' answer (each block's text and the page block it was read from, or -1) and the WHOLE
// page as blocks in reading order (the body converted with only hidden elements left out), each
// page block with its measures (block-features.ts, over the page's sequence), its place
// (block-context.ts), the ids of its ancestors (so a script can measure its containers) and
// whether the rules' chrome exclusions leave it out. A model may so drop blocks of the answer
// and add page blocks the rules left out. Only the tune split is trained on
// (scripts/learned/train-block-sequence.py).
import { writeFileSync } from 'node:fs';
import type { Element } from 'domhandler';
import { runPasses } from '../../src/extract/content/passes/passes.js';
import { toBlocks } from '../../src/extract/to-blocks/to-blocks.js';
import { pageOptions } from '../../src/extract/content/readings/convert.js';
import { isElement } from '../../src/extract/dom/walk.js';
import { renderText } from '../../src/render/text.js';
import type { Block } from '../../src/extract/blocks.js';
import type { ContentContext } from '../../src/extract/content/context.js';
import { dumpArgs, rulesAnswer } from './rules-answer.js';
import { answerBasis, blockFeatures } from './block-features.js';
import { blockPlace, type BlockPlace } from './block-context.js';
import { loadWcxb } from '../wcxb.js';
import { loadCorpus } from '../corpus.js';
import { siteOf, splitOf } from '../quality-split.js';

/** Ancestors whose ids are written: enough for a block's section, its column and its frame. */
const MAX_ANCESTORS = 10;

interface PageBlock {
  x: number[];
  text: string;
  place: BlockPlace;
  /** Ids of the block's element and its ancestors, innermost first (ids are per page). */
  anc: number[];
  /** The rules' always-excluded chrome (navigation, footers, ...) holds it. */
  chrome: number;
}

interface Dumped {
  answer: Array<{ text: string; at: number }>;
  page: PageBlock[];
}

function ancestry(
  el: Element | undefined,
  ids: Map<Element, number>,
  ctx: ContentContext,
): { anc: number[]; chrome: number } {
  const anc: number[] = [];
  let chrome = 0;
  for (let p: Element | undefined = el, n = 0; p && n < MAX_ANCESTORS; n++) {
    let id = ids.get(p);
    if (id === undefined) ids.set(p, (id = ids.size));
    anc.push(id);
    if (ctx.ex.always(p)) chrome = 1;
    const up = p.parent;
    p = up && isElement(up) && up.name !== 'html' ? up : undefined;
  }
  return { anc, chrome };
}

function dumped(html: string, finalUrl: string, plain: boolean): Dumped {
  const { ctx, found, reading } = rulesAnswer(html, finalUrl, true);
  const origins = new Map<Block, Element>();
  const pageBlocks = toBlocks(ctx.frame, ctx.resolver, { ...pageOptions(ctx, {}), origins });
  const text = (b: Block): string => renderText([b], { title: null, plain });
  const texts = pageBlocks.map(text);
  const xs = blockFeatures(pageBlocks, answerBasis(ctx, reading));
  const ids = new Map<Element, number>();
  const page = pageBlocks.map((b, i) => {
    const el = origins.get(b);
    return { x: xs[i]!, text: texts[i]!, place: blockPlace(el), ...ancestry(el, ids, ctx) };
  });
  if (found.chars === 0) return { answer: [], page };
  // Each answer block is matched to an unused page block of the same text: the first after the
  // last match (readings keep reading order), else the first (a reading put a part first, as a
  // standfirst), else to none.
  const where = new Map<string, number[]>();
  texts.forEach((t, i) => where.set(t, [...(where.get(t) ?? []), i]));
  const used = new Set<number>();
  let last = -1;
  const answer = runPasses('answer', found.blocks, ctx).blocks.map((b) => {
    const t = text(b);
    const free = (where.get(t) ?? []).filter((i) => !used.has(i));
    const at = free.find((i) => i > last) ?? free[0] ?? -1;
    if (at >= 0) {
      last = at;
      used.add(at);
    }
    return { text: t, at };
  });
  return { answer, page };
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
