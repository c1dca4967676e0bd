// A document in sections: reference pages and long guides print each section as a sibling of
// the same kind (`<div class="sect1">`, `<section>`), each opening with its heading. Scoring
// picks the section with the most prose (a man page's OPTIONS, a guide's longest chapter);
// the page is the whole run of sections.
import type { Element, ParentNode } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isHeading } from '../../dom/headings.js';
import { isElement } from '../../dom/walk.js';
import type { ElementStats } from './element-stats.js';
import {
  ALREADY_SHARE,
  MIN_RUN_CHARS,
  MIN_SECTIONS,
  OPENING_HEADING_LEVELS,
  SECTION_HEADED_SHARE,
  SECTION_LEVELS,
  SECTION_MAX_LINK_DENSITY,
} from '../thresholds/select.js';

export function widenToSectionRun(top: Element, stats: ElementStats, body: ParentNode): Element {
  let el: Element = top;
  for (let level = 0; level <= SECTION_LEVELS; level++) {
    const parent = el.parent;
    if (!parent || parent === body || !isElement(parent) || parent.name === 'body' || parent.name === 'html')
      return top;
    if (el.name !== 'article' && isSectionRun(el, parent, stats)) {
      const pi = stats.get(parent);
      const ti = stats.get(top);
      if (
        pi &&
        ti &&
        pi.chars >= MIN_RUN_CHARS &&
        ti.chars < ALREADY_SHARE * pi.chars &&
        stats.linkDensity(parent) <= SECTION_MAX_LINK_DENSITY
      )
        return parent;
      return top;
    }
    el = parent;
  }
  return top;
}

function isSectionRun(section: Element, parent: Element, stats: ElementStats): boolean {
  const cls = attribute(section, 'class') ?? '';
  if (cls === '' && section.name !== 'section') return false;
  let same = 0;
  let headed = 0;
  for (const c of parent.children) {
    if (!isElement(c) || c.name !== section.name || (attribute(c, 'class') ?? '') !== cls) continue;
    if (!stats.get(c)) continue;
    same++;
    if (opensWithHeading(c)) headed++;
  }
  return same >= MIN_SECTIONS && headed >= SECTION_HEADED_SHARE * same;
}

/** The first element inside (through wrappers that open with it) is a heading. */
function opensWithHeading(el: Element): boolean {
  let cur: Element | undefined = el;
  for (let depth = 0; cur && depth < OPENING_HEADING_LEVELS; depth++) {
    const first: Element | undefined = cur.children.find(isElement);
    if (!first) return false;
    if (isHeading(first)) return true;
    cur = first;
  }
  return false;
}
