// A body class on each paragraph ("bodytext", "article-text" on every <p>) declares the
// paragraphs, not the headings set between them: "Fragen für den Bewährungstest" between two
// p.bodytext is the text's own subheading, and a list set between two of them is the text's own
// list (a blog platform marks each paragraph as post body, not its lists). A heading or a list
// that sits between two declared siblings of the same parent joins them, in place.
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { isSubheading } from '../../dom/headings.js';
import type { ElementStats } from './element-stats.js';
import { DECLARED_MEMBER_LINK_DENSITY } from '../thresholds/readings.js';

const LIST = /^[ou]l$/;

/** `declared` (document order) with the <h2>-<h6>, <ul> and <ol> siblings that sit between two
 *  of its members under the same parent added in place. Reads only the members' parents' children. */
export function withHeadingsAndListsBetween(declared: Element[], stats: ElementStats): Element[] {
  if (declared.length < 2) return declared;
  let out: Element[] | null = null;
  for (let i = 1; i < declared.length; i++) {
    const prev = declared[i - 1]!;
    const cur = declared[i]!;
    const between = headingsAndListsBetween(prev, cur, stats);
    if (between.length === 0) {
      out?.push(cur);
      continue;
    }
    out ??= declared.slice(0, i);
    out.push(...between, cur);
  }
  return out ?? declared;
}

/** The headings and lists among the siblings strictly between `a` and `b` (same parent), when
 *  nothing but those and blank text sits there; none otherwise. */
function headingsAndListsBetween(a: Element, b: Element, stats: ElementStats): Element[] {
  if (a.parent === null || a.parent !== b.parent) return [];
  const found: Element[] = [];
  for (let n = a.next; n !== null && n !== b; n = n.next) {
    if (n.type === ElementType.Text) {
      if ((n as { data: string }).data.trim() !== '') return [];
      continue;
    }
    if (n.type === ElementType.Comment) continue;
    if (n.type !== ElementType.Tag) return [];
    const el = n;
    // Measured (not left out by the attempt), and a heading or a list no more linked than a
    // declared member may be (not a teaser list); anything else between them is not declared text.
    if (!stats.get(el)) return [];
    if (!isSubheading(el) && !(LIST.test(el.name) && stats.linkDensity(el) <= DECLARED_MEMBER_LINK_DENSITY)) return [];
    found.push(el);
  }
  return found;
}
