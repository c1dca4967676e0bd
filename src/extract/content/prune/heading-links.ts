// Whether a heading's links all point into the page (prune.ts keeps a short linked heading whose
// links are "#section" anchors). Its links are those a walk of its subtree meets without going
// into a link; a fragment naming a box around the heading (a post's permalink) does not count
// as in-page. Asked of every short linked heading pruning keeps, and of the headings inside it:
// a walk per heading cost depth x elements on nested headings, and a climb per "#" link to look
// for the box it names cost links x depth. Here each element's answer is added up once, bottom
// up, from its children's, and a link's named box is looked up on the open path of that walk.
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { IndexSlots } from '../../dom/index-slots.js';
import { isElement, isPlainTag } from '../../dom/walk.js';

/** A link below points out of the page (an href not starting with "#"). */
const OUT = 1;
/** A link below points into the page ("#..."). */
const IN = 2;
/** No box named by a link below (the `named` depth when none). */
const NONE = 0x7fffffff;

export class HeadingLinks {
  /** 1 once an element's answers are known; flags, named depths and depths by slot. */
  private readonly slots = new IndexSlots(256);
  private flags = new Uint8Array(256);
  private named = new Int32Array(256);
  private depths = new Int32Array(256);
  /** Elements without a slot (no docIndex, or another tree's at the same index). */
  private readonly unslotted = new Map<Element, Answers>();
  /** The answers of the element last looked up (known()). */
  private readonly got: Answers = { flags: 0, named: NONE, depth: 0 };

  /** Every link in `heading` points into the page itself ("#section"), none to a box around it. */
  allWithinPage(heading: Element): boolean {
    if (!this.known(heading)) {
      this.walk(heading);
      this.known(heading);
    }
    // `named`: the depth of the outermost box a link's fragment names, among those around it.
    const { flags, named, depth } = this.got;
    return flags === IN && !(named < depth);
  }

  /** Answers `root`'s subtree: depth-first with the open path only, the ids of the open boxes
   *  kept by name with the outermost's depth (a fragment names a box around the heading when
   *  the outermost box with its id is above the heading). */
  private walk(root: Element): void {
    const rootDepth = depthOf(root);
    const pathEl: Element[] = [root];
    const next: number[] = [0];
    const flags: number[] = [0];
    const named: number[] = [NONE];
    let depth = 0;
    // The ids around the open path, read when the first fragment needs them: those above `root`
    // as a climb from a heading inside it meets them (plain tags only), then the open path's.
    let ids: Map<string, number> | null = null;
    const idsAround = (): Map<string, number> => {
      if (ids !== null) return ids;
      ids = new Map<string, number>();
      let d = rootDepth;
      for (let p = root.parent; p && isPlainTag(p); p = p.parent) {
        const id = attribute(p, 'id');
        d--;
        if (id !== undefined) ids.set(id, d);
      }
      for (let i = 0; i <= depth; i++) opened(ids, pathEl[i]!, rootDepth + i);
      return ids;
    };
    /** Folds a link below the box at `depth` into its answers: its own href, not its links. */
    const foldLink = (link: Element): void => {
      const href = attribute(link, 'href');
      if (href === undefined) return;
      const h = href.trim();
      if (!h.startsWith('#')) {
        flags[depth] = flags[depth]! | OUT;
        return;
      }
      flags[depth] = flags[depth]! | IN;
      const box = h.length > 1 ? idsAround().get(h.slice(1)) : undefined;
      if (box !== undefined && box < named[depth]!) named[depth] = box;
    };
    const got = this.got;
    for (;;) {
      const el = pathEl[depth]!;
      const kids = el.children;
      const at = next[depth]!;
      if (at >= kids.length) {
        this.keep(el, flags[depth]!, named[depth]!, rootDepth + depth);
        if (depth === 0) return;
        if (ids !== null) closed(ids, el, rootDepth + depth);
        depth--;
        if (el.name === 'a') foldLink(el);
        else {
          flags[depth] = flags[depth]! | flags[depth + 1]!;
          named[depth] = Math.min(named[depth]!, named[depth + 1]!);
        }
        continue;
      }
      next[depth] = at + 1;
      const kid = kids[at]!;
      if (!isElement(kid)) continue;
      if (this.known(kid)) {
        if (kid.name === 'a') foldLink(kid);
        else {
          flags[depth] = flags[depth]! | got.flags;
          named[depth] = Math.min(named[depth]!, got.named);
        }
        continue;
      }
      depth++;
      pathEl[depth] = kid;
      next[depth] = 0;
      flags[depth] = 0;
      named[depth] = NONE;
      if (ids !== null) opened(ids, kid, rootDepth + depth);
    }
  }

  /** Whether the element's answers are known; if so they are in `got`. */
  private known(el: Element): boolean {
    const at = this.slots.slot(el);
    if (at === -1) {
      const answers = this.unslotted.get(el);
      if (answers === undefined) return false;
      Object.assign(this.got, answers);
      return true;
    }
    if (this.slots.values[at] !== 1) return false;
    this.got.flags = this.flags[at]!;
    this.got.named = this.named[at]!;
    this.got.depth = this.depths[at]!;
    return true;
  }

  private keep(el: Element, flags: number, named: number, depth: number): void {
    const at = this.slots.slot(el);
    if (at === -1) {
      this.unslotted.set(el, { flags, named, depth });
      return;
    }
    const size = this.slots.values.length;
    if (this.flags.length < size) {
      this.flags = grown(this.flags, new Uint8Array(size));
      this.named = grown(this.named, new Int32Array(size));
      this.depths = grown(this.depths, new Int32Array(size));
    }
    this.slots.values[at] = 1;
    this.flags[at] = flags;
    this.named[at] = named;
    this.depths[at] = depth;
  }
}

interface Answers {
  flags: number;
  named: number;
  depth: number;
}

/** An open box's id, unless an outer box has it already. */
function opened(ids: Map<string, number>, el: Element, depth: number): void {
  const id = attribute(el, 'id');
  if (id !== undefined && !ids.has(id)) ids.set(id, depth);
}

/** A box closed: its id goes if it was the one kept. */
function closed(ids: Map<string, number>, el: Element, depth: number): void {
  const id = attribute(el, 'id');
  if (id !== undefined && ids.get(id) === depth) ids.delete(id);
}

function grown<T extends Uint8Array | Int32Array>(values: T, into: T): T {
  into.set(values);
  return into;
}

/** Ancestors of `el` (its depth from the top of its tree). */
function depthOf(el: Element): number {
  let d = 0;
  for (let p = el.parent; p; p = p.parent) d++;
  return d;
}
