// Whitespace rules shared by both renderers: HTML whitespace collapses to one space, characters no
// reader sees (soft hyphens, zero-width spaces) are dropped, a line never starts or ends with a space,
// and spaces at the edges of a link or emphasis move outside it ("[ foo ](u)" reads as " [foo](u) ").
// Empty links and emphasis disappear; two runs of one style side by side are one.
import type { Inline } from '../extract/blocks.js';
import { isStyled, isWrapper } from '../extract/blocks.js';
import { withoutInvisibles } from '../extract/dom/invisible-chars.js';

interface State {
  /** The last emitted character was a space (or we are at the start of the line). */
  space: boolean;
}

/** Something collapsing would change: a whitespace character other than a space (U+FEFF among them),
 *  two spaces, or another character no reader sees (invisible-chars.ts). */
const SPACE_TO_COLLAPSE = /[^\S ]| {2}|[\u00ad\u200b\u2060]/;

/** Whitespace runs as one space, and the characters no reader sees dropped (invisible-chars.ts: a
 *  soft hyphen, `&shy;`, only tells a browser where it may break a long word, so kept it would split
 *  the words a reader, a search or a word count sees, "Win\u00adzer"). Prose has a match at every
 *  space, and most texts are already collapsed: those are returned as they are, without rebuilding them. */
export function collapseSpace(s: string): string {
  return SPACE_TO_COLLAPSE.test(s) ? withoutInvisibles(s).replace(/\s+/g, ' ') : s;
}

function walk(nodes: Inline[], state: State, out: Inline[]): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text': {
        let t = collapseSpace(node.text);
        if (state.space && t.startsWith(' ')) t = t.slice(1);
        if (t === '') break;
        const last = out[out.length - 1];
        if (last && last.type === 'text') last.text += t;
        else out.push({ type: 'text', text: t });
        state.space = t.endsWith(' ');
        break;
      }
      case 'code': {
        const t = node.text.replace(/\s+/g, ' ');
        if (t.trim() === '') break;
        out.push({ type: 'code', text: t });
        state.space = false;
        break;
      }
      case 'image':
        out.push({ type: 'image', src: node.src, alt: node.alt.replace(/\s+/g, ' ').trim() });
        state.space = false;
        break;
      case 'math':
        out.push(node);
        state.space = false;
        break;
      case 'break':
        trimEnd(out);
        // A break at the start of a line, or two in a row, carries nothing.
        if (out.length > 0 && out[out.length - 1]?.type !== 'break') out.push({ type: 'break' });
        state.space = true;
        break;
      case 'link':
      case 'emphasis':
      case 'strong':
      case 'delete': {
        const inner: Inline[] = [];
        const before = state.space;
        walk(node.children, state, inner);
        // Leading space inside: it was emitted while state.space was false; move it out. Into a wrapper
        // nothing is written to yet (a link around bold, "[** Metropolis**]"), as a text of its own, which
        // that wrapper moves out in turn: the line before it does not end in a space (`before` is false).
        const first = inner[0];
        if (first && first.type === 'text' && first.text.startsWith(' ') && !before) {
          first.text = first.text.slice(1);
          if (first.text === '') inner.shift();
          if (out.length === 0) out.push({ type: 'text', text: ' ' });
          else pushSpace(out);
        }
        const trailing = trimEnd(inner);
        while (inner[inner.length - 1]?.type === 'break') inner.pop();
        if (!hasContent(inner)) {
          if (trailing) pushSpace(out);
          state.space = spaceAtEnd(out);
          break;
        }
        const last = out[out.length - 1];
        if (node.type === 'link') out.push({ type: 'link', href: node.href, children: inner });
        else if (last && isStyled(last) && last.type === node.type) join(last.children, inner);
        else out.push({ type: node.type, children: inner });
        if (trailing) pushSpace(out);
        state.space = trailing;
        break;
      }
    }
  }
}

/** Two runs of one style with nothing between them are one run: markdown cannot write them apart
 *  without switching markers (`**10**__LUOA__`), and no reader sees where one ended. */
function join(into: Inline[], more: Inline[]): void {
  const last = into[into.length - 1];
  const first = more[0];
  if (last?.type === 'text' && first?.type === 'text') {
    last.text += first.text;
    more = more.slice(1);
  } else if (last && first && isStyled(last) && isStyled(first) && last.type === first.type) {
    // Inline wrappers are capped in depth (to-blocks.ts), so this recursion is too.
    join(last.children, first.children);
    more = more.slice(1);
  }
  into.push(...more);
}

function pushSpace(out: Inline[]): void {
  const last = out[out.length - 1];
  if (last === undefined || last.type === 'break') return;
  if (last.type === 'text') {
    if (!last.text.endsWith(' ')) last.text += ' ';
  } else out.push({ type: 'text', text: ' ' });
}

function spaceAtEnd(out: Inline[]): boolean {
  const last = out[out.length - 1];
  if (last === undefined || last.type === 'break') return true;
  return last.type === 'text' && last.text.endsWith(' ');
}

/** Removes trailing spaces from the last text leaf; returns whether any were removed. */
function trimEnd(nodes: Inline[]): boolean {
  const last = nodes[nodes.length - 1];
  if (last === undefined) return false;
  if (last.type === 'text') {
    if (!last.text.endsWith(' ')) return false;
    last.text = last.text.trimEnd();
    if (last.text === '') nodes.pop();
    return true;
  }
  if (isWrapper(last)) {
    const removed = trimEnd(last.children);
    if (!hasContent(last.children)) nodes.pop();
    return removed;
  }
  return false;
}

/** True when the inlines hold visible text or an image. */
export function hasContent(nodes: Inline[]): boolean {
  for (const n of nodes) {
    if (n.type === 'text' && n.text.trim() !== '') return true;
    if (n.type === 'code' && n.text.trim() !== '') return true;
    if (n.type === 'image' || n.type === 'math') return true;
    if (isWrapper(n) && hasContent(n.children)) return true;
  }
  return false;
}

/** Collapsed, trimmed copy of a run of inlines (the input is not modified). */
export function normalizeInlines(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  walk(nodes, { space: true }, out);
  trimEnd(out);
  while (out[out.length - 1]?.type === 'break') out.pop();
  return out;
}
