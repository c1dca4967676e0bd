// A chapter page's content is the block under its title heading: the heading, a table of
// contents of the chapter's sections (links to the site's own pages) and an intro paragraph.
// Scoring passes over that block (most of its text is links) and a relaxed attempt then
// picks some small box elsewhere on the page (a "Submit correction" note, a newsletter
// form). When what was found is small and lies outside the title heading's block, and that
// block holds the heading, prose of its own and an in-site table of contents, the block is
// what a reader reads. The heading may be an <h2> (a documentation generator titles its
// chapter with one under the site's header): the one whose text the page title says, or
// closes the title with ("Site: Documentation: Chapter 11. Indexes").
import type { Element } from 'domhandler';
import type { ElementStats } from './element-stats.js';
import { normalizedText } from '../../page/page-title.js';
import { foldText } from '../../dom/measures.js';
import { isElement, isInside, visitElements } from '../../dom/walk.js';
import { attribute } from '../../../parse/nodes.js';
import {
  MAX_BLOCK_CHARS,
  MAX_PROSE_LINK_SHARE,
  MIN_CLOSING_CHARS,
  MIN_PROSE_CHARS,
  MIN_TOC_LINKS,
  MIN_TOC_LINK_SHARE,
  TITLE_BLOCK_MIN_SHARE,
  WRAPPER_SLACK,
} from '../thresholds/select.js';

const HEADINGS = new Set(['h1', 'h2']);
const LISTS = new Set(['ul', 'ol', 'dl']);
const OFF_SITE = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/** The title heading's block, when the found roots lie outside it and it reads as a chapter's
 *  opening; null otherwise. `stats` must measure the block (the strict measure). */
export function titleBlock(
  stats: ElementStats,
  title: string | null,
  heading: Element | null,
  roots: readonly unknown[],
  host: string | null,
): Element | null {
  const h = heading ?? titleHeadingIn(stats, title);
  if (!h) return null;
  const hChars = stats.get(h)?.chars ?? 0;
  if (hChars === 0) return null;
  let block: Element | null = null;
  for (let a = h.parent; a && isElement(a); a = a.parent) {
    const info = stats.get(a);
    if (!info) return null;
    if (info.chars > hChars + WRAPPER_SLACK) {
      block = a;
      break;
    }
  }
  if (!block || (stats.get(block)?.chars ?? 0) > MAX_BLOCK_CHARS) return null;
  for (const r of roots) {
    const node = r as Element;
    if (node === block || isInside(node, block) || isInside(block, node)) return null;
  }
  return readsAsChapter(block, stats, host) ? block : null;
}

/** The first <h1> or <h2> the page title says, or that closes it. */
function titleHeadingIn(stats: ElementStats, title: string | null): Element | null {
  if (!title) return null;
  const t = foldText(title);
  if (t === '') return null;
  for (const el of stats.order) {
    if (!HEADINGS.has(el.name)) continue;
    const h = normalizedText(el);
    if (h === '') continue;
    if (h.includes(t)) return el;
    if (!t.includes(h)) continue;
    if (h.length >= TITLE_BLOCK_MIN_SHARE * t.length) return el;
    if (h.length >= MIN_CLOSING_CHARS && t.endsWith(h) && /[\s:|\-–—·•»/]$/.test(t.slice(0, t.length - h.length)))
      return el;
  }
  return null;
}

function readsAsChapter(block: Element, stats: ElementStats, host: string | null): boolean {
  let prose = false;
  let toc = false;
  visitElements(block, (el) => {
    const info = stats.get(el);
    if (!info) return false;
    if (el.name === 'p') {
      if (info.chars - info.linkChars >= MIN_PROSE_CHARS && info.linkChars <= MAX_PROSE_LINK_SHARE * info.chars)
        prose = true;
      return false;
    }
    if (LISTS.has(el.name)) {
      if (
        !toc &&
        info.chars > 0 &&
        info.linkChars >= MIN_TOC_LINK_SHARE * info.chars &&
        inSiteLinks(el, host) >= MIN_TOC_LINKS
      )
        toc = true;
      return false;
    }
    return !(prose && toc);
  });
  return prose && toc;
}

function inSiteLinks(list: Element, host: string | null): number {
  let n = 0;
  visitElements(list, (el) => {
    if (el.name !== 'a') return true;
    const href = (attribute(el, 'href') ?? '').trim();
    if (href === '' || href.startsWith('#')) return false;
    if (!OFF_SITE.test(href)) n++;
    else if (host) {
      try {
        if (new URL(href, 'http://x/').hostname === host) n++;
      } catch {
        // not a link to count
      }
    }
    return false;
  });
  return n;
}
