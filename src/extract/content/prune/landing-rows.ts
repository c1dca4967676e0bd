// Rows of a landing page inside the chosen container. A documentation or product site builds its
// landing pages from rows of one kind (the same tag and first class word): a heading, a
// paragraph, a few cards with linked titles and buttons. The pruning pass judges each row alone
// and leaves out those whose titles and buttons are links (link density) or whose class names a
// variant ("promo"), while the rows beside them stand. A reader reads every row: a pruned row
// with a heading and prose of its own, beside a row of its kind that was kept, is kept too.
import type { Element } from 'domhandler';
import { isElement } from '../../dom/walk.js';
import { attribute } from '../../../parse/nodes.js';
import type { ElementStats } from '../select/element-stats.js';
import { PROSE_PER_HEADING, ROW_MAX_LINK_DENSITY, ROW_MIN_OWN_CHARS } from '../thresholds/prunes.js';

const ROW_TAGS = new Set(['section']);

export function spareLandingRows(pruned: Set<Element>, stats: ElementStats): void {
  let spared: Element[] | null = null;
  for (const el of pruned) {
    if (!ROW_TAGS.has(el.name)) continue;
    const info = stats.get(el);
    if (
      !info ||
      info.headings === 0 ||
      info.chars - info.linkChars < Math.max(ROW_MIN_OWN_CHARS, PROSE_PER_HEADING * info.headings) ||
      info.linkChars > ROW_MAX_LINK_DENSITY * info.chars
    )
      continue;
    const kind = firstClass(el);
    if (kind === null || !el.parent) continue;
    let keptSibling = false;
    for (const sib of el.parent.children) {
      if (sib === el || !isElement(sib) || sib.name !== el.name || pruned.has(sib) || firstClass(sib) !== kind)
        continue;
      const si = stats.get(sib);
      if (si && si.headings > 0 && si.chars - si.linkChars >= ROW_MIN_OWN_CHARS) {
        keptSibling = true;
        break;
      }
    }
    if (keptSibling) (spared ??= []).push(el);
  }
  if (spared) for (const el of spared) pruned.delete(el);
}

function firstClass(el: Element): string | null {
  const cls = attribute(el, 'class');
  if (!cls) return null;
  const word = cls.trim().split(/\s+/)[0];
  return word ? word : null;
}
