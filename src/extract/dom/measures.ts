// Text measures used by scoring and pruning. All iterative.
import { ElementType } from 'domelementtype';
import type { AnyNode, ChildNode, Element, ParentNode } from 'domhandler';
import { isElement } from './walk.js';

/** Characters of text under `root` once whitespace runs are collapsed (per text node). */
export function textChars(root: ParentNode): number {
  let chars = 0;
  const stack: ChildNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i]!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === ElementType.Text) chars += collapsedLength(node.data);
    else if (isElement(node)) {
      const kids = node.children;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  }
  return chars;
}

/** Collapsed characters under `root` (as textChars), and those inside <a> elements. */
export function linkTextChars(root: ParentNode): { chars: number; linkChars: number } {
  let chars = 0;
  let linkChars = 0;
  const nodes: ChildNode[] = [];
  const inLinks: boolean[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) {
    nodes.push(root.children[i]!);
    inLinks.push(false);
  }
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const inLink = inLinks.pop()!;
    if (node.type === ElementType.Text) {
      const len = collapsedLength(node.data);
      chars += len;
      if (inLink) linkChars += len;
    } else if (isElement(node)) {
      const kids = node.children;
      for (let i = kids.length - 1; i >= 0; i--) {
        nodes.push(kids[i]!);
        inLinks.push(inLink || node.name === 'a');
      }
    }
  }
  return { chars, linkChars };
}

/** Length of a string once whitespace runs are collapsed to one space (ends kept as one). */
export function collapsedLength(s: string): number {
  let n = 0;
  let inSpace = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160;
    if (space) {
      if (!inSpace) n++;
      inSpace = true;
    } else {
      n++;
      inSpace = false;
    }
  }
  return n;
}

/** Something `replace(/\s+/g, ' ')` would change: a white space other than a space, or two in
 *  a row. Prose has a match of /\s+/ at every space, each replaced by a space it already is. */
const WHITESPACE_TO_COLLAPSE = /[^\S ]|\s\s/;

export function collapseWhitespace(s: string): string {
  return (WHITESPACE_TO_COLLAPSE.test(s) ? s.replace(/\s+/g, ' ') : s).trim();
}

/** A string as compared with another: whitespace collapsed, lower case. */
export function foldText(s: string): string {
  return collapseWhitespace(s).toLowerCase();
}

/** Characters of `s` that are not white space (space, tab, newline, carriage return, form feed,
 *  no-break space). */
export function nonSpaceLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 12 && c !== 160) n++;
  }
  return n;
}

/** Raw text length of a subtree (every text node's length, scripts included), without
 *  building its text. */
export function rawTextLength(node: AnyNode): number {
  let n = 0;
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const cur = stack.pop()!;
    if (cur.type === ElementType.Text) n += cur.data.length;
    else if (isElement(cur) || cur.type === ElementType.Root) for (const c of (cur as Element).children) stack.push(c);
  }
  return n;
}
