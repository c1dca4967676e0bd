// The index profile's tidy pass over its blocks: images out (a caption stays as a line), each
// link address listed once (later mentions keep their text; a trailing "Continue reading" to
// an address already listed goes), empty blocks out.
import type { Block, Inline, ListItem } from '../blocks.js';
import { plain } from '../real-text.js';

/** What identifies a link target for "listed once": the address without its fragment. */
function linkKey(href: string): string {
  const i = href.indexOf('#');
  return i < 0 ? href : href.slice(0, i);
}

export function tidy(blocks: Block[]): Block[] {
  const seen = new Set<string>();
  return tidyBlocks(blocks, seen);
}

function tidyBlocks(blocks: Block[], seen: Set<string>): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    switch (b.type) {
      case 'heading':
      case 'paragraph': {
        const children = tidyInlines(b.children, seen);
        if (children) out.push({ ...b, children });
        break;
      }
      case 'list': {
        const items: ListItem[] = [];
        for (const item of b.items) {
          const children = tidyBlocks(item.children, seen);
          if (children.length) items.push({ children });
        }
        if (items.length) out.push({ ...b, items });
        break;
      }
      case 'quote': {
        const children = tidyBlocks(b.children, seen);
        if (children.length) out.push({ type: 'quote', children });
        break;
      }
      case 'table': {
        const rows = [];
        for (const row of b.rows) {
          const cells = row.cells.map((c) => ({ header: c.header, children: tidyInlines(c.children, seen) ?? [] }));
          if (cells.some((c) => c.children.length)) rows.push({ cells });
        }
        if (rows.length) out.push({ type: 'table', rows });
        break;
      }
      case 'image': {
        // Images are not readable text; a caption is.
        const caption = b.caption ? tidyInlines(b.caption, seen) : null;
        if (caption) out.push({ type: 'paragraph', children: caption });
        break;
      }
      case 'code':
        if (b.text.trim()) out.push(b);
        break;
      case 'rule':
        break;
    }
  }
  return out;
}

/**
 * Inlines with images removed and repeated links reduced to their text. Returns null when
 * nothing readable is left, or when the block was nothing but a link already listed (a
 * "Read more" or image link to a teaser already shown).
 */
function tidyInlines(nodes: Inline[], seen: Set<string>): Inline[] | null {
  const stripped = stripImages(nodes);
  if (!plain(stripped).trim()) return null;
  const links = topLinks(stripped);
  const onlyLink =
    links.length === 1 &&
    plainOutside(stripped)
      .trim()
      .replace(/[\s\p{P}\p{S}]/gu, '') === '';
  if (onlyLink && seen.has(linkKey(links[0]!.href!))) return null;
  const marked = markSeen(stripped, seen, true);
  return plain(marked).trim() ? marked : null;
}

function stripImages(nodes: Inline[]): Inline[] {
  if (!hasImage(nodes)) return nodes;
  const out: Inline[] = [];
  for (const n of nodes) {
    if (n.type === 'image') continue;
    if (n.type === 'link' || n.type === 'emphasis' || n.type === 'strong')
      out.push({ ...n, children: stripImages(n.children) });
    else out.push(n);
  }
  return out;
}

function hasImage(nodes: Inline[]): boolean {
  for (const n of nodes) {
    if (n.type === 'image') return true;
    if ((n.type === 'link' || n.type === 'emphasis' || n.type === 'strong') && hasImage(n.children)) return true;
  }
  return false;
}

/** Links with an address, outermost only. */
function topLinks(nodes: Inline[]): Array<Extract<Inline, { type: 'link' }>> {
  const out: Array<Extract<Inline, { type: 'link' }>> = [];
  for (const n of nodes) {
    if (n.type === 'link' && n.href !== null && plain(n.children).trim()) out.push(n);
    else if (n.type === 'emphasis' || n.type === 'strong') out.push(...topLinks(n.children));
  }
  return out;
}

/** Text outside any addressed link. */
function plainOutside(nodes: Inline[]): string {
  let s = '';
  for (const n of nodes) {
    if (n.type === 'link' && n.href !== null) continue;
    if (n.type === 'text' || n.type === 'code') s += n.text;
    else if (n.type === 'link' || n.type === 'emphasis' || n.type === 'strong') s += plainOutside(n.children);
  }
  return s;
}

/**
 * First occurrence of an address keeps its link; later ones keep only their text, except at
 * the end of a block, where a repeated link is a "Continue reading" and goes entirely.
 */
function markSeen(nodes: Inline[], seen: Set<string>, atEnd: boolean): Inline[] {
  const out: Inline[] = [];
  let last = nodes.length - 1;
  while (last >= 0 && isBlank(nodes[last]!)) last--;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (n.type === 'link' && n.href !== null && plain(n.children).trim()) {
      const key = linkKey(n.href);
      if (seen.has(key) && atEnd && i === last) {
        dropTrailingSeparator(out);
        continue;
      }
      if (seen.has(key)) out.push({ type: 'link', href: null, children: n.children });
      else {
        seen.add(key);
        out.push(n);
      }
    } else if (n.type === 'emphasis' || n.type === 'strong')
      out.push({ ...n, children: markSeen(n.children, seen, atEnd && i === last) });
    else out.push(n);
  }
  return out;
}

/** "… | hide | <dropped link>": the separator before a dropped trailing link goes with it. */
function dropTrailingSeparator(out: Inline[]): void {
  const lastNode = out[out.length - 1];
  if (lastNode?.type !== 'text') return;
  const trimmed = lastNode.text.replace(/[\s|·•,;/–—-]+$/u, '');
  if (trimmed === lastNode.text.trimEnd()) return;
  if (trimmed === '') out.pop();
  else out[out.length - 1] = { type: 'text', text: trimmed };
}

function isBlank(n: Inline): boolean {
  return (n.type === 'text' && n.text.trim() === '') || n.type === 'break';
}
