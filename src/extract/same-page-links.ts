// Links into the page being read (footnote markers, "back to top", tables of contents) lead
// nowhere for a reader of the extracted text: they keep their text and lose the address.
import type { Block, Inline } from './blocks.js';
import { isStyled } from './blocks.js';
import { mapLeafBlocks, type LeafBlock } from './block-walk.js';

export function dropSamePageLinks(blocks: Block[], pageUrl: string): Block[] {
  const page = withoutFragment(pageUrl);
  const inl = (nodes: Inline[]): Inline[] =>
    nodes.map((n) => {
      if (n.type === 'link') {
        const href = n.href !== null && withoutFragment(n.href) === page ? null : n.href;
        return { type: 'link', href, children: inl(n.children) };
      }
      if (isStyled(n)) return { ...n, children: inl(n.children) };
      return n;
    });
  const leaf = (b: LeafBlock): Block => {
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        return { ...b, children: inl(b.children) };
      case 'table':
        return {
          type: 'table',
          rows: b.rows.map((r) => ({ cells: r.cells.map((c) => ({ ...c, children: inl(c.children) })) })),
        };
      case 'image':
        return b.caption ? { ...b, caption: inl(b.caption) } : b;
      default:
        return b;
    }
  };
  return mapLeafBlocks(blocks, leaf);
}

function withoutFragment(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}
