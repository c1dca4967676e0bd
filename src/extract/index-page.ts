// The index profile: the readable text of a homepage or hub, in document order. Headings,
// teasers and link lists are kept; scripts, styles, hidden elements, forms, banners and page
// chrome (site header, footer) are dropped; navigation is kept only when it is the page's
// substance; a link repeated on the page is listed once. Nothing here mutates the document,
// so the content profile can run on the same tree afterwards.
import type { ChildNode, Document, Element, ParentNode, Text } from 'domhandler';
import type { Block, Extraction, Inline, ListItem } from './blocks.js';
import { documentTitle } from './document-title.js';
import { collapsedLength, foldText, textChars } from './dom/measures.js';
import { createUrlResolver } from './dom/url-resolver.js';
import { classAndId, isElement, textContent, visitElements } from './dom/walk.js';
import { collectPageFacts } from './page-facts.js';
import { hasIndexText, hasRealText, plain } from './real-text.js';
import { toBlocks } from './to-blocks.js';
import { isHiddenByMarkup } from './dom/visibility.js';
import { attribute } from '../parse/nodes.js';
import { IndexSlots } from './dom/index-slots.js';

/** Overlays and ads: never a page's substance. Matched on class and id. */
const BANNER =
  /cookie|consent|gdpr|(?:^|[\s_-])ads?(?:$|[\s_-])|advert|sponsor|newsletter|popup|modal|paywall|social-?share|share-?(?:bar|buttons|tools)|subscribe-?(?:box|form|banner)/i;
const BANNER_ROLES = new Set(['dialog', 'alertdialog', 'search']);
const CHROME_ROLES = new Set(['banner', 'contentinfo']);
const NAV_ROLES = new Set(['navigation', 'menu', 'menubar']);
const BREADCRUMB = /breadcrumb/;
/** Whole class or id tokens of page-level header/footer containers built from <div>s. */
const CHROME_TOKENS = new Set([
  'header',
  'footer',
  'site-header',
  'site-footer',
  'masthead',
  'colophon',
  'global-header',
  'global-footer',
  'page-footer',
]);
/** A <form> with this much text wraps the page (ASP.NET WebForms) rather than being a form. */
const FORM_WRAPPER_CHARS = 400;
/** A banner-named container with this much text wraps content rather than being a banner. */
const WRAPPER_CHARS = 2000;

export function extractIndex(doc: Document, finalUrl: string): Extraction | null {
  const facts = collectPageFacts(doc);
  const body = facts.body ?? doc;
  const resolver = createUrlResolver(doc, finalUrl, facts.baseHref);
  const title = documentTitle(doc);
  const partOf = pagePartsOf(teaserHeadersAndFooters(body));

  // First pass: no navigation, no page chrome. Navigation is the substance only when the rest
  // of the page has no real text, or far less text than the navigation itself.
  // A hub's link lists are its substance (hasIndexText): a page of four section links is a page.
  const withoutNav = toBlocks(body, resolver, { isHidden: isHiddenByMarkup, skip: (el) => partOf(el) !== Part.Kept });
  let blocks = withoutNav;
  if (!hasIndexText(withoutNav) || navigationIsSubstance(body, partOf)) {
    blocks = toBlocks(body, resolver, {
      isHidden: isHiddenByMarkup,
      skip: (el) => partOf(el) === Part.Dropped || partOf(el) === Part.Chrome,
    });
    // Chrome comes back only for real prose: a footer's links alone are not a page.
    if (!hasIndexText(blocks)) {
      const all = toBlocks(body, resolver, { isHidden: isHiddenByMarkup, skip: (el) => partOf(el) === Part.Dropped });
      if (hasRealText(all)) blocks = all;
    }
  }
  blocks = tidy(blocks);
  if (title && blocks[0]?.type === 'heading' && sameText(plain(blocks[0].children), title)) blocks.shift();
  if (!hasIndexText(blocks)) return null;
  return { title: title || null, blocks };
}

/** What an element is to the index profile; the first that applies, in this order. */
const enum Part {
  Kept,
  Dropped,
  Chrome,
  Navigation,
}

/** Each element's part, decided once per page: every pass below asks about the same elements. */
function pagePartsOf(notChrome: ReadonlySet<Element>): (el: Element) => Part {
  // One byte per element (IndexSlots), the part plus one (0: not decided yet); elements
  // without a slot are kept in a map.
  const slots = new IndexSlots(256);
  const others = new Map<Element, Part>();
  return (el) => {
    const at = slots.slot(el);
    if (at >= 0) {
      const known = slots.values[at]!;
      if (known !== 0) return (known - 1) as Part;
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
function teaserHeadersAndFooters(body: ParentNode): Set<Element> {
  const headers: Element[] = [];
  const footers: Element[] = [];
  visitElements(body, (el) => {
    if (el.name === 'article' || el.name === 'section' || el.name === 'main' || el.name === 'aside') return false;
    if (el.name === 'header') headers.push(el);
    else if (el.name === 'footer') footers.push(el);
    return true;
  });
  const out = new Set<Element>();
  if (headers.length >= 3) for (const h of headers.slice(1)) out.add(h);
  if (footers.length >= 3) for (const f of footers.slice(0, -1)) out.add(f);
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
  if (role && BANNER_ROLES.has(role)) return true;
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
  if (ci === '' || name === 'body' || name === 'html' || name === 'main' || name === 'article' || !BANNER.test(ci))
    return false;
  // Banners and ads carry a few lines; a "banner" holding pages of text is a page wrapper
  // that happens to carry the name (an ad takeover container around the whole layout).
  return textChars(el) < WRAPPER_CHARS;
}

/** Site header and footer: chrome when they belong to the page, not to an article in it. */
function isChrome(el: Element, ci: string, role: string | undefined): boolean {
  if (role && CHROME_ROLES.has(role)) return true;
  if (el.name !== 'header' && el.name !== 'footer' && !hasChromeToken(ci)) return false;
  return !hasSectioningAncestor(el);
}

function isNavigation(el: Element, ci: string, role: string | undefined): boolean {
  const breadcrumb = BREADCRUMB.test(ci);
  const nav = el.name === 'nav' || (role !== undefined && NAV_ROLES.has(role)) || breadcrumb;
  if (!nav) return false;
  // A table of contents or link list inside the main region is part of the page.
  if (hasAncestor(el, (a) => a.name === 'main' || attribute(a, 'role') === 'main')) return false;
  // Navigation-like markup around headlines ("Top stories" in a <nav>) is a hub's content;
  // a menu is labels of a word or two.
  return breadcrumb || !linksLookLikeContent(el);
}

/** Links that read like headlines or titles: at least three, most of four words or more. */
const CONTENT_LINK_WORDS = 4;

function linksLookLikeContent(el: Element): boolean {
  let links = 0;
  let long = 0;
  visitElements(el, (a) => {
    // A sample settles it: the walk stops after 200 links.
    if (links >= 200) return false;
    if (a.name !== 'a' || attribute(a, 'href') === undefined) return true;
    const words = textContent(a).trim().split(/\s+/).filter(Boolean).length;
    if (words === 0) return false;
    links++;
    if (words >= CONTENT_LINK_WORDS) long++;
    return false;
  });
  return links >= 3 && long * 2 > links;
}

const LANGUAGE_TOKEN =
  /(?:^|[\s_-])(?:lang|langs|language|languages|locale|locales|i18n|translations?|language-?(?:picker|switcher|selector|menu))(?:$|[\s_-])/i;

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
  if (ci && LANGUAGE_TOKEN.test(ci)) return textChars(el) < 600;
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

/** Every chrome token names one of these (a cheap test before splitting into tokens). */
const CHROME_WORDS = /header|footer|masthead|colophon/;

function hasChromeToken(ci: string): boolean {
  if (!ci || !CHROME_WORDS.test(ci)) return false;
  for (const token of ci.split(/\s+/)) if (CHROME_TOKENS.has(token)) return true;
  return false;
}

function hasSectioningAncestor(el: Element): boolean {
  return hasAncestor(
    el,
    (a) => a.name === 'article' || a.name === 'section' || a.name === 'main' || a.name === 'aside',
  );
}

function hasAncestor(el: Element, match: (a: Element) => boolean): boolean {
  for (let p = el.parent; p && p.type !== 'root'; p = p.parent) if (match(p as Element)) return true;
  return false;
}

/**
 * The navigation holds at least twice the text of everything else that would be kept. Text
 * belongs to the part of its outermost classified ancestor; dropped and chrome text counts for
 * neither side. Counting characters is the cost here, so the rest is only counted until it
 * settles the answer.
 */
function navigationIsSubstance(body: ParentNode, partOf: (el: Element) => Part): boolean {
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
    if (node.type === 'text') {
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

function sameText(a: string, b: string): boolean {
  return foldText(a) === foldText(b);
}

// ---- post-processing on blocks: images out, each link once, empty blocks out ----

/** What identifies a link target for "listed once": the address without its fragment. */
function linkKey(href: string): string {
  const i = href.indexOf('#');
  return i < 0 ? href : href.slice(0, i);
}

function tidy(blocks: Block[]): Block[] {
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
