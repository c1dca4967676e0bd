// The standfirst: the sentence or two a page prints between its title heading and the article
// body ("deck", "dek", subtitle). It often sits in the article header, beside the body that
// scoring picks, and carries no telling class name (a plain <p> or <h2> after the <h1>), so
// the class-based lead rule misses it. It is article text: bring it back.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import { isElement, textContent } from '../../dom/walk.js';
import { foldText, linkTextChars, textChars } from '../../dom/measures.js';
import { normalizedText } from '../../page/page-title.js';
import { type ElementStats } from './element-stats.js';
import { LINE_BLOCKS } from '../../vocabulary/tags.js';
import {
  MAX_BLOCKS,
  MAX_CAPTION_CHARS,
  MAX_CROSSED_LINK_CHARS,
  MAX_TOTAL_CHARS,
  STANDFIRST_BLOCK_MIN_CHARS,
  STANDFIRST_MAX_CLIMB,
  STANDFIRST_MAX_LINK_DENSITY,
} from '../thresholds/select.js';

const TEXT_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** "12.05.2022 | Source: dpa | 4 min read": a line of fields, not a sentence. */
const FIELD_LINE = /\|.*\|/;

export interface OutputView {
  roots: ChildNode[];
  stats: ElementStats;
  pruned: Set<Element>;
  /** Elements an attempt leaves out (its exclusion rules), checked on the walk. */
  excluded: (el: Element) => boolean;
}

/**
 * Prose blocks after the title heading and before the first text of the chosen article, when
 * they are not already part of it. Empty when the heading is itself inside the article, or
 * when the walk does not reach the article within a few levels (the heading is elsewhere).
 */
export function findStandfirst(heading: Element | null, view: OutputView): Element[] {
  if (!heading) return [];
  const output = new OutputTest(view);
  if (output.has(heading)) return [];
  const titleText = normalizedText(heading);
  const found: Element[] = [];
  // Pages often print the standfirst twice (desktop and mobile layouts, one hidden by CSS).
  const seen = new Set<string>();
  let total = 0;
  let reached = false;
  let gaveUp = false;
  let crossedLinks = 0;

  // Pre-order from `start`: stop at the first printed text (the article begins), skip what
  // the attempt leaves out, take prose blocks, look inside other wrappers.
  const scan = (start: Element): void => {
    const stack: Element[] = [start];
    while (stack.length > 0 && !reached && !gaveUp) {
      const el = stack.pop()!;
      // Below `start`, each element's parent was met and is not printed (it would have ended
      // the scan or been skipped): its own answer is all there is to read.
      if (el === start ? output.has(el) : output.hasBelowUnprinted(el)) {
        if (view.stats.get(el)!.chars > 0) reached = true;
        continue;
      }
      if (view.excluded(el) || el.name === 'figure') continue;
      if (el.name === 'a') {
        crossedLinks += textChars(el);
        continue;
      }
      if (!isTextBlock(el)) {
        for (let i = el.children.length - 1; i >= 0; i--) {
          const c = el.children[i]!;
          if (isElement(c)) stack.push(c);
        }
        continue;
      }
      const { chars, linkChars } = linkTextChars(el);
      // The counts first: the text is read and folded only for a block they let through.
      const folded =
        crossedLinks <= MAX_CROSSED_LINK_CHARS &&
        chars >= STANDFIRST_BLOCK_MIN_CHARS &&
        linkChars / chars < STANDFIRST_MAX_LINK_DENSITY
          ? standfirstText(el)
          : null;
      if (
        folded !== null &&
        !folded.includes(titleText) &&
        !seen.has(folded) &&
        !(chars < MAX_CAPTION_CHARS && el.name === 'p' && followsPicture(el))
      ) {
        found.push(el);
        seen.add(folded);
        total += chars;
        if (found.length > MAX_BLOCKS || total > MAX_TOTAL_CHARS) gaveUp = true;
      } else {
        crossedLinks += linkChars;
      }
    }
  };

  let x: Element = heading;
  for (let level = 0; level < STANDFIRST_MAX_CLIMB && !reached && !gaveUp; level++) {
    const parent = x.parent;
    if (!parent || !isElement(parent)) break;
    for (let s = x.next; s && !reached && !gaveUp; s = s.next) if (isElement(s)) scan(s);
    x = parent;
    if (x.name === 'body' || x.name === 'html') break;
  }
  return reached && !gaveUp ? found : [];
}

/** The block's folded text (as the title's is folded), or null for a line of fields. */
function standfirstText(el: Element): string | null {
  const text = textContent(el);
  return FIELD_LINE.test(text) ? null : foldText(text);
}

/** Is the element (with text) part of what the attempt prints: neither it nor an ancestor up to
 *  a root left out or pruned. Asked of the heading and of where each scan starts, an answer is
 *  kept for each element climbed through (the climbs share their ancestors); asked of an element
 *  below a start, whose parent is known not printed, it reads the element alone: a climb per
 *  element cost elements x depth on a page of nested boxes, and a kept answer per element the
 *  memory of a map as large as the page. */
class OutputTest {
  private readonly roots: Set<ChildNode>;
  private readonly known = new Map<Element, boolean>();

  constructor(private readonly view: OutputView) {
    this.roots = new Set(view.roots);
  }

  has(el: Element): boolean {
    // Climb to the first element whose answer is known or settles here, then hand it down.
    const path: Element[] = [];
    let answer = false;
    for (let p: Element | null = el; p && isElement(p); p = p.parent as Element | null) {
      const known = this.known.get(p);
      if (known !== undefined) {
        answer = known;
        break;
      }
      path.push(p);
      if (!this.keptHere(p)) break;
      if (this.roots.has(p)) {
        answer = true;
        break;
      }
    }
    for (const p of path) this.known.set(p, answer);
    return answer;
  }

  /** has() of an element whose parent is not printed: printed only if it is a root itself. */
  hasBelowUnprinted(el: Element): boolean {
    return this.keptHere(el) && this.roots.has(el);
  }

  /** Neither left out nor pruned here (an ancestor may still be). */
  private keptHere(el: Element): boolean {
    return !!this.view.stats.get(el) && !this.view.pruned.has(el);
  }
}

/** One line of text: a paragraph or heading, or a wrapper with no block elements inside. */
function isTextBlock(el: Element): boolean {
  if (TEXT_TAGS.has(el.name)) return true;
  if (el.name !== 'div' && el.name !== 'section' && el.name !== 'header') return false;
  for (const c of el.children) if (isElement(c) && LINE_BLOCKS.has(c.name)) return false;
  return true;
}

/** Is the element straight after a picture (an element holding an image and no text)? */
function followsPicture(el: Element): boolean {
  let prev = el.prev;
  while (prev && prev.type === ElementType.Text && prev.data.trim() === '') prev = prev.prev;
  if (!prev || !isElement(prev)) return false;
  let image = false;
  const stack: ChildNode[] = [prev];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === ElementType.Text) {
      if (n.data.trim() !== '') return false;
    } else if (isElement(n)) {
      if (n.name === 'img' || n.name === 'picture') image = true;
      for (const c of n.children) stack.push(c);
    }
  }
  return image;
}
