// Candidate scoring (readability lineage): every line-block with real text scores itself by
// length and commas and hands the score to its ancestors; the best-scoring ancestor, scaled
// by its link density, is the article; qualifying siblings join it.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element, ParentNode } from 'domhandler';
import { classWeight } from '../../dom/patterns.js';
import { isElement, isInside } from '../../dom/walk.js';
import type { AttemptFlags } from './attempt-flags.js';
import type { ElementInfo, ElementStats } from './element-stats.js';
import { attribute } from '../../../parse/nodes.js';
import { widenToSectionRun } from './section-runs.js';
import { isOpenedPanel } from '../../dom/visibility.js';
import {
  ALTERNATIVE_SCORE_SHARE,
  ANCESTOR_DIVIDER,
  ANCESTOR_LEVELS,
  CHARS_PER_POINT,
  CLIMB_SCORE_DIVIDER,
  EXTRA_MAX_LINK_DENSITY,
  MAX_LENGTH_POINTS,
  MIN_ALTERNATIVES,
  MIN_PARAGRAPH_CHARS,
  NARROW_SHARE,
  PANEL_LEVELS,
  PANEL_SET_OVER,
  SIBLING_MIN_SCORE,
  SIBLING_PARAGRAPH_CHARS,
  SIBLING_PARAGRAPH_MAX_LINK_DENSITY,
  SIBLING_SCORE_SHARE,
  TOP_CANDIDATES,
  WIDEN_LEVELS,
} from '../thresholds/select.js';

const SCORED_TAGS = new Set([
  'p',
  'pre',
  'td',
  'div',
  'section',
  'article',
  'main',
  'blockquote',
  'dd',
  'font',
  'center',
  'span',
]);

function tagBase(el: Element): number {
  switch (el.name) {
    case 'div':
      return 5;
    case 'article':
      return 10;
    case 'pre':
    case 'td':
    case 'blockquote':
      return 3;
    case 'address':
    case 'ol':
    case 'ul':
    case 'dl':
    case 'dd':
    case 'dt':
    case 'li':
    case 'form':
      return -3;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'th':
      return -5;
    default:
      return 0;
  }
}

function semanticBonus(el: Element): number {
  const prop = attribute(el, 'itemprop');
  if (prop === 'articleBody' || prop === 'text') return 20;
  return 0;
}

export interface Selection {
  /** Nodes whose subtrees make the article, in document order. */
  roots: ChildNode[];
  top: Element | null;
}

export function selectContent(body: ParentNode, stats: ElementStats, flags: AttemptFlags): Selection {
  const candidates: Element[] = [];
  const init = (el: Element, info: ElementInfo): void => {
    if (info.initialized) return;
    info.initialized = true;
    info.score = tagBase(el) + semanticBonus(el) + (flags.weightClasses ? classWeight(el) : 0);
    candidates.push(el);
  };

  for (const el of stats.order) {
    if (!SCORED_TAGS.has(el.name)) continue;
    const info = stats.get(el)!;
    if (info.ownChars < MIN_PARAGRAPH_CHARS) continue;
    const score = 1 + info.ownCommas + Math.min(Math.floor(info.ownChars / CHARS_PER_POINT), MAX_LENGTH_POINTS);
    let level = 0;
    for (let a = el.parent; a && level < ANCESTOR_LEVELS; a = a.parent, level++) {
      if (!isElement(a) || !a.parent) break;
      const ai = stats.get(a);
      if (!ai) break;
      init(a, ai);
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * ANCESTOR_DIVIDER;
      ai.score += score / divider;
    }
  }

  let top: Element | null = null;
  let topScore = -Infinity;
  const ranked: Array<{ el: Element; score: number }> = [];
  for (const el of candidates) {
    const info = stats.get(el)!;
    info.score *= 1 - stats.linkDensity(el);
    ranked.push({ el, score: info.score });
    if (info.score > topScore) {
      topScore = info.score;
      top = el;
    }
  }
  if (!top || top === body || top.name === 'html')
    return { roots: isElement(body) ? [body] : body.children, top: null };

  ranked.sort((a, b) => b.score - a.score);
  top = preferCommonAncestor(top, ranked.slice(0, TOP_CANDIDATES), body);
  top = climbWhileBetter(top, stats, body);
  // An only child says nothing about boundaries; its parent holds the same content.
  while (
    top.parent &&
    top.parent !== body &&
    isElement(top.parent) &&
    elementChildren(top.parent).length === 1 &&
    stats.get(top.parent)
  ) {
    top = top.parent;
  }
  top = outOfPanel(top, stats, body);
  top = widenNarrowTop(top, stats, body);
  top = widenToSectionRun(top, stats, body);
  return { roots: mergeSiblings(top, stats), top };
}

/** A top that is (or sits in) a collapsed panel is one answer of an accordion or one tab of a
 *  set: the set is the content, that is the first ancestor whose children repeat the panel's
 *  item (same tag and class), or, further up, the first holding twice the panel's text. */
function outOfPanel(top: Element, stats: ElementStats, body: ParentNode): Element {
  let panel: Element | null = null;
  let el: Element = top;
  for (let i = 0; i < 2 && !panel; i++) {
    if (isOpenedPanel(el)) panel = el;
    else if (el.parent && isElement(el.parent)) el = el.parent;
  }
  if (!panel) return top;
  const limit = PANEL_SET_OVER * stats.get(panel)!.chars;
  let found: Element | null = null;
  let item: Element = panel;
  for (let i = 0; i < PANEL_LEVELS; i++) {
    const p = item.parent;
    if (!p || p === body || !isElement(p) || p.name === 'body') break;
    const info = stats.get(p);
    if (!info) break;
    if (info.chars >= limit) return p;
    if (!found) {
      const cls = attribute(item, 'class') ?? '';
      let alike = 0;
      for (const c of p.children)
        if (isElement(c) && c.name === item.name && (attribute(c, 'class') ?? '') === cls) alike++;
      if (alike >= 2) found = p;
    }
    item = p;
  }
  return found ?? top;
}

/**
 * A top holding under half of its parent's text, when the rest of the parent is prose rather
 * than links, is one part of an article split across siblings (ingredients beside steps,
 * intro beside body): the parent is the article.
 */
function widenNarrowTop(top: Element, stats: ElementStats, body: ParentNode): Element {
  for (let i = 0; i < WIDEN_LEVELS; i++) {
    const parent = top.parent;
    if (!parent || parent === body || !isElement(parent) || parent.name === 'body') break;
    const pi = stats.get(parent);
    const ti = stats.get(top)!;
    if (!pi || ti.chars >= NARROW_SHARE * pi.chars) break;
    const extra = pi.chars - ti.chars;
    if ((pi.linkChars - ti.linkChars) / extra > EXTRA_MAX_LINK_DENSITY) break;
    top = parent;
  }
  return top;
}

function elementChildren(el: ParentNode): Element[] {
  return el.children.filter(isElement);
}

/** Several near-top candidates under one ancestor mean the article is that ancestor. */
function preferCommonAncestor(top: Element, ranked: Array<{ el: Element; score: number }>, body: ParentNode): Element {
  const topScore = ranked[0]?.score ?? 0;
  const alternatives = ranked
    .slice(1)
    .filter((r) => r.score / topScore >= ALTERNATIVE_SCORE_SHARE)
    .map((r) => r.el);
  if (alternatives.length < MIN_ALTERNATIVES) return top;
  for (let parent = top.parent; parent && parent !== body && isElement(parent); parent = parent.parent) {
    let containing = 0;
    for (const alt of alternatives) if (isInside(alt, parent)) containing++;
    if (containing >= MIN_ALTERNATIVES) return parent;
  }
  return top;
}

function climbWhileBetter(top: Element, stats: ElementStats, body: ParentNode): Element {
  let lastScore = stats.get(top)!.score;
  const threshold = lastScore / CLIMB_SCORE_DIVIDER;
  for (let parent = top.parent; parent && parent !== body && isElement(parent); parent = parent.parent) {
    const info = stats.get(parent);
    if (!info) break;
    if (!info.initialized) continue;
    if (info.score < threshold) break;
    if (info.score > lastScore) return parent;
    lastScore = info.score;
  }
  return top;
}

function mergeSiblings(top: Element, stats: ElementStats): Element[] {
  const parent = top.parent;
  if (!parent || !isElement(parent)) return [top];
  const topInfo = stats.get(top)!;
  const threshold = Math.max(SIBLING_MIN_SCORE, topInfo.score * SIBLING_SCORE_SHARE);
  const topClass = attribute(top, 'class') ?? '';
  const roots: Element[] = [];
  for (const sib of elementChildren(parent)) {
    if (sib === top) {
      roots.push(sib);
      continue;
    }
    const info = stats.get(sib);
    if (!info) continue;
    const bonus = topClass !== '' && attribute(sib, 'class') === topClass ? topInfo.score * SIBLING_SCORE_SHARE : 0;
    if (info.initialized && info.score + bonus >= threshold) {
      roots.push(sib);
      continue;
    }
    if (sib.name === 'p') {
      const ld = stats.linkDensity(sib);
      if (info.chars > SIBLING_PARAGRAPH_CHARS && ld < SIBLING_PARAGRAPH_MAX_LINK_DENSITY) roots.push(sib);
      else if (info.chars > 0 && info.chars < SIBLING_PARAGRAPH_CHARS && ld === 0 && /\.(?: |$)/.test(textOf(sib)))
        roots.push(sib);
    }
  }
  return roots;
}

function textOf(el: Element): string {
  let s = '';
  for (const c of el.children) if (c.type === ElementType.Text) s += c.data;
  return s;
}
