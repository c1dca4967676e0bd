import type { Nodes } from 'mdast';
import { visit } from 'unist-util-visit';

/** Every node of a markdown tree, in document order (depth first). */
export function markdownNodes(tree: Nodes): Nodes[] {
  const out: Nodes[] = [];
  visit(tree, (node) => {
    out.push(node);
  });
  return out;
}
