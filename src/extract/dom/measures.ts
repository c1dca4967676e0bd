// Text measures used by scoring and pruning. All iterative.
import type { ChildNode, Element, ParentNode } from 'domhandler';
import { isElement } from './walk.js';

export interface TextStats {
  /** Characters of text after collapsing whitespace runs. */
  chars: number;
  /** Characters of text inside <a> elements. */
  linkChars: number;
  commas: number;
  /** Number of <a> elements with an href. */
  links: number;
}

const COMMAS = /[,，、،]/g;

/** Text statistics of a subtree in one pass. */
export function textStats(root: ParentNode): TextStats {
  const stats: TextStats = { chars: 0, linkChars: 0, commas: 0, links: 0 };
  const stack: Array<{ node: ChildNode; inLink: boolean }> = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push({ node: root.children[i]!, inLink: isElement(root as ChildNode) && (root as Element).name === 'a' });
  while (stack.length > 0) {
    const { node, inLink } = stack.pop()!;
    if (node.type === 'text') {
      const len = collapsedLength(node.data);
      stats.chars += len;
      if (inLink) stats.linkChars += len;
      const m = node.data.match(COMMAS);
      if (m) stats.commas += m.length;
    } else if (isElement(node)) {
      const link = inLink || node.name === 'a';
      if (node.name === 'a' && node.attribs['href'] !== undefined) stats.links++;
      const kids = node.children;
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, inLink: link });
    }
  }
  return stats;
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

export function linkDensity(stats: TextStats): number {
  return stats.chars === 0 ? 0 : stats.linkChars / stats.chars;
}

export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
