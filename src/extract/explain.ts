// What an extraction did, for a caller who asks why (the cleaners' `explain` field): the readings
// it tried, the container it chose, and every element or block it left out, with the rule that
// left it out. Recorded only when asked: without a recorder the extractors take no note at all.
import type { AnyNode, Element } from 'domhandler';
import type { Block, Profile } from './blocks.js';
import { isElement, isPlainTag, isTextNode, textContent } from './dom/walk.js';
import { collapseWhitespace } from './dom/measures.js';
import { blockText } from './to-blocks/block-text.js';
import { attribute } from '../parse/nodes.js';

/** One element or block left out. An open record: a rule may add what it weighed (a score). */
export interface Dropped {
  /** The rule that left it out (an exclusion, a prune, a conversion skip or a block pass). */
  rule: string;
  /** 'element': left out before conversion; 'block': dropped by a block pass. */
  stage: 'element' | 'block';
  /** Where it was: its ancestors from <body> as tag#id.class, joined by " > ". */
  path: string;
  /** Its characters of text, whitespace collapsed. */
  chars: number;
  /** Its first EXPLAIN_TEXT_CHARS characters. */
  text: string;
  [more: string]: unknown;
}

/** One reading (a way of gathering the content) and what became of it. */
export interface ReadingTried {
  name: string;
  /** It applied to the page and to what was found before it. */
  tried: boolean;
  /** Characters it read; null when it read nothing. */
  chars: number | null;
  accepted: boolean;
  why: string;
}

/** One profile's account of a page. */
export interface Explanation {
  profile: Profile;
  /** The page type the page declares (content profile), or null. */
  page_type: string | null;
  readings: ReadingTried[];
  /** How the chosen reading read ('declared', 'scored', 'whole page', ...); null: none read text. */
  strategy: string | null;
  /** The chosen roots' paths, joined by " + "; null when nothing was chosen or the text came
   *  from the page's JSON-LD. */
  container: string | null;
  /** What the chosen reading left out, in document order of the rule that met it. */
  dropped: Dropped[];
  /** Records not kept past EXPLAIN_MAX_DROPPED. */
  dropped_omitted: number;
  /** The paths of the elements the markup hides that were read as shown (dom/visibility.ts:
   *  page-wide wrappers a script reveals), outermost first. */
  revealed: string[];
}

/** The cleaners' `meta.explain`: the account of the profile that produced the content (else of
 *  the requested one), and the fallback between profiles. */
export interface CleanExplanation extends Explanation {
  fallback: {
    /** The other profile produced the content. */
    used: boolean;
    why: string | null;
    /** The account of the other profile, when it ran. */
    other: Explanation | null;
  };
}

/** What an extractor is handed to explain itself: `explain` set by the caller, `explanation`
 *  filled by the extractor. */
export interface ExplainRequest {
  explain?: boolean;
  explanation?: Explanation;
}

/** The first characters of a dropped text kept in its record. */
export const EXPLAIN_TEXT_CHARS = 80;
/** Records kept per reading: a page can leave out thousands of elements, and the answer carries
 *  them all. */
export const EXPLAIN_MAX_DROPPED = 500;

/** Collects the drops of one conversion. */
export class DropLog {
  /** The element each converted block was read from (to-blocks notes it), for block records. */
  readonly origins = new Map<Block, Element>();

  /** `dropped` and `omitted`: records to go on from (an account already made), else none. */
  constructor(
    readonly dropped: Dropped[] = [],
    public omitted = 0,
  ) {}

  /** `el` and its subtree were left out by `rule`; elements without text are not listed.
   *  `before` names the boxes inside `el` an earlier rule had already left out (else null): a
   *  prune weighs a box without them, so they are listed under their own rule, after `el`, and
   *  `el`'s record holds only the rest of its text (else a box the exclusions emptied would be
   *  listed whole under the prune that met what was left of it). */
  element(el: Element, rule: string, before?: (inner: Element) => string | null): void {
    const inner: Array<[Element, string]> = [];
    const text = collapseWhitespace(before ? textOutside(el, before, inner) : textContent(el)).trim();
    if (text !== '') this.add({ rule, stage: 'element', path: elementPath(el), chars: text.length, text: clip(text) });
    for (const [box, r] of inner) this.element(box, r);
  }

  /** `block` was dropped by the block pass `rule`. */
  block(block: Block, rule: string): void {
    const origin = this.origins.get(block);
    const text = collapseWhitespace(blockText(block)).trim();
    this.add({ rule, stage: 'block', path: origin ? elementPath(origin) : '', chars: text.length, text: clip(text) });
  }

  /** The blocks a pass named `rule` dropped going from `before` to `after`. */
  pass(rule: string, before: readonly Block[], after: readonly Block[]): void {
    if (before !== after) for (const b of droppedBlocks(before, after)) this.block(b, rule);
  }

  /** Another log's records after this one's (a reading made of two conversions). */
  append(other: DropLog | undefined): void {
    if (!other) return;
    for (const d of other.dropped) this.add(d);
    this.omitted += other.omitted;
    for (const [b, el] of other.origins) this.origins.set(b, el);
  }

  private add(d: Dropped): void {
    if (this.dropped.length < EXPLAIN_MAX_DROPPED) this.dropped.push(d);
    else this.omitted++;
  }
}

/** The blocks `before` held that `after` does not, by identity, leaving out those a pass only
 *  rewrote (a new block with the same text in `after`). */
export function droppedBlocks(before: readonly Block[], after: readonly Block[]): Block[] {
  const kept = new Set(after);
  const rewritten = new Map<string, number>();
  const known = new Set(before);
  for (const b of after) {
    if (known.has(b)) continue;
    const t = blockText(b);
    rewritten.set(t, (rewritten.get(t) ?? 0) + 1);
  }
  const out: Block[] = [];
  for (const b of before) {
    if (kept.has(b)) continue;
    const t = blockText(b);
    const n = rewritten.get(t) ?? 0;
    if (n > 0) rewritten.set(t, n - 1);
    else out.push(b);
  }
  return out;
}

/** An element's ancestors from <body> (or the top), as tag#id.class, joined by " > ". */
export function elementPath(el: AnyNode): string {
  const parts: string[] = [];
  for (let n: AnyNode | null = el; n && isPlainTag(n); n = n.parent) {
    parts.push(describe(n));
    if (n.name === 'body') break;
  }
  return parts.reverse().join(' > ');
}

/** An element as tag#id.class (its first three classes). */
export function describe(n: AnyNode): string {
  if (!isPlainTag(n)) return '#text';
  const id = attribute(n, 'id');
  const cls = attribute(n, 'class')?.trim().split(/\s+/).slice(0, 3).join('.');
  return `${n.name}${id ? '#' + id : ''}${cls ? '.' + cls : ''}`;
}

/** `el`'s text outside the boxes `before` names; those boxes are put in `found`, outermost
 *  only, in document order. */
function textOutside(el: Element, before: (inner: Element) => string | null, found: Array<[Element, string]>): string {
  let out = '';
  const stack: AnyNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (isTextNode(n)) out += n.data;
    else if (isElement(n)) {
      const r = before(n);
      if (r !== null) found.push([n, r]);
      else for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }
  return out;
}

function clip(text: string): string {
  return text.length <= EXPLAIN_TEXT_CHARS ? text : text.slice(0, EXPLAIN_TEXT_CHARS);
}
