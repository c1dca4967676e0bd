// One pass over the document collecting what the metadata rules read: <meta> values by key,
// <link> elements, JSON-LD script bodies, <html lang>, <title>, the first <h1> and <time>s.
import type { ChildNode, Document, Element, Text } from 'domhandler';
import { findAll, findOne, textContent } from 'domutils';
import { textContent as textUpTo } from '../dom/walk.js';
import { collapsedLength } from '../dom/measures.js';
import { collapse } from './text.js';
import { LEAD_ONLY, bylineNames } from './byline-text.js';
import { cleanAuthor } from './author-names.js';
import { attribute } from '../../parse/nodes.js';
import { toIsoDate } from './dates.js';

export interface LinkTag {
  rel: string[];
  href: string;
  type: string;
  sizes: string;
  title: string;
}

export interface TimeTag {
  datetime: string;
  /** The text the element shows ("November 8, 2023 at 6:09 p.m."). */
  text: string;
  itemprop: string;
  pubdate: boolean;
  /** Inside a quoted or embedded post (<blockquote>: a tweet, an Instagram post). */
  quoted: boolean;
  /** Inside a reader's comment or the comments section. */
  comment: boolean;
}

/** Text of an element the page marks as naming its author (rel/itemprop author, byline/author classes). */
export interface BylineTag {
  text: string;
  /**
   * 0: rel=author or itemprop=author (a declared name), 1: a byline/author class or id,
   * 2: a link to an author's page (/author/jane-doe), 3: a name after "By" / "Von" / "Autor:".
   */
  strength: number;
  /** Position of the element in document order (to tell one byline's names from a list of teasers). */
  at?: number;
  /** Inside a box of other stories (teaser, related, most read, recommended): another article's byline. */
  teaser?: boolean;
}

export interface ImageTag {
  src: string;
  width: number;
  inArticle: boolean;
}

export interface PageTags {
  /** Lower-cased key (property, name, itemprop or http-equiv) -> values in page order. */
  meta: Map<string, string[]>;
  links: LinkTag[];
  jsonLd: string[];
  htmlLang: string | null;
  title: string | null;
  firstH1: string | null;
  times: TimeTag[];
  /** Author-marked elements in page order (at most MAX_CANDIDATES). */
  bylines: BylineTag[];
  /** Short texts of elements whose class/id/itemprop says date, time, published, dateline or byline. */
  dateTexts: string[];
  /** The texts of elements marked as the publication date itself (post-date, published, created): a subset of dateTexts. */
  pubDateTexts: string[];
  /** Publication dates a page's JSON data scripts carry (the parser keeps no JavaScript text) ("createdAt":"2022-01-31T15:58:43+01:00", "release_date":"1984-06-25"), in page order. */
  scriptDates: string[];
  /** The first paragraph of at least LEAD_MIN_CHARS inside <article>/<main> (else anywhere). */
  lead: string | null;
  /** Every non-empty <h1> text that is not the site's logo, in page order (at most MAX_CANDIDATES). */
  h1s: string[];
  /** Each <h1>'s text as the lines it shows: its text runs split where a child element starts or ends. */
  h1Lines: Map<string, string[]>;
  /** <h1>s that are the site's logo or name (a link to the home page, a site-title class). */
  brandH1s: string[];
  /** <img> elements in page order (at most MAX_CANDIDATES). */
  images: ImageTag[];
  /**
   * Short lines that may sign the text above them, after its first long paragraph: a paragraph
   * that is only emphasised or right-aligned text ("<p><b><i>Jane Doe</i></b></p>") or starts
   * with a dash ("— Jane Doe"); `at` is the element's position.
   */
  signatures: { text: string; at: number }[];
  /** Position of the first <h1> that is not the site's logo (-1 when none). */
  firstH1At: number;
  /** Position of the last paragraph of LEAD_MIN_CHARS or more (-1 when none). */
  lastLongAt: number;
}

const MAX_CANDIDATES = 40;
const MAX_CANDIDATE_CHARS = 200;
const LEAD_MIN_CHARS = 80;
const AUTHOR_CLASS =
  /(?:^|[\s_-])(?:by-?line|author|authors|author-?name|writer|byline-?name|contributor|autor|auteur|article-?author|post-?author|entry-?author)(?:$|[\s_-])/i;
const NOT_AUTHOR_CLASS =
  /avatar|image|img|photo|bio|description|about|comment|social|share|follow|more-by|widget|box|tooltip/i;
/** Marks naming the publication date itself, not any date or the byline's meta line. */
const PUB_DATE_CLASS =
  /publish|submitted|pub-?date|post-?date|posted|created|date-?created|erstellt|veroeffentlicht|entry-?date|article-?date|story-?date|news-?date/i;
const DATE_CLASS = /date|submitted|time|publish|posted|dateline|byline|meta|datum|fecha|data-pub|zeit/i;

/** RDFa properties naming a publication date (Dublin Core, schema.org prefixes). */
const RDFA_PUBLISHED = /(?:^|\s)(?:dc|dcterms|schema|sioc):(?:date|created|issued|datePublished)(?:$|\s)/i;

/** A lazy loader's stand-in image file ("lazy.gif", "placeholder.png", "blank.gif", "1x1.png"). */
const LAZY_PLACEHOLDER = /(?:lazy|placeholder|blank|spacer|transparent|pixel|1x1|loading)[^/]*$/i;

export function collectTags(doc: Document): PageTags {
  const tags: PageTags = {
    meta: new Map(),
    links: [],
    jsonLd: [],
    htmlLang: null,
    title: null,
    firstH1: null,
    brandH1s: [],
    h1Lines: new Map(),
    times: [],
    bylines: [],
    dateTexts: [],
    pubDateTexts: [],
    scriptDates: [],
    lead: null,
    images: [],
    h1s: [],
    signatures: [],
    lastLongAt: -1,
    firstH1At: -1,
  };
  let looseLead: string | null = null;
  const add = (key: string | undefined, value: string) => {
    if (!key) return;
    const k = key.trim().toLowerCase();
    if (k === '') return;
    const list = tags.meta.get(k);
    if (list) list.push(value);
    else tags.meta.set(k, [value]);
  };
  const elements: Element[] = findAll(() => true, doc.children);
  for (const [at, el] of elements.entries()) {
    readCandidates(el, tags, at);

    switch (el.name) {
      case 'p':
        if (tags.lastLongAt >= 0 || tags.lead !== null || looseLead !== null) {
          const sig = signature(el);
          if (sig && tags.signatures.length < MAX_CANDIDATES && !insideFurniture(el))
            tags.signatures.push({ text: sig, at });
        }
        if (collapse(textUpTo(el, LEAD_MIN_CHARS * 2)).length >= LEAD_MIN_CHARS) tags.lastLongAt = at;
        if (tags.lead === null) {
          const t = collapse(textContent(el), 2000);
          if (t.length >= LEAD_MIN_CHARS) {
            if (insideArticle(el)) tags.lead = t;
            else looseLead ??= t;
          }
        }
        break;
      case 'img':
        if (tags.images.length < MAX_CANDIDATES) {
          // A lazy-loaded image: its src a placeholder (a data: URI, or none), the real one in data-src.
          const given = attribute(el, 'src')?.trim() ?? '';
          const lazy = attribute(el, 'data-src') || attribute(el, 'data-lazy-src') || attribute(el, 'data-original');
          // No src at all: the first candidate of its srcset ("a-800.jpg 800w, a-400.jpg 400w").
          const set =
            given || lazy
              ? ''
              : ((attribute(el, 'srcset') || attribute(el, 'data-srcset') || '').trim().split(/\s+/)[0] ?? '');
          const src =
            given && !given.startsWith('data:') && !(lazy && LAZY_PLACEHOLDER.test(given))
              ? given
              : lazy || given || set.replace(/,$/, '');
          if (src && !src.startsWith('data:'))
            tags.images.push({
              src,
              width: Number.parseInt(attribute(el, 'width') ?? '', 10) || 0,
              inArticle: insideArticle(el),
            });
        }
        break;
      case 'meta': {
        const content = attribute(el, 'content') ?? attribute(el, 'value');
        if (content === undefined) break;
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
        for (const k of keys) add(k, content);
        break;
      }
      case 'link': {
        const href = attribute(el, 'href');
        if (!href) break;
        tags.links.push({
          rel: (attribute(el, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
          href,
          type: (attribute(el, 'type') ?? '').trim().toLowerCase(),
          sizes: (attribute(el, 'sizes') ?? '').trim().toLowerCase(),
          title: attribute(el, 'title') ?? '',
        });
        break;
      }
      case 'script':
        if ((attribute(el, 'type') ?? '').trim().toLowerCase().startsWith('application/ld+json'))
          tags.jsonLd.push(textContent(el));
        else if (tags.scriptDates.length < MAX_CANDIDATES) {
          const code = textContent(el).slice(0, MAX_SCRIPT_CHARS);
          for (const m of code.matchAll(SCRIPT_DATE))
            if (tags.scriptDates.length < MAX_CANDIDATES) tags.scriptDates.push(m[1]!);
        }
        break;
      case 'html':
        if (tags.htmlLang === null) tags.htmlLang = attribute(el, 'lang') || attribute(el, 'xml:lang') || null;
        break;
      case 'title':
        // An SVG <title> inside the body is not the page title; the first one in document order is.
        if (tags.title === null && !insideSvg(el)) tags.title = textContent(el);
        break;
      case 'h1':
        if (tags.h1s.length < MAX_CANDIDATES) {
          const t = collapse(textContent(el));
          if (t === '') {
            // A logo <h1> with only an image or an empty home link names the site in its alt or title.
            if (siteLogo(el) && tags.brandH1s.length < MAX_CANDIDATES) {
              const named = findOne(
                (c) =>
                  (c.name === 'img' && !!attribute(c, 'alt')?.trim()) ||
                  (c.name === 'a' && !!attribute(c, 'title')?.trim()),
                el.children,
              );
              const name = named
                ? collapse((named.name === 'img' ? attribute(named, 'alt') : attribute(named, 'title')) ?? '')
                : '';
              if (name) tags.brandH1s.push(name);
            }
            break;
          }
          // The site's logo set as an <h1> (a link to the home page, a site-title class) is
          // its name, not the page's headline.
          if (siteLogo(el)) {
            if (tags.brandH1s.length < MAX_CANDIDATES) tags.brandH1s.push(t);
            // The name over a slogan ("<span>ProNATs e.V.</span> <span>Verein zur ...</span>"): its first line.
            const first = lines(el)[0];
            if (first && first !== t && /[\p{L}\p{N}]/u.test(first) && tags.brandH1s.length < MAX_CANDIDATES)
              tags.brandH1s.push(first);
            break;
          }
          if (tags.firstH1 === null) tags.firstH1At = at;
          tags.firstH1 ??= t;
          tags.h1s.push(t);
          tags.h1Lines.set(t, lines(el));
        }
        break;
      case 'time': {
        const datetime = attribute(el, 'datetime') || attributeDate(el) || '';
        const text = collapse(textContent(el), MAX_CANDIDATE_CHARS);
        tags.times.push({
          datetime: datetime || text,
          text,
          itemprop: (attribute(el, 'itemprop') ?? '').toLowerCase(),
          pubdate: attribute(el, 'pubdate') !== undefined,
          quoted: insideQuote(el),
          comment: insideComment(el),
        });
        break;
      }
    }
  }
  tags.lead ??= looseLead;
  return tags;
}

/** Byline and date candidates an element offers by its rel, itemprop, class or id. */
function readCandidates(el: Element, tags: PageTags, at: number): void {
  const itemprop = (attribute(el, 'itemprop') ?? '').toLowerCase();
  const rel = (attribute(el, 'rel') ?? '').toLowerCase();
  const marks = `${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`;
  if (
    tags.bylines.length < MAX_CANDIDATES &&
    el.name !== 'meta' &&
    el.name !== 'link' &&
    el.name !== 'img' &&
    el.name !== 'body' &&
    el.name !== 'html'
  ) {
    const declared = /(?:^|\s)author(?:$|\s)/.test(itemprop) || (el.name === 'a' && /(?:^|\s)author(?:$|\s)/.test(rel));
    // An <article> classed by its author's slug ("hentry author-jane-doe") holds the whole post, not a byline.
    if (declared || (AUTHOR_CLASS.test(marks) && !NOT_AUTHOR_CLASS.test(marks) && el.name !== 'article')) {
      // itemprop=author often wraps the name in itemprop=name.
      const named = declared
        ? findOne((c) => (attribute(c, 'itemprop') ?? '').toLowerCase() === 'name', el.children)
        : null;
      let text = named ? collapse(attribute(named, 'content') ?? textContent(named), 1000) : (bylineNames(el) ?? '');
      // A byline that shows only the writer's photo names them in its alt text
      // ("<a rel=author><img alt="Jane Doe"></a>", "<div class=author><img alt="Jane Doe"></div>").
      if (text === '' && collapse(textContent(el)) === '') {
        const img = findOne((c) => c.name === 'img' && !!attribute(c, 'alt')?.trim(), el.children);
        text = img ? collapse(attribute(img, 'alt') ?? '', 1000) : '';
        // "avatar", "Profilbild", "photo of the author": the picture's kind, not a name.
        // A name is written with capitals (where its script has them): "blank", "user" are not names.
        if (
          /avatar|photo|image|picture|portrait|logo|icon|profil|author|autor|bild|foto|^\W*$/i.test(text) ||
          (/\p{Ll}/u.test(text) && !/\p{Lu}/u.test(text))
        )
          text = '';
      }
      if (text !== '' && text.length <= MAX_CANDIDATE_CHARS)
        tags.bylines.push({ text, strength: declared ? 0 : 1, at, teaser: insideTeaser(el) });
    } else if (el.name === 'a' && AUTHOR_PATH.test(attribute(el, 'href') ?? '') && !insideFurniture(el)) {
      const text = collapse(textContent(el), 1000);
      if (text !== '' && text.length <= MAX_CANDIDATE_CHARS) tags.bylines.push({ text, strength: 2 });
    }
    // "<b>Autor:</b> Jane Doe", "<span class=label>Von:</span><br>Jane Doe": a label element
    // announcing the name in the next text or element.
    if (el.children.length <= 2 && !declared && tags.bylines.length < MAX_CANDIDATES) {
      // Bounded: a wrapper with one or two children may hold the whole page's text.
      // "<span>| By </span><span>Jane Doe</span>": a separator printed before the label is not part of it.
      const label = collapse(textUpTo(el, LABEL_MAX_RAW_CHARS)).replace(/^[|\u00b7\u2022\u2013\u2014-]\s*/, '');
      if (
        label.length <= 20 &&
        (/:$/.test(label) || BY_WORD.test(label)) &&
        LEAD_ONLY.test(label) &&
        !insideFurniture(el)
      ) {
        let next = el.next;
        while (
          next &&
          ((next.type === 'text' && collapse((next as Text).data) === '') ||
            (next.type === 'tag' && (next as Element).name === 'br'))
        )
          next = next.next;
        let text = next
          ? collapse(
              next.type === 'text' ? (next as Text).data : next.type === 'tag' ? textContent(next as Element) : '',
              1000,
            )
          : '';
        if (next?.type === 'tag') text = withNameAfter(text, next);
        if (text !== '' && text.length <= MAX_CANDIDATE_CHARS) tags.bylines.push({ text, strength: 3 });
      }
    }
    // "By <a>Jane Doe</a>", "Von Jane Doe": a text node announcing a name, outside any marked byline.
    for (const c of el.children) {
      if (c.type !== 'text' || tags.bylines.length >= MAX_CANDIDATES) continue;
      const t = collapse((c as Text).data);
      if (t === '' || t.length > MAX_LEAD_CHARS) continue;
      if (LEAD_ONLY.test(t)) {
        let next = c.next;
        while (next && next.type === 'text' && collapse((next as Text).data) === '') next = next.next;
        if (next && next.type === 'tag' && !insideFurniture(el)) {
          // "Von <a>Jane Doe</a> und <a>John Roe</a>": names joined by a connector node go on.
          const parts = [collapse(textContent(next as Element), 1000)];
          for (
            let sib = next.next;
            sib &&
            sib.type === 'text' &&
            NAME_JOIN.test(collapse((sib as Text).data)) &&
            sib.next?.type === 'tag' &&
            parts.length < 6;
            sib = sib.next.next
          ) {
            parts.push(collapse(textContent(sib.next as Element), 1000));
          }
          if (parts.length === 1) parts[0] = withNameAfter(parts[0]!, next);
          const text = parts.join(', ');
          if (text !== '' && text.length <= MAX_CANDIDATE_CHARS) tags.bylines.push({ text, strength: 3 });
        }
      } else if (LEAD_WITH_NAME.test(t) && !insideFurniture(el)) tags.bylines.push({ text: t, strength: 3 });
    }
  }
  // Microdata on a visible element ("<p itemprop=datePublished content=2022-01-14>Januar 2022</p>")
  // declares its date as a <time itemprop> does: its machine-readable attribute is the date.
  // RDFa does the same with property (Drupal's "<span property="dc:date dc:created" content=...>",
  // "property=schema:datePublished"): read as a declared publication date.
  const rdfaDate = el.name !== 'meta' && RDFA_PUBLISHED.test(attribute(el, 'property') ?? '');
  if (el.name !== 'meta' && el.name !== 'time' && (/^date(?:published|modified)$/.test(itemprop) || rdfaDate)) {
    const declared = attribute(el, 'content') ?? attribute(el, 'datetime');
    if (declared && declared.trim() !== '')
      tags.times.push({
        datetime: declared.trim(),
        text: collapse(textContent(el), MAX_CANDIDATE_CHARS),
        itemprop: rdfaDate && !itemprop ? 'datepublished' : itemprop,
        pubdate: false,
        quoted: insideQuote(el),
        comment: insideComment(el),
      });
  }
  if (
    tags.dateTexts.length < MAX_CANDIDATES &&
    el.name !== 'meta' &&
    el.name !== 'html' &&
    el.name !== 'body' &&
    el.name !== 'script' &&
    el.name !== 'style' &&
    (DATE_CLASS.test(marks) || /date/.test(itemprop))
  ) {
    // The instant a script renders as "5 minutes ago" often sits in a data-* or title attribute.
    const text = collapse(attribute(el, 'content') ?? attributeDate(el) ?? textContent(el), 1000);
    // A reader's comment below the article dates the comment, not the article.
    if (text !== '' && text.length <= MAX_CANDIDATE_CHARS && !insideComment(el)) {
      tags.dateTexts.push(text);
      if ((PUB_DATE_CLASS.test(marks) || /datepublished/.test(itemprop)) && !insideFurniture(el))
        tags.pubDateTexts.push(text);
    }
  }
}

/**
 * A full date with a time in a data-* or title attribute of a date element ("<time
 * data-published="2016-12-09 09:13:00Z">", "<span class=date data-origindate="2017-03-01 14:27:02
 * +0800">", "<div class=news-time title="2020-09-20T14:20:02Z">Acum 15 minute</div>").
 */
function attributeDate(el: Element): string | null {
  for (const [key, value] of Object.entries(el.attribs)) {
    if (
      (key.startsWith('data-') || key === 'title') &&
      value.length <= 40 &&
      /^\s*\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)
    ) {
      const d = toIsoDate(value);
      if (d) return value.trim();
    }
  }
  return null;
}

const EMPHASIS = new Set(['b', 'strong', 'i', 'em', 'font', 'span', 'small']);
/** A signature line: at most 40 characters, all of it emphasised or right-aligned, or led by a dash. */
function signature(el: Element): string | null {
  const text = collapse(textUpTo(el, 200));
  // "Weitere Informationen:" announces what follows; it signs nothing.
  if (text.length < 3 || text.length > 40 || /:$/.test(text)) return null;
  if (/^[-\u2013\u2014]{1,4}\s*\S/.test(text)) return text.replace(/^[-\u2013\u2014]+\s*/, '');
  const right =
    /right/i.test(attribute(el, 'align') ?? '') || /text-align\s*:\s*right/i.test(attribute(el, 'style') ?? '');
  // Every text node inside emphasis (b, strong, i, em), at least one of them a real one.
  let plain = false;
  let marked = false;
  const walk = (nodes: ChildNode[], inside: boolean) => {
    for (const n of nodes) {
      if (n.type === 'text') {
        if (collapse((n as Text).data) !== '' && !inside) plain = true;
      } else if (n.type === 'tag') {
        const name = (n as Element).name;
        if (!EMPHASIS.has(name)) {
          plain = true;
          continue;
        }
        const strong = inside || /^(?:b|strong|i|em)$/.test(name);
        if (strong) marked = true;
        walk((n as Element).children, strong);
      }
    }
  };
  walk(el.children, false);
  return (marked && !plain) || (right && !/\d/.test(text)) ? text : null;
}

/** A link to an author's own page: /author/jane-doe, /autoren/jd, /profile/..., /people/... */
const AUTHOR_PATH =
  /(?:^|\/)(?:author|authors|autor|autoren|auteur|auteurs|autore|profile|profil|people|journalist|journalists|journalisten|redakteur|redaktion\/autoren|contributor|contributors|columnist|columnists|writers?|staff)\/[^/?#]+/i;
/** A label element that announces a name without a colon ("<span>By</span><a>Jane Doe</a>"); "Author", "Text" need one. */
const BY_WORD =
  /^(?:by|von|par|por|door|(?:written|posted|published|story|words)\s+by|text\s+von|(?:geschrieben|verfasst)\s+von|(?:publié|écrit|rédigé)\s+par|(?:escrito|publicado)\s+por)$/i;
/** A byline label ("Autor:") is at most 20 characters once collapsed; past this raw length it is prose. */
const LABEL_MAX_RAW_CHARS = 200;
/** "By Jane Doe", "Von Jane Doe", "Autor: Jane Doe": a short text node that leads with a byline word and a capitalised name. */
const LEAD_WITH_NAME =
  /^(?:[-\u2013\u2014|\u00b7\u2022]\s*)?(?:by|von|written\s+by|posted\s+by|text\s+von|autor(?:in)?:|autor(?:en|innen):?|authors?:|redaktion:|par|door|(?:eine?\s+)?(?:blog-?\s*|gast)?(?:beitrag|artikel|kolumne|kommentar|interview)\s+von)\s+\p{Lu}/iu;
const MAX_LEAD_CHARS = 80;
/** A text node joining two names ("und", "and", ",", "&"). */
const NAME_JOIN = /^(?:,|&|and|und|et|y|e)$/i;
// Matched where a class or id word starts (main-nav, navbar, siteFooter, comments), not inside
// another word ("canvas" is not "nav", "off-canvas" wraps whole pages).
const FURNITURE =
  /(?:^|[\s_-])(?:comment|footer|nav|menu|sidebar|related|teaser|widget|breadcrumb)|(?:sub|top|main|mega|site|mobile)(?:nav|menu)/i;
const LAYOUT_MODIFIER = /(?:^|__|--)(?:has|with|without|no|show|hide|is)[-_]|^layout/i;
const FURNITURE_CAMEL = /[a-z](?:Comment|Footer|Nav|Menu|Sidebar|Related|Teaser|Widget|Breadcrumb)/;

/** "Autor: <a>Rechtsanwalt</a> Jane Doe", "Von <a>Rechtsanwalt</a> Jane Doe": `text`, read from the
 *  element `linked`, is a job title and not a name; the name is the text that follows it. */
function withNameAfter(text: string, linked: ChildNode): string {
  const after = linked.next;
  return after?.type === 'text' && cleanAuthor(text) === null
    ? collapse(`${text} ${(after as Text).data}`, 1000)
    : text;
}

/** In navigation, a footer, a sidebar or the comments: names there are not the article's byline. */
function insideFurniture(el: Element): boolean {
  // <body> and <html> classes name the page's layout ("one-sidebar sidebar-second"), not a region of it.
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if (p.name === 'nav' || p.name === 'footer' || p.name === 'aside') return true;
    // A layout modifier on the content's own container ("main-content has-double-sidebar",
    // "with-sidebar", "no-comments") describes its neighbours, not the element itself.
    const marks = `${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`
      .split(/\s+/)
      .filter((t) => t && !LAYOUT_MODIFIER.test(t))
      .join(' ');
    if (FURNITURE.test(marks) || FURNITURE_CAMEL.test(marks)) return true;
  }
  return false;
}

/** Marks of a box listing other stories: their bylines are theirs. */
const TEASER_MARK =
  /(?:^|[\s_-])(?:teaser|teasers|most-?read|most-?popular|popular-?(?:posts|stories|articles)|related|recommend(?:ed|ations)?|trending|more-?stories|also-?read|read-?next|up-?next)(?:$|[\s_-])|[a-z](?:Teaser|Related|MostRead|Recommend)/;
/** Inside a teaser / related / most-read box (class or id), below <body>, but not an <article> or <main> itself. */
function insideTeaser(el: Element): boolean {
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if (p.name === 'main') return false;
    // A BEM element of a teaser block ("teaser-small__metadata") is a reused component: the
    // article's own header is often built from it.
    const marks = `${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`
      .split(/\s+/)
      .filter((t) => t && !LAYOUT_MODIFIER.test(t) && !t.includes('__'))
      .join(' ');
    if (TEASER_MARK.test(marks)) return true;
  }
  return false;
}

const COMMENT_MARK = /(?:^|[\s_-])comment|[a-z]Comment/;
/** Inside a reader's comment or the comments section (class or id), below <body>. */
function insideComment(el: Element): boolean {
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if (COMMENT_MARK.test(`${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`)) return true;
  }
  return false;
}

/** An element's text split at element boundaries (a kicker <span>, a <br>, a subtitle <small>). */
function lines(el: Element): string[] {
  const out: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const n of nodes) {
      if (n.type === 'text') {
        const t = collapse((n as Text).data);
        if (t !== '') out.push(t);
      } else if ('children' in n && out.length < 20) walk((n as Element).children);
    }
  };
  walk(el.children);
  return out;
}

const LOGO_MARK =
  /(?:^|[\s_-])(?:logo|site-?title|site-?name|blog-?title|blog-?name|site-?logo|brand|branding|masthead)(?:$|[\s_-])/i;
/** A link to a site's root: "/", "https://host/", an archived root ("/web/2016/http://host/"). */
const ROOT_HREF = /^(?:\.?\/|(?:https?:)?\/\/[^/?#]+\/?|\S*\/https?:\/\/[^/?#]+\/?)(?:index\.\w{2,4})?$/i;

/** An <h1> that is the site's logo: marked as such, linking home as a whole, or inside a home link. */
function siteLogo(el: Element): boolean {
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

function homeLink(a: Element): boolean {
  return (
    (attribute(a, 'rel') ?? '').toLowerCase().split(/\s+/).includes('home') ||
    ROOT_HREF.test((attribute(a, 'href') ?? '').trim())
  );
}

function insideArticle(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name; p = p.parent as Element | null) {
    if (p.name === 'article' || p.name === 'main' || (attribute(p, 'itemprop') ?? '') === 'articleBody') return true;
  }
  return false;
}

function insideQuote(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name; p = p.parent as Element | null)
    if (p.name === 'blockquote') return true;
  return false;
}

function insideSvg(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) {
    if ((p as Element).name === 'svg') return true;
  }
  return false;
}

/** First non-empty collapsed value of the first key that has one. */
export function firstMeta(tags: PageTags, ...keys: string[]): string | null {
  for (const key of keys) {
    for (const v of tags.meta.get(key) ?? []) {
      const s = collapse(v);
      if (s !== '') return s;
    }
  }
  return null;
}

const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'select', 'option', 'textarea']);
const MAX_TEXT_CHARS = 100_000;

/** How much of one inline script is searched for date keys. */
const MAX_SCRIPT_CHARS = 200_000;
/** A publication or creation date key in script data, quoted (JSON, also HTML-escaped) or not, and its ISO date value. */
const SCRIPT_DATE =
  /(?:&quot;|["'])?\b(?:date_?published|published_?(?:at|date|time|on)|publish_?(?:date|time)|pub_?date|date_?created|created_?(?:at|date|time|on)|creation_?date|release_?date|upload_?date|first_?published(?:_?(?:at|date))?)(?:&quot;|["'])?\s*[:=]\s*(?:&quot;|["'])(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)(?:&quot;|["'])/gi;

/** The text a reader sees, blocks separated by newlines, capped at MAX_TEXT_CHARS. The cap
 *  counts text as shown (a run of white space as one character): a page indented with thousands
 *  of tabs and line breaks would otherwise reach it within its menu. */
export function visibleText(doc: Document): string {
  const out: string[] = [];
  let size = 0;
  const walk = (nodes: ChildNode[]) => {
    for (const n of nodes) {
      if (size > MAX_TEXT_CHARS) return;
      if (n.type === 'text') {
        const t = (n as Text).data;
        out.push(t);
        size += collapsedLength(t);
      } else if ('children' in n && !INVISIBLE.has((n as Element).name)) {
        walk((n as Element).children);
        out.push('\n');
      }
    }
  };
  walk(doc.children);
  return out.join('').replace(/[ \t\u00a0]+/g, ' ');
}
