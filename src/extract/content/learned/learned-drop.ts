// The learned drop (the answer's last block pass, passes/passes.ts): the page is read as blocks
// again, whole, each page block scored by the learned labeller with its neighbours, section and
// containers (page-rows.ts, block-model.ts), and the answer's blocks it scores under the model's
// threshold are dropped. It only drops: what the rules left out stays out. The answer is kept
// whole on the page types the model is gated off, and when dropping would leave under the
// model's floor of its words. docs/learned-extraction.md has the training and the figures.
import type { Document, Element } from 'domhandler';
import type { Block } from '../../blocks.js';
import type { HiddenTest } from '../../dom/visibility.js';
import type { UrlResolver } from '../../dom/url-resolver.js';
import type { DeclaredType } from '../../page/page-type.js';
import { toBlocks } from '../../to-blocks/to-blocks.js';
import { scoreRow, type BlockModel } from './block-model.js';
import { DECLARED_TYPES, matchAnswer, pageRows, wordTokens, type PageBlock } from './page-rows.js';

/** What the learned drop reads of the page (the content profile's ContentContext). */
export interface LearnedPage {
  readonly frame: Element | Document;
  readonly resolver: UrlResolver;
  readonly ex: { readonly isHidden: HiddenTest; always(el: Element): boolean };
  readonly terms: WeakSet<Block>;
  readonly declaredType: DeclaredType;
  readonly facts: { readonly textLength: number };
  /** One per reading, in the readings table's order; the last accepted read the answer. */
  readonly outcomes: ReadonlyArray<{ readonly accepted?: boolean }>;
  /** The labeller, or null for the rules alone. */
  readonly learned: LearnedDrop | null;
}

/** The labeller and how a block reads as text: the text renderer's plain line(s), which the
 *  model's features were computed on (the cleaner hands it in: extract does not import render). */
export interface LearnedDrop {
  readonly model: BlockModel;
  readonly text: (block: Block) => string;
}

/** A dropped block's score and the threshold it fell under, for explain (the pass's `note`). */
const decided = new WeakMap<Block, { score: number; threshold: number }>();

export function learnedNote(block: Block): Record<string, unknown> | undefined {
  return decided.get(block);
}

/** The page as blocks in reading order (only hidden elements left out), each with its text and
 *  the element it was read from. */
export function wholePageBlocks(page: LearnedPage, text: (b: Block) => string): PageBlock[] {
  const origins = new Map<Block, Element>();
  const blocks = toBlocks(page.frame, page.resolver, { isHidden: page.ex.isHidden, terms: page.terms, origins });
  return blocks.map((block) => ({ block, text: text(block), origin: origins.get(block) }));
}

/** The rows of the page's blocks beside `answer` (the rules' answer), and where each answer
 *  block is among them (-1: nowhere). `only`: the rows of the answer's blocks alone. */
export function answerRows(
  page: LearnedPage,
  whole: readonly PageBlock[],
  answer: readonly Block[],
  text: (b: Block) => string,
  only = false,
): { rows: number[][]; at: number[] } {
  const answerTexts = answer.map(text);
  const at = matchAnswer(
    whole.map((b) => b.text),
    answerTexts,
  );
  const inside = whole.map(() => false);
  for (const i of at) if (i >= 0) inside[i] = true;
  let reading = -1;
  page.outcomes.forEach((o, i) => {
    if (o.accepted === true) reading = i;
  });
  const basis = {
    declaredType: DECLARED_TYPES.indexOf(page.declaredType),
    reading,
    pageChars: page.facts.textLength,
    chrome: (el: Element) => page.ex.always(el),
  };
  const rows = pageRows(whole, inside, answerTexts, basis, only ? inside : null);
  return { rows, at };
}

/** The answer without the blocks the model scores under its threshold. */
export function learnedDrop(answer: Block[], page: LearnedPage): Block[] {
  if (!page.learned || answer.length === 0 || page.learned.model.gate.includes(page.declaredType)) return answer;
  const { model, text } = page.learned;
  const whole = wholePageBlocks(page, text);
  const { rows, at } = answerRows(page, whole, answer, text, true);
  let words = 0;
  let kept = 0;
  const drop: Array<{ score: number } | null> = answer.map((_, j) => {
    const i = at[j]!;
    if (i < 0) return null;
    const n = wordTokens(whole[i]!.text).length;
    words += n;
    const score = n > 0 ? scoreRow(model, rows[i]!) : 1;
    if (score >= model.dropUnder) {
      kept += n;
      return null;
    }
    return { score };
  });
  if (words === 0 || kept < model.floor * words || drop.every((d) => d === null)) return answer;
  const out: Block[] = [];
  answer.forEach((b, j) => {
    const d = drop[j];
    if (d) decided.set(b, { score: round(d.score), threshold: model.dropUnder });
    else out.push(b);
  });
  return out;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
