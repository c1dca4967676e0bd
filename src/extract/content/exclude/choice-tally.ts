// The counts choice-panels.ts judges a box by, for every box at once in one walk of the page.
// For each box above an option input (up to the page's frame), what a climb from every input
// would have listed: the options below it in page order, an option met twice in a row listed
// once; the shown text of the options listed that lie inside the box; and the box's own shown
// text. A climb per input and a text walk per box cost inputs x depth (and the lists as much
// memory) and depth x elements on a page of nested boxes; this walk costs one visit per element.
//
// How: a box's list is its children's lists joined in order, where a child's first option is
// dropped when it repeats the option listed just before it (a list's repeats are dropped where
// they first meet, and stay dropped higher up). An input's option counts toward a box's text
// from the lowest box holding both the input and the option: the option itself when it is the
// label around the input or the input's parent, else the two's nearest common box, found on the
// open path of the walk when the later of the two is met.
import { ElementType } from 'domelementtype';
import type { Element, ParentNode } from 'domhandler';
import { isElement } from '../../dom/walk.js';
import { nonSpaceLength } from '../../dom/measures.js';

/** What the walk found for one box with options below it. */
export interface BoxTally {
  box: Element;
  /** Options listed (one input's option repeated by the next input's counted once). */
  options: number;
  /** Shown text of the options listed that lie inside the box (each time listed). */
  optionChars: number;
  /** Shown text of the box. */
  chars: number;
}

/** Never counted: text that is not shown. */
export const SILENT_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript']);

/** Every box under `root` (not `frame` boxes, nor above one) with options below it: `inputs`, in
 *  page order, each standing for `options[i]`. */
export function tallyChoices(
  root: ParentNode,
  inputs: readonly Element[],
  options: readonly Element[],
  frame: ReadonlySet<string>,
): BoxTally[] {
  const inputAt = new Map<Element, number>();
  inputs.forEach((input, i) => inputAt.set(input, i));
  // Each option's inputs, for the ones met before their option; an option's position once met.
  const waiting = new Map<Element, number[]>();
  for (let i = 0; i < options.length; i++) {
    const list = waiting.get(options[i]!);
    if (list) list.push(i);
    else waiting.set(options[i]!, [i]);
  }
  const optionPos = new Map<Element, number>();
  const optionInk = new Map<Element, number>();
  const inputMet = new Uint8Array(inputs.length);
  const inputPos = new Int32Array(inputs.length);
  /** Depth of the deepest frame box above each input: its climb stops below it. */
  const climbFloor = new Int32Array(inputs.length);
  /** Depth of the lowest box holding both an input and its option, on its climb (0: none). */
  const joinDepth = new Int32Array(inputs.length);
  /** An input's entry dropped somewhere as a repeat (then dropped in every box above). */
  const merged = new Uint8Array(inputs.length);

  // The open path: element, position, depth of the deepest frame box at or above it, and the
  // box's running tallies (its children's so far).
  const pathEl: ParentNode[] = [root];
  const pathPos: number[] = [-1];
  const pathFrame: number[] = [0];
  const next: number[] = [0];
  const count: number[] = [0];
  const first: number[] = [-1];
  const last: Array<Element | null> = [null];
  const optionSum: number[] = [0];
  const ink: number[] = [0];
  /** The inputs whose option lies inside the open box at each depth from there up (made only
   *  for a box that has one: an array per element was most of the walk's garbage). */
  const joins: Array<number[] | null> = [null];
  const tallies: BoxTally[] = [];
  let pos = 0;
  let depth = 0;

  /** The deepest open box entered at or before position `at` (the lowest holding it). */
  const lowestHolding = (at: number): number => {
    let lo = 1;
    let hi = depth;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pathPos[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return pathPos[lo]! <= at ? lo : 0;
  };
  const join = (i: number, d: number): void => {
    if (d > climbFloor[i]!) {
      joinDepth[i] = d;
      const here = joins[d];
      if (here) here.push(i);
      else joins[d] = [i];
    }
  };

  for (;;) {
    const node = pathEl[depth]!;
    const kids = node.children;
    const at = next[depth]!;
    if (at < kids.length) {
      next[depth] = at + 1;
      const kid = kids[at]!;
      if (kid.type === ElementType.Text) ink[depth] = ink[depth]! + nonSpaceLength(kid.data);
      if (!isElement(kid)) continue;
      depth++;
      pathEl[depth] = kid;
      pathPos[depth] = pos++;
      pathFrame[depth] = frame.has(kid.name) ? depth : pathFrame[depth - 1]!;
      next[depth] = 0;
      count[depth] = 0;
      first[depth] = -1;
      last[depth] = null;
      optionSum[depth] = 0;
      ink[depth] = 0;
      joins[depth] = null;
      const i = inputAt.get(kid);
      if (i !== undefined) {
        inputMet[i] = 1;
        inputPos[i] = pos - 1;
        climbFloor[i] = pathFrame[depth - 1]!;
        const seen = optionPos.get(options[i]!);
        if (seen !== undefined) join(i, lowestHolding(seen));
      }
      const mine = waiting.get(kid);
      if (mine) {
        optionPos.set(kid, pos - 1);
        // The inputs met before their option: the lowest box holding both is open now.
        for (const j of mine) if (inputMet[j] === 1) join(j, lowestHolding(inputPos[j]!));
      }
      continue;
    }
    if (depth === 0) return tallies;
    // The element at `depth` is done: its own answers, then fold them into its parent's.
    const el = pathEl[depth] as Element;
    const chars = ink[depth]!;
    if (waiting.has(el)) optionInk.set(el, chars);
    // The options that lie inside this box from here up, unless already dropped as repeats.
    const joined = joins[depth];
    if (joined)
      for (const i of joined) if (merged[i] === 0) optionSum[depth] = optionSum[depth]! + optionInk.get(options[i]!)!;
    const boxCount = count[depth]!;
    if (boxCount > 0 && pathFrame[depth] !== depth)
      tallies.push({ box: el, options: boxCount, optionChars: optionSum[depth]!, chars });
    const d = depth;
    depth--;
    if (!SILENT_TAGS.has(el.name)) ink[depth] = ink[depth]! + chars;
    const i = inputAt.get(el);
    if (i !== undefined) {
      // The input's own entry, in its parent's list.
      if (pathFrame[depth] === depth && depth > 0) continue;
      if (last[depth] === options[i]) merged[i] = 1;
      else {
        if (first[depth] === -1) first[depth] = i;
        count[depth] = count[depth]! + 1;
        last[depth] = options[i]!;
      }
    } else if (boxCount > 0 && pathFrame[d] !== d) {
      const head = first[d]!;
      let n = boxCount;
      if (last[depth] === options[head]) {
        // The child's first option repeats the one before it: listed once here and above.
        merged[head] = 1;
        n--;
        if (joinDepth[head]! > depth) optionSum[d] = optionSum[d]! - optionInk.get(options[head]!)!;
      } else if (first[depth] === -1) first[depth] = head;
      count[depth] = count[depth]! + n;
      optionSum[depth] = optionSum[depth]! + optionSum[d]!;
      last[depth] = last[d]!;
    }
  }
}
