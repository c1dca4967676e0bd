// What each element of a page is to the index profile: kept, dropped (forms, overlays, ads,
// language pickers, skip links), the page's chrome (site header and footer) or navigation.
// Decided once per element and page.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element, ParentNode, Text } from 'domhandler';
import { collapsedLength, textChars } from '../dom/measures.js';
import { classAndId, isElement, textContent, visitElements } from '../dom/walk.js';
import { attribute } from '../../parse/nodes.js';
import { IndexSlots } from '../dom/index-slots.js';
import {
  BREADCRUMB,
  INDEX_BANNER,
  INDEX_CHROME_TOKENS,
  INDEX_CHROME_WORDS,
  LANGUAGE_TOKEN,
} from '../vocabulary/region-words.js';
import { INDEX_CHROME_ROLES, INDEX_DROPPED_ROLES, NAVIGATION_ROLES } from '../vocabulary/roles.js';
import {
  CARD_CHROME_MIN,
  CONTENT_LINK_WORDS,
  CONTENT_MIN_LINKS,
  FORM_WRAPPER_CHARS,
  LANGUAGE_PICKER_MAX_CHARS,
  LINK_SAMPLE,
  WRAPPER_CHARS,
} from '../content/thresholds/index.js';

/** What an element is to the index profile; the first that applies, in this order. */
export const enum Part {
  Kept,
  Dropped,
  Chrome,
  Navigation,
}

/** Each element's part, decided once per page: every pass below asks about the same elements. */
export function pagePartsOf(notChrome: ReadonlySet<Element>): (el: Element) => Part {
  // One byte per element (IndexSlots), the part plus one (0: not decided yet); elements
  // without a slot are kept in a map.
  const slots = new IndexSlots(256);
  const others = new Map<Element, Part>();
  return (el) => {
    const at = slots.slot(el);
    if (at >= 0) {
      const known = slots.values[at]!;
      if (known !== 0) return known - 1;
      const part = partOf(el, notChrome);
      slots.values[at] = part + 1;
      return part;
    }
    let part = others.get(el);
    if (part === undefined) {
      part = partOf(el, notChrome);
      others.set(el, part);
    }
    return part;
  };
}

/**
 * <header> and <footer> elements that belong to teasers rather than to the page: when three or
 * more sit outside any sectioning element (cards built from <div>s, each with its <header>),
 * only the first header and the last footer are the page's; the others are the teasers'.
 */
export function teaserHeadersAndFooters(body: ParentNode): Set<Element> {
  const headers: Element[] = [];
  const footers: Element[] = [];
  visitElements(body, (el) => {
    if (el.name === 'article' || el.name === 'section' || el.name === 'main' || el.name === 'aside') return false;
    if (el.name === 'header') headers.push(el);
    else if (el.name === 'footer') footers.push(el);
    return true;
  });
  const out = new Set<Element>();
  if (headers.length >= CARD_CHROME_MIN) for (const h of headers.slice(1)) out.add(h);
  if (footers.length >= CARD_CHROME_MIN) for (const f of footers.slice(0, -1)) out.add(f);
  return out;
}

function partOf(el: Element, notChrome: ReadonlySet<Element>): Part {
  const ci = classAndId(el);
  const role = attribute(el, 'role');
  if (isDropped(el, ci, role)) return Part.Dropped;
  if (!notChrome.has(el) && isChrome(el, ci, role)) return Part.Chrome;
  if (isNavigation(el, ci, role)) return Part.Navigation;
  return Part.Kept;
}

/** `ci`: the element's classAndId; `role`: its role attribute. */
function isDropped(el: Element, ci: string, role: string | undefined): boolean {
  const name = el.name;
  if (name === 'form') return textChars(el) < FORM_WRAPPER_CHARS;
  if (name === 'search') return true;
  if (isLanguagePicker(el, ci)) return true;
  if (role && INDEX_DROPPED_ROLES.has(role)) return true;
  if (attribute(el, 'aria-modal') === 'true') return true;
  // Skip links ("Skip to content", "Zum Inhalt springen") jump within the page; a container
  // whose id merely serves as their target ("skiplink-inhalt") is content.
  if (
    name === 'a' &&
    attribute(el, 'href')?.startsWith('#') &&
    (/^\s*skip\b/i.test(textContent(el)) || /skip/i.test(attribute(el, 'class') ?? ''))
  )
    return true;
  // <body> and <html> classes describe the page, not an overlay ("has-cookie-banner").
  if (
    ci === '' ||
    name === 'body' ||
    name === 'html' ||
    name === 'main' ||
    name === 'article' ||
    !INDEX_BANNER.test(ci)
  )
    return false;
  // Banners and ads carry a few lines; a "banner" holding pages of text is a page wrapper
  // that happens to carry the name (an ad takeover container around the whole layout).
  return textChars(el) < WRAPPER_CHARS;
}

/** Site header and footer: chrome when they belong to the page, not to an article in it. */
function isChrome(el: Element, ci: string, role: string | undefined): boolean {
  if (role && INDEX_CHROME_ROLES.has(role)) return true;
  if (el.name !== 'header' && el.name !== 'footer' && !hasChromeToken(ci)) return false;
  return !hasSectioningAncestor(el);
}

function isNavigation(el: Element, ci: string, role: string | undefined): boolean {
  const breadcrumb = BREADCRUMB.test(ci);
  const nav = el.name === 'nav' || (role !== undefined && NAVIGATION_ROLES.has(role)) || breadcrumb;
  if (!nav) return false;
  // A table of contents or link list inside the main region is part of the page.
  if (hasAncestor(el, (a) => a.name === 'main' || attribute(a, 'role') === 'main')) return false;
  // Navigation-like markup around headlines ("Top stories" in a <nav>) is a hub's content;
  // a menu is labels of a word or two.
  return breadcrumb || !linksLookLikeContent(el);
}

function linksLookLikeContent(el: Element): boolean {
  let links = 0;
  let long = 0;
  visitElements(el, (a) => {
    // A sample settles it: the walk stops after LINK_SAMPLE links.
    if (links >= LINK_SAMPLE) return false;
    if (a.name !== 'a' || attribute(a, 'href') === undefined) return true;
    const words = textContent(a).trim().split(/\s+/).filter(Boolean).length;
    if (words === 0) return false;
    links++;
    if (words >= CONTENT_LINK_WORDS) long++;
    return false;
  });
  return links >= CONTENT_MIN_LINKS && long * 2 > links;
}

/**
 * A language picker: named so, or a list whose links all point at other-language versions of
 * the page (hreflang / lang on each). Small when named: a page of translations is content.
 */
function isLanguagePicker(el: Element, ci: string): boolean {
  const name = el.name;
  if (
    name !== 'nav' &&
    name !== 'ul' &&
    name !== 'ol' &&
    name !== 'div' &&
    name !== 'select' &&
    name !== 'section' &&
    name !== 'aside'
  )
    return false;
  if (ci && LANGUAGE_TOKEN.test(ci)) return textChars(el) < LANGUAGE_PICKER_MAX_CHARS;
  if (name !== 'ul' && name !== 'ol' && name !== 'nav') return false;
  // Every link tagged; the walk stops at the first that is not, so an ordinary list (and a
  // deeply nested one) costs a step or two.
  let links = 0;
  let untagged = false;
  visitElements(el, (a) => {
    if (untagged) return false;
    if (a.name !== 'a') return true;
    if (attribute(a, 'hreflang') === undefined && attribute(a, 'lang') === undefined) untagged = true;
    else links++;
    return false;
  });
  return !untagged && links >= 2;
}

function hasChromeToken(ci: string): boolean {
  if (!ci || !INDEX_CHROME_WORDS.test(ci)) return false;
  for (const token of ci.split(/\s+/)) if (INDEX_CHROME_TOKENS.has(token)) return true;
  return false;
}

function hasSectioningAncestor(el: Element): boolean {
  return hasAncestor(
    el,
    (a) => a.name === 'article' || a.name === 'section' || a.name === 'main' || a.name === 'aside',
  );
}

function hasAncestor(el: Element, match: (a: Element) => boolean): boolean {
  for (let p = el.parent; p && p.type !== ElementType.Root; p = p.parent) if (match(p as Element)) return true;
  return false;
}

/**
 * The navigation holds at least twice the text of everything else that would be kept. Text
 * belongs to the part of its outermost classified ancestor; dropped and chrome text counts for
 * neither side. Counting characters is the cost here, so the rest is only counted until it
 * settles the answer.
 */
export function navigationIsSubstance(body: ParentNode, partOf: (el: Element) => Part): boolean {
  let nav = 0;
  const rest: Text[] = [];
  const nodes: ChildNode[] = [];
  const parts: Part[] = [];
  for (let i = body.children.length - 1; i >= 0; i--) {
    nodes.push(body.children[i]!);
    parts.push(Part.Kept);
  }
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    let part = parts.pop()!;
    if (node.type === ElementType.Text) {
      if (part === Part.Navigation) nav += collapsedLength(node.data);
      else rest.push(node);
      continue;
    }
    if (!isElement(node)) continue;
    if (part === Part.Kept) part = partOf(node);
    if (part === Part.Dropped || part === Part.Chrome) continue;
    const kids = node.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      nodes.push(kids[i]!);
      parts.push(part);
    }
  }
  if (nav === 0) return false;
  let restChars = 0;
  for (const text of rest) {
    restChars += collapsedLength(text.data);
    if (nav < 2 * restChars) return false;
  }
  return true;
}
