// The rows the learned block labeller scores (docs/learned-extraction.md, "Context and
// sequence", "Drop only"): the WHOLE page as blocks in reading order, each read with its
// neighbours, its section and its containers, beside whether the rules' answer holds it. One row
// per page block, PAGE_ROW_WIDTH numbers, computed from the engine's own objects (the page's
// conversion, its exclusions, the chosen reading), so the same code can run in the pipeline if a
// model ever ships. bench/learned/page-blocks.ts writes the rows; scripts/learned/ reads them
// (one copy of the features).
import type { Element } from 'domhandler';
import type { Block } from '../../src/extract/blocks.js';
import { isElement } from '../../src/extract/dom/walk.js';
import { toBlocks } from '../../src/extract/to-blocks/to-blocks.js';
import type { ContentContext } from '../../src/extract/content/context.js';
import { renderText } from '../../src/render/text.js';
import { log1p as logOf, ownMeasures, profileBlocks, share } from './block-measures.js';

/** The page's kinds a declaration names (the row's declared-type column is the index). */
export const DECLARED_TYPES = ['unknown', 'article', 'product', 'forum', 'listing'];
/** Ancestors a block's containers are read from: its element and nine above it. */
const MAX_ANCESTORS = 10;
/** Blocks read each side of a block. */
const NEIGHBOURS = 3;
/** Blocks each side over which the answer's share of the text is taken. */
const WINDOWS = [3, 10];
/** The ancestor levels whose containers are measured (1: the element's parent). */
const LEVELS = [1, 2, 3, 4, 6, 9];
/** A distance to the answer's nearest block is capped here (51: no answer block on that side). */
const FAR = 50;
export const PAGE_ROW_WIDTH = 14 + 4 + 4 + 6 * 2 * NEIGHBOURS + WINDOWS.length + 5 + 6 + 6 * LEVELS.length;

/** One page block as the rows read it. */
export interface PageBlock {
  block: Block;
  /** Its text as the text renderer prints it, plain (what the labels were matched on). */
  text: string;
  /** The element it was read from, if the conversion noted one. */
  origin: Element | undefined;
}

/** What the rows need of the page beyond its blocks. */
export interface PageBasis {
  /** DECLARED_TYPES index of the page's declared type. */
  declaredType: number;
  /** The index (in the readings table) of the reading that read the rules' answer. */
  reading: number;
  /** The page's characters of text (PageFacts.textLength). */
  pageChars: number;
  /** The rules' always-excluded chrome (navigation, footers...) holds this element. */
  chrome(el: Element): boolean;
}

const WORD = /[\p{L}\p{N}_]+/gu;

/** The wcxb metric's word tokens: lower-cased runs of letters, digits and underscores. */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

function trigrams(tokens: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i++) out.add(`${tokens[i]}\u0000${tokens[i + 1]}\u0000${tokens[i + 2]}`);
  return out;
}

/** Characters as code points (the training scripts count them so). */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** Each answer block's page block: an unused page block of the same text, the first after the
 *  last match (readings keep reading order), else the first (a reading put a part first, as a
 *  standfirst), else none (-1). */
export function matchAnswer(pageTexts: readonly string[], answerTexts: readonly string[]): number[] {
  const where = new Map<string, number[]>();
  pageTexts.forEach((t, i) => {
    const at = where.get(t);
    if (at) at.push(i);
    else where.set(t, [i]);
  });
  const used = new Set<number>();
  let last = -1;
  return answerTexts.map((t) => {
    const free = (where.get(t) ?? []).filter((i) => !used.has(i));
    const at = free.find((i) => i > last) ?? free[0] ?? -1;
    if (at >= 0) {
      last = at;
      used.add(at);
    }
    return at;
  });
}

/** The element and its ancestors up to MAX_ANCESTORS (innermost first, <html> left out), and
 *  whether the chrome holds any of them. */
function ancestry(el: Element | undefined, basis: PageBasis): { anc: Element[]; chrome: number } {
  const anc: Element[] = [];
  let chrome = 0;
  for (let p: Element | undefined = el; p && anc.length < MAX_ANCESTORS;) {
    anc.push(p);
    if (basis.chrome(p)) chrome = 1;
    const up = p.parent;
    p = up && isElement(up) && up.name !== 'html' ? up : undefined;
  }
  return { anc, chrome };
}

interface Read {
  x: number[];
  chars: number;
  tokens: number;
  anc: Element[];
  chrome: number;
}

/** The own measures of every page block (14) and the page's (4), as the dump's columns. */
function ownRows(page: readonly PageBlock[], basis: PageBasis): number[][] {
  const profiles = page.map((b) => profileBlocks([b.block]));
  const counts = new Map<string, number>();
  let total = 0;
  for (const p of profiles) {
    total += p.chars;
    const t = p.lines.join('\n');
    if (t !== '') counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const pageShare = share(total, basis.pageChars);
  return page.map((b, i) => {
    const p = profiles[i]!;
    const t = p.lines.join('\n');
    const repeats = t === '' ? 0 : (counts.get(t) ?? 1) - 1;
    return [...ownMeasures(b.block, p), repeats, basis.declaredType, basis.reading, pageShare, logOf(basis.pageChars)];
  });
}

/** One row of PAGE_ROW_WIDTH numbers per page block. `inside[i]`: the answer holds page block i;
 *  `answerTexts`: the answer's blocks' texts (those matched to no page block too). */
export function pageRows(
  page: readonly PageBlock[],
  inside: readonly boolean[],
  answerTexts: readonly string[],
  basis: PageBasis,
): number[][] {
  const n = page.length;
  const own = ownRows(page, basis);
  const reads: Read[] = page.map((b, i) => {
    const { anc, chrome } = ancestry(b.origin, basis);
    return { x: own[i]!, chars: codePoints(b.text), tokens: 0, anc, chrome };
  });
  const tokens = page.map((b) => wordTokens(b.text));
  tokens.forEach((t, i) => (reads[i]!.tokens = t.length));
  const ins = inside.map((v) => (v ? 1 : 0));
  let total = 0;
  const cum = [0];
  const cumIn = [0];
  for (let i = 0; i < n; i++) {
    total += reads[i]!.chars;
    cum.push(cum[i]! + reads[i]!.chars);
    cumIn.push(cumIn[i]! + reads[i]!.chars * ins[i]!);
  }
  if (total === 0) total = 1;
  const idxIn: number[] = [];
  for (let i = 0; i < n; i++) if (ins[i]) idxIn.push(i);
  const firstIn = idxIn.length ? idxIn[0]! : n;
  const lastIn = idxIn.length ? idxIn[idxIn.length - 1]! : -1;
  // Containers: chars, answer chars, chrome chars and blocks under each ancestor.
  const cont = new Map<Element, [number, number, number, number]>();
  reads.forEach((r, i) => {
    for (const a of r.anc) {
      let c = cont.get(a);
      if (!c) cont.set(a, (c = [0, 0, 0, 0]));
      c[0] += r.chars;
      c[1] += r.chars * ins[i]!;
      c[2] += r.chars * r.chrome;
      c[3] += 1;
    }
  });
  // Sections: the heading each block falls under (-1: before the first heading).
  const section: number[] = [];
  const secChars = new Map<number, number>();
  const secIn = new Map<number, number>();
  let head = -1;
  for (let i = 0; i < n; i++) {
    if (reads[i]!.x[0] === 0) head = i;
    section.push(head);
    secChars.set(head, (secChars.get(head) ?? 0) + reads[i]!.chars);
    secIn.set(head, (secIn.get(head) ?? 0) + reads[i]!.chars * ins[i]!);
  }
  // How much of a block's text the answer holds already (outside it: a copy, a teaser).
  const answerTri = new Set<string>();
  for (const t of answerTexts) for (const g of trigrams(wordTokens(t))) answerTri.add(g);
  const repeated = tokens.map((t) => {
    if (t.length < 3) return -1;
    const g = trigrams(t);
    let hit = 0;
    for (const x of g) if (answerTri.has(x)) hit++;
    return hit / g.size;
  });
  const rows: number[][] = [];
  let after = 0;
  for (let i = 0; i < n; i++) {
    const r = reads[i]!;
    const row = [...r.x, ins[i]!, r.chrome, Math.log1p(r.tokens), repeated[i]!];
    for (let d = -NEIGHBOURS; d <= NEIGHBOURS; d++) {
      if (d === 0) continue;
      const y = reads[i + d];
      row.push(...(y ? [1, ins[i + d]!, y.chrome, y.x[0]!, y.x[2]!, y.x[3]!] : [0, -1, -1, -1, -1, -1]));
    }
    for (const w of WINDOWS) {
      const lo = Math.max(0, i - w);
      const hi = Math.min(n, i + w + 1);
      const c = cum[hi]! - cum[lo]!;
      row.push(c ? (cumIn[hi]! - cumIn[lo]!) / c : 0);
    }
    while (after < idxIn.length && idxIn[after]! <= i) after++;
    // The answer's nearest blocks strictly before and after this one.
    let before = after - 1;
    if (before >= 0 && idxIn[before] === i) before--;
    row.push(
      before >= 0 ? Math.min(i - idxIn[before]!, FAR) : FAR + 1,
      after < idxIn.length ? Math.min(idxIn[after]! - i, FAR) : FAR + 1,
      i < firstIn ? 1 : i > lastIn ? 2 : 0,
      firstIn < n ? (cum[i]! - cum[firstIn]!) / total : 0,
      cum[i]! / total,
    );
    const h = section[i]!;
    const sc = secChars.get(h)!;
    row.push(
      h >= 0 ? 1 : 0,
      h >= 0 ? i - h : i,
      h >= 0 ? reads[h]!.x[1]! : 0,
      h >= 0 ? ins[h]! : -1,
      Math.log1p(sc),
      sc ? secIn.get(h)! / sc : 0,
    );
    for (const lv of LEVELS) {
      const a = r.anc[lv];
      const c = a && cont.get(a);
      row.push(
        ...(c
          ? [1, Math.log1p(c[0]), c[0] / total, c[0] ? c[1] / c[0] : 0, c[0] ? c[2] / c[0] : 0, Math.log1p(c[3])]
          : [0, -1, -1, -1, -1, -1]),
      );
    }
    rows.push(row);
  }
  return rows;
}

/** A block as the rows read it: the text renderer's plain line(s) (what the labels are matched on). */
export const plainText = (b: Block): string => renderText([b], { title: null, plain: true });

/** The page as blocks in reading order (only hidden elements left out), each with its text and
 *  the element it was read from. */
export function wholePageBlocks(ctx: ContentContext): PageBlock[] {
  const origins = new Map<Block, Element>();
  const blocks = toBlocks(ctx.frame, ctx.resolver, { isHidden: ctx.ex.isHidden, origins });
  return blocks.map((block) => ({ block, text: plainText(block), origin: origins.get(block) }));
}

/** The rows of the page's blocks beside `answer` (the rules' answer, read by the reading at
 *  `reading` in the readings table), and where each answer block is among them (-1: nowhere). */
export function answerRows(
  ctx: ContentContext,
  whole: readonly PageBlock[],
  answer: readonly Block[],
  reading: number,
): { rows: number[][]; at: number[] } {
  const answerTexts = answer.map(plainText);
  const at = matchAnswer(
    whole.map((b) => b.text),
    answerTexts,
  );
  const inside = whole.map(() => false);
  for (const i of at) if (i >= 0) inside[i] = true;
  const rows = pageRows(whole, inside, answerTexts, {
    declaredType: DECLARED_TYPES.indexOf(ctx.declaredType),
    reading,
    pageChars: ctx.facts.textLength,
    chrome: (el) => ctx.ex.always(el),
  });
  return { rows, at };
}
