// What a page declares and prints as its title, read in one pass over the document: <meta>
// values by key (Open Graph, Twitter, names, itemprops), <link> elements, JSON-LD scripts, the
// <title>, and the <h1>s as the page shows them (each with its lines), the site's logo <h1>s
// apart. The metadata fetcher reads these with the rest of its tags; the cleaners' title reads
// only these.
import type { ChildNode, Document, Element } from 'domhandler';
import { findAll, findOne, textContent } from 'domutils';
import { attribute } from '../../parse/nodes.js';
import { isMarkLink } from '../dom/mark-links.js';
import { isText } from '../metadata/node-kinds.js';
import { collapse } from '../metadata/text.js';
import type { JsonLd } from './json-ld.js';

export interface LinkTag {
  rel: string[];
  href: string;
  type: string;
  sizes: string;
  title: string;
}

export interface TitleFacts {
  /** Lower-cased key (property, name, itemprop or http-equiv) -> values in page order. */
  meta: Map<string, string[]>;
  links: LinkTag[];
  /** The text of every <script type="application/ld+json">. */
  jsonLd: string[];
  title: string | null;
  firstH1: string | null;
  /** Position of the first <h1> that is not the site's logo (-1 when none). */
  firstH1At: number;
  /** Every non-empty <h1> text that is not the site's logo, in page order (at most MAX_H1S). */
  h1s: string[];
  /** Each <h1>'s text as the lines it shows: its text runs split where a child element starts or ends. */
  h1Lines: Map<string, string[]>;
  /** <h1>s that are the site's logo or name (a link to the home page, a site-title class). */
  brandH1s: string[];
  /** Each <h1>'s parts its markup names as a kicker (before the headline) or a subtitle (after it). */
  h1Marked: Map<string, { kicker: string | null; subtitle: string | null }>;
}

/** What the title rules read: the title facts, the page's JSON-LD and its address. */
export interface TitleContext {
  tags: TitleFacts;
  ld: JsonLd;
  finalUrl: string;
}

const MAX_H1S = 40;

export function emptyTitleFacts(): TitleFacts {
  return {
    meta: new Map(),
    links: [],
    jsonLd: [],
    title: null,
    firstH1: null,
    firstH1At: -1,
    h1s: [],
    h1Lines: new Map(),
    brandH1s: [],
    h1Marked: new Map(),
  };
}

/** The title facts of a whole document. */
export function collectTitleFacts(doc: Document): TitleFacts {
  const facts = emptyTitleFacts();
  // By index: this loop runs once a page, unoptimised at first, where entries() makes a pair
  // and a step object for every element.
  const elements = findAll(() => true, doc.children);
  for (let at = 0; at < elements.length; at++) readTitleTag(elements[at]!, facts, at);
  return facts;
}

/** Reads one element (the `at`-th in document order) into the facts; true when it was one they hold. */
export function readTitleTag(el: Element, facts: TitleFacts, at: number): boolean {
  switch (el.name) {
    case 'meta': {
      const content = attribute(el, 'content') ?? attribute(el, 'value');
      if (content === undefined) return true;
      // A tag may carry several keys at once (name="description" property="og:description").
      // RDFa lists several properties in one attribute (property="dc:date dc:created"): each is a key.
      const keys = new Set(
        [
          ...(attribute(el, 'property')?.trim().split(/\s+/) ?? []),
          attribute(el, 'name'),
          attribute(el, 'itemprop'),
          attribute(el, 'http-equiv'),
        ]
          .filter((k): k is string => !!k)
          .map((k) => k.trim().toLowerCase()),
      );
      for (const k of keys) {
        if (k === '') continue;
        const list = facts.meta.get(k);
        if (list) list.push(content);
        else facts.meta.set(k, [content]);
      }
      return true;
    }
    case 'link': {
      const href = attribute(el, 'href');
      if (href)
        facts.links.push({
          rel: (attribute(el, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
          href,
          type: (attribute(el, 'type') ?? '').trim().toLowerCase(),
          sizes: (attribute(el, 'sizes') ?? '').trim().toLowerCase(),
          title: attribute(el, 'title') ?? '',
        });
      return true;
    }
    case 'script':
      if (!(attribute(el, 'type') ?? '').trim().toLowerCase().startsWith('application/ld+json')) return false;
      facts.jsonLd.push(textContent(el));
      return true;
    case 'title':
      // An SVG <title> inside the body is not the page title; the first one in document order is.
      if (facts.title === null && !insideSvg(el)) facts.title = textContent(el);
      return true;
    case 'h1':
      readH1(el, facts, at);
      return true;
    default:
      return false;
  }
}

function readH1(el: Element, facts: TitleFacts, at: number): void {
  if (facts.h1s.length >= MAX_H1S || inOverlay(el)) return;
  const t = collapse(h1Text(el.children));
  if (t === '') {
    // A logo <h1> with only an image or an empty home link names the site in its alt or title.
    if (siteLogo(el) && facts.brandH1s.length < MAX_H1S) {
      const named = findOne(
        (c) =>
          (c.name === 'img' && !!attribute(c, 'alt')?.trim()) || (c.name === 'a' && !!attribute(c, 'title')?.trim()),
        el.children,
      );
      const name = named
        ? collapse((named.name === 'img' ? attribute(named, 'alt') : attribute(named, 'title')) ?? '')
        : '';
      if (name) facts.brandH1s.push(name);
    }
    return;
  }
  // The site's logo set as an <h1> (a link to the home page, a site-title class) is its name,
  // not the page's headline.
  if (siteLogo(el)) {
    if (facts.brandH1s.length < MAX_H1S) facts.brandH1s.push(t);
    // The name over a slogan ("<span>ProNATs e.V.</span> <span>Verein zur ...</span>"): its first line.
    const first = lines(el)[0];
    if (first && first !== t && /[\p{L}\p{N}]/u.test(first) && facts.brandH1s.length < MAX_H1S)
      facts.brandH1s.push(first);
    return;
  }
  if (facts.firstH1 === null) facts.firstH1At = at;
  facts.firstH1 ??= t;
  facts.h1s.push(t);
  facts.h1Lines.set(t, lines(el));
  const marked = (mark: RegExp) => {
    const part = findOne((c) => mark.test(attribute(c, 'class') ?? ''), el.children);
    return part ? collapse(h1Text(part.children)) || null : null;
  };
  const kicker = marked(KICKER_MARK);
  const subtitle = marked(SUBTITLE_MARK);
  if (kicker || subtitle) facts.h1Marked.set(t, { kicker, subtitle });
}

/** A part of a heading its markup names as the line over it. */
const KICKER_MARK = /(?:^|[\s_-])(?:kicker|overline|eyebrow|topline|dachzeile)(?:$|[\s_-])/i;

/** A part of a heading its markup names as the line under it. */
const SUBTITLE_MARK = /(?:^|[\s_-])(?:subtitle|sub-title|tagline|strapline|dek|subheadline|sub-headline)(?:$|[\s_-])/i;

/**
 * An <h1>'s text as printed: a line break between words is a space ("News Product<br>Management"),
 * and a permalink to the heading itself ("¶", "#" linking to "#its-id") is a mark, not a word;
 * neither is a control or text the page does not show (unprinted).
 */
function h1Text(nodes: ChildNode[]): string {
  let out = '';
  for (const n of nodes) {
    if (isText(n)) out += n.data;
    else if ((n as Element).name === 'br') out += ' ';
    else if ('children' in n && !isMarkLink(n as Element) && !unprinted(n as Element))
      out += h1Text((n as Element).children);
  }
  return out;
}

/** Controls a heading may hold: the reader sees a button ("Copy item path"), not a word of the headline. */
const CONTROLS = new Set(['button', 'input', 'select', 'textarea', 'script', 'style', 'template']);

/** Text kept for screen readers only ("<span class=\"sr-only\">Headline:</span>"): not printed. */
const SCREEN_READER_ONLY =
  /(?:^|\s)(?:sr-only|screen-reader-text|screen-reader-only|visually-hidden|visuallyhidden|element-invisible)(?:$|\s)/i;

/** An element inside a heading that the page does not print as words: a control, hidden, or for screen readers only. */
function unprinted(el: Element): boolean {
  return (
    CONTROLS.has(el.name) ||
    attribute(el, 'hidden') !== undefined ||
    SCREEN_READER_ONLY.test(attribute(el, 'class') ?? '')
  );
}

/** An element's text split at element boundaries (a kicker <span>, a <br>, a subtitle <small>). */
export function lines(el: Element): string[] {
  const out: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const n of nodes) {
      if (isText(n)) {
        const t = collapse(n.data);
        if (t !== '') out.push(t);
      } else if ('children' in n && out.length < 20 && !isMarkLink(n as Element) && !unprinted(n as Element))
        walk((n as Element).children);
    }
  };
  walk(el.children);
  return out;
}

export const LOGO_MARK =
  /(?:^|[\s_-])(?:logo|site-?title|site-?name|blog-?title|blog-?name|site-?logo|brand|branding|masthead)(?:$|[\s_-])/i;

/** A link to a site's root: "/", "https://host/", an archived root ("/web/2016/http://host/"). */
const ROOT_HREF = /^(?:\.?\/|(?:https?:)?\/\/[^/?#]+\/?|\S*\/https?:\/\/[^/?#]+\/?)(?:index\.\w{2,4})?$/i;

/** Marks of a cookie or consent banner. */
const OVERLAY_MARK = /(?:^|[\s_-])(?:cookies?|consent|gdpr)(?:$|[\s_-])/i;

/**
 * Inside a dialog or a banner laid over the page ("We respect your privacy", a search dialog's
 * heading): its heading is the box's, not the page's.
 */
function inOverlay(el: Element): boolean {
  for (let p: Element | null = el; p && p.name && p.name !== 'body'; p = p.parent as Element | null) {
    if (p.name === 'dialog' || /^(?:dialog|alertdialog)$/i.test(attribute(p, 'role') ?? '')) return true;
    if ((attribute(p, 'aria-modal') ?? '') === 'true') return true;
    if (OVERLAY_MARK.test(`${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`)) return true;
  }
  return false;
}

/** An <h1> that is the site's logo: marked as such, linking home as a whole, or inside a home link. */
export function siteLogo(el: Element): boolean {
  if (LOGO_MARK.test(`${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`)) return true;
  for (
    let p = el.parent as Element | null, depth = 0;
    p && p.name && depth < 3;
    p = p.parent as Element | null, depth++
  ) {
    if (p.name === 'a') return homeLink(p);
  }
  const links = findAll((c) => c.name === 'a', el.children);
  if (links.length !== 1) return false;
  const link = links[0]!;
  return homeLink(link) && collapse(textContent(link)) === collapse(textContent(el));
}

export function homeLink(a: Element): boolean {
  return (
    (attribute(a, 'rel') ?? '').toLowerCase().split(/\s+/).includes('home') ||
    ROOT_HREF.test((attribute(a, 'href') ?? '').trim())
  );
}

export function insideSvg(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) {
    if ((p as Element).name === 'svg') return true;
  }
  return false;
}

/** First non-empty collapsed value of the first key that has one. */
export function firstMeta(tags: Pick<TitleFacts, 'meta'>, ...keys: string[]): string | null {
  for (const key of keys) {
    for (const v of tags.meta.get(key) ?? []) {
      const s = collapse(v);
      if (s !== '') return s;
    }
  }
  return null;
}
