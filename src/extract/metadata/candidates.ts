// Byline and date candidates an element offers by its rel, itemprop, class or id, or by a
// label before it ("By", "Autor:").
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import { findOne, textContent } from 'domutils';
import { attribute } from '../../parse/nodes.js';
import { textContent as textUpTo } from '../dom/walk.js';
import { cleanAuthor } from './author-names.js';
import { LEAD_ONLY, bylineNames, otherLanguage } from './byline-text.js';
import { toIsoDate } from './dates.js';
import {
  dateAside,
  insideComment,
  insideFurniture,
  insideQuote,
  insideTeaser,
  insideTestimonial,
} from './page-regions.js';
import type { ListingMarks } from './listing-cards.js';
import type { BylineTag, PageTags } from './tag-types.js';
import { updateDate } from './update-time.js';
import { headedName } from './author-heading.js';
import { insideAuthorBox } from './author-box.js';
import { readMember } from './author-member.js';
import { authorMarked, boxName, NOT_AUTHOR_CLASS } from './author-marks.js';
import { collapse } from './text.js';
import { isText, isPlainTag } from './node-kinds.js';
import {
  MAX_ATTRIBUTE_DATE_CHARS,
  MAX_CANDIDATES,
  MAX_CANDIDATE_CHARS,
  MAX_JOINED_NAMES,
  MAX_LABEL_CHARS,
  MAX_LEAD_CHARS,
  MAX_RAW_CHARS,
  MAX_RAW_LABEL_CHARS,
  POST_CLIMB,
  PRODUCT_DATE_CLIMB,
} from './thresholds.js';

/** Marks naming the publication date itself, not any date or the byline's meta line. */
const PUB_DATE_CLASS =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /publish|submitted|pub-?date|post-?date|posted|created|date-?created|erstellt|veroeffentlicht|entry-?date|article-?date|story-?date|news-?date/i;

const DATE_CLASS = /date|submitted|time|publish|posted|byline|meta|datum|fecha|data-pub|zeit/i;

/** RDFa properties naming a publication date (Dublin Core, schema.org prefixes). */
const RDFA_PUBLISHED = /(?:^|\s)(?:dc|dcterms|schema|sioc):(?:date|created|issued|datePublished)(?:$|\s)/i;

// The expressions read for every element are made once here: a literal in the function makes
// a new RegExp object each time it is evaluated (garbage on every element of a large page).
/** An itemprop or rel that names the author. */
const AUTHOR_TOKEN = /(?:^|\s)author(?:$|\s)/;
/** A separator printed before a label ("| By", "· Von"). */
const LEADING_SEPARATOR = /^[|\u00b7\u2022\u2013\u2014-]\s*/;
const ENDS_COLON = /:$/;
const DATE_ITEMPROP = /^date(?:published|modified)$/;

/** Byline and date candidates an element offers by its rel, itemprop, class or id. */
export function readCandidates(el: Element, tags: PageTags, at: number, marks: ListingMarks): void {
  if (tags.poster === undefined) readPoster(el, tags);
  if (tags.member === undefined && el.name === 'a') readMember(el, tags);
  const itemprop = (attribute(el, 'itemprop') ?? '').toLowerCase();
  const rel = (attribute(el, 'rel') ?? '').toLowerCase();
  const named = `${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`;
  if (
    tags.bylines.length < MAX_CANDIDATES &&
    el.name !== 'meta' &&
    el.name !== 'link' &&
    el.name !== 'img' &&
    el.name !== 'body' &&
    el.name !== 'html'
  ) {
    const declared = AUTHOR_TOKEN.test(itemprop) || (el.name === 'a' && AUTHOR_TOKEN.test(rel));
    // An <article> classed by its author's slug ("hentry author-jane-doe") holds the whole post, not a byline.
    if (
      declared ||
      (authorMarked(named) && (!NOT_AUTHOR_CLASS.test(named) || boxName(named)) && el.name !== 'article')
    ) {
      // itemprop=author often wraps the name in itemprop=name.
      const nameEl = declared
        ? findOne((c) => (attribute(c, 'itemprop') ?? '').toLowerCase() === 'name', el.children)
        : null;
      let text = nameEl
        ? collapse(attribute(nameEl, 'content') ?? textContent(nameEl), MAX_RAW_CHARS)
        : (bylineNames(el) ?? '');
      // A byline that shows only the writer's photo names them in its alt text
      // ("<a rel=author><img alt="Jane Doe"></a>", "<div class=author><img alt="Jane Doe"></div>").
      if (text === '' && collapse(textContent(el)) === '') {
        const img = findOne((c) => c.name === 'img' && !!attribute(c, 'alt')?.trim(), el.children);
        text = img ? collapse(attribute(img, 'alt') ?? '', MAX_RAW_CHARS) : '';
        // "avatar", "Profilbild", "photo of the author": the picture's kind, not a name.
        // A name is written with capitals (where its script has them): "blank", "user" are not names.
        if (
          /avatar|photo|image|picture|portrait|logo|icon|profil|author|autor|bild|foto|^\W*$/i.test(text) ||
          (/\p{Ll}/u.test(text) && !/\p{Lu}/u.test(text))
        )
          text = '';
      }
      if (text !== '' && text.length <= MAX_CANDIDATE_CHARS)
        pushByline(tags, marks, el, { text, strength: declared ? 0 : 1, at, teaser: insideTeaser(el) });
    } else if (
      el.name === 'a' &&
      AUTHOR_PATH.test(attribute(el, 'href') ?? '') &&
      // An author box's link names the page's writer also in a sidebar or a footer column.
      (!insideFurniture(el) || insideAuthorBox(el)) &&
      !labelledOtherwise(el)
    ) {
      const text = collapse(textContent(el), MAX_RAW_CHARS);
      if (text !== '' && text.length <= MAX_CANDIDATE_CHARS)
        pushByline(tags, marks, el, { text, strength: 2, at, href: attribute(el, 'href') });
    }
    if (!declared) {
      const headed = headedName(el);
      if (headed) pushByline(tags, marks, el, { text: headed, strength: 3, at });
    }
    // "<b>Autor:</b> Jane Doe", "<span class=label>Von:</span><br>Jane Doe": a label element
    // announcing the name in the next text or element.
    if (el.children.length <= 2 && !declared && tags.bylines.length < MAX_CANDIDATES) {
      // Bounded: a wrapper with one or two children may hold the whole page's text.
      // "<span>| By </span><span>Jane Doe</span>": a separator printed before the label is not part of it.
      const label = collapse(textUpTo(el, MAX_RAW_LABEL_CHARS)).replace(LEADING_SEPARATOR, '');
      if (
        label.length <= MAX_LABEL_CHARS &&
        !otherLanguage(label, tags.htmlLang) &&
        (ENDS_COLON.test(label) || BY_WORD.test(label)) &&
        LEAD_ONLY.test(label) &&
        !insideFurniture(el)
      ) {
        let next = el.next;
        while (next && ((isText(next) && collapse(next.data) === '') || (isPlainTag(next) && next.name === 'br')))
          next = next.next;
        let text = next
          ? collapse(isText(next) ? next.data : isPlainTag(next) ? textContent(next) : '', MAX_RAW_CHARS)
          : '';
        if (isPlainTag(next)) text = withNameAfter(text, next);
        if (text !== '' && text.length <= MAX_CANDIDATE_CHARS)
          pushByline(tags, marks, el, { text, strength: 3, at, starter: STARTER.test(label) });
      }
    }
    // "By <a>Jane Doe</a>", "Von Jane Doe": a text node announcing a name, outside any marked byline.
    for (const c of el.children) {
      if (!isText(c) || tags.bylines.length >= MAX_CANDIDATES) continue;
      const t = collapse(c.data);
      if (t === '' || t.length > MAX_LEAD_CHARS) continue;
      if (otherLanguage(t, tags.htmlLang)) continue;
      if (LEAD_ONLY.test(t)) {
        let next = c.next;
        while (next && isText(next) && collapse(next.data) === '') next = next.next;
        const run = next && !isPlainTag(next) ? textRunAfter(c) : '';
        if (run !== '' && run.length <= MAX_CANDIDATE_CHARS && !insideFurniture(el))
          pushByline(tags, marks, el, { text: run, strength: 3, at });
        else if (next && isPlainTag(next) && !insideFurniture(el)) {
          // "Von <a>Jane Doe</a> und <a>John Roe</a>": names joined by a connector node go on.
          const parts = [collapse(textContent(next), MAX_RAW_CHARS)];
          for (
            let sib = next.next;
            sib &&
            isText(sib) &&
            NAME_JOIN.test(collapse(sib.data)) &&
            isPlainTag(sib.next) &&
            parts.length < MAX_JOINED_NAMES;
            sib = sib.next.next
          ) {
            parts.push(collapse(textContent(sib.next), MAX_RAW_CHARS));
          }
          if (parts.length === 1) parts[0] = withNameAfter(parts[0]!, next);
          const text = parts.join(', ');
          if (text !== '' && text.length <= MAX_CANDIDATE_CHARS)
            pushByline(tags, marks, el, { text, strength: 3, at, starter: STARTER.test(t) });
        }
      } else if (LEAD_WITH_NAME.test(t) && !insideFurniture(el))
        pushByline(tags, marks, el, { text: t, strength: 3, at });
    }
  }
  // Microdata on a visible element ("<p itemprop=datePublished content=2022-01-14>Januar 2022</p>")
  // declares its date as a <time itemprop> does: its machine-readable attribute is the date.
  // RDFa does the same with property (Drupal's "<span property="dc:date dc:created" content=...>",
  // "property=schema:datePublished"): read as a declared publication date.
  const rdfaDate = el.name !== 'meta' && RDFA_PUBLISHED.test(attribute(el, 'property') ?? '');
  if (el.name !== 'meta' && el.name !== 'time' && (DATE_ITEMPROP.test(itemprop) || rdfaDate)) {
    const declared = attribute(el, 'content') ?? attribute(el, 'datetime');
    if (declared && declared.trim() !== '') {
      const time = {
        datetime: declared.trim(),
        text: collapse(textContent(el), MAX_CANDIDATE_CHARS),
        itemprop: rdfaDate && !itemprop ? 'datepublished' : itemprop,
        pubdate: false,
        quoted: insideQuote(el),
        comment: insideComment(el),
        aside: dateAside(el),
      };
      tags.times.push(time);
      marks.time(el, time);
    }
  }
  if (
    tags.dateTexts.length < MAX_CANDIDATES &&
    el.name !== 'meta' &&
    el.name !== 'html' &&
    el.name !== 'body' &&
    el.name !== 'script' &&
    el.name !== 'style' &&
    (DATE_CLASS.test(named) || itemprop.includes('date'))
  ) {
    // The instant a script renders as "5 minutes ago" often sits in a data-* or title attribute.
    const text = collapse(attribute(el, 'content') ?? attributeDate(el) ?? textContent(el), MAX_RAW_CHARS);
    // A reader's comment below the article dates the comment, not the article; a product's
    // release date dates the product.
    const usable = text !== '' && text.length <= MAX_CANDIDATE_CHARS && !insideComment(el) && !dateAside(el);
    // One marked or announced as the last update dates the update (modified_at), not the page.
    if (usable && updateDate(el)) {
      if (tags.updateTexts.length < MAX_CANDIDATES) tags.updateTexts.push(text);
    } else if (usable) {
      if (productDate(el, text)) tags.productDated = true;
      else {
        // Counted here for the cap; listing-cards.ts keeps the page's own after the pass.
        tags.dateTexts.push(text);
        marks.dateText(
          el,
          text,
          (PUB_DATE_CLASS.test(named) || itemprop.includes('datepublished')) && !insideFurniture(el, true),
        );
      }
    }
  }
}

/**
 * A full date with a time in a data-* or title attribute of a date element ("<time
 * data-published="2016-12-09 09:13:00Z">", "<span class=date data-origindate="2017-03-01 14:27:02
 * +0800">", "<div class=news-time title="2020-09-20T14:20:02Z">Acum 15 minute</div>").
 */
export function attributeDate(el: Element): string | null {
  for (const [key, value] of Object.entries(el.attribs)) {
    if (
      (key.startsWith('data-') || key === 'title') &&
      value.length <= MAX_ATTRIBUTE_DATE_CHARS &&
      /^\s*\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)
    ) {
      const d = toIsoDate(value);
      if (d) return value.trim();
    }
  }
  return null;
}

/** A link to an author's own page: /author/jane-doe, /autoren/jd, /profile/..., /people/... */
const AUTHOR_PATH =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|\/)(?:author|authors|autor|autoren|auteur|auteurs|autore|profile|profil|people|journalist|journalists|journalisten|redakteur|redaktion\/autoren|contributor|contributors|columnist|columnists|writers?|staff)\/[^/?#]+/i;

/**
 * A label element that announces a name without a colon ("<span>By</span><a>Jane Doe</a>"); "Author", "Text" need
 * one.
 */
export const BY_WORD =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:by|von|par|por|door|thread\s+starter|(?:written|posted|published|story|words|started|article)\s+by|text\s+von|(?:geschrieben|verfasst)\s+von|(?:publié|écrit|rédigé)\s+par|(?:escrito|publicado)\s+por)$/i;

/**
 * "By Jane Doe", "Von Jane Doe", "Autor: Jane Doe": a short text node that leads with a byline word and a capitalised
 * name, after a separator or a run of dashes ("| By Jane Doe", "---- by Jane Doe", as plain text signs).
 */
const LEAD_WITH_NAME =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:[-\u2013\u2014|\u00b7\u2022]{1,4}\s*)?(?:by|von|written\s+by|posted\s+by|started\s+by|text\s+von|autor(?:in)?:|autor(?:en|innen):?|authors?:|redaktion:|par|door|(?:eine?\s+)?(?:blog-?\s*|gast)?(?:beitrag|artikel|kolumne|kommentar|interview)\s+von)\s+(?:\p{Lu}|\d\p{L})/iu;

/**
 * The text after a lead up to the next element, across the comments a renderer splits one
 * text with ("by: <!-- -->Jane Doe<!-- -->, <!-- -->Dec 17, 2025"); '' when no comment
 * splits it (a plain text node after the lead is prose, read as a whole elsewhere).
 */
function textRunAfter(lead: ChildNode): string {
  let out = '';
  let split = false;
  for (let n = lead.next; n && !isPlainTag(n) && out.length <= MAX_CANDIDATE_CHARS; n = n.next) {
    if (n.type === ElementType.Comment) split = true;
    else if (isText(n)) out += n.data;
    else break;
  }
  return split ? collapse(out, MAX_RAW_CHARS) : '';
}

/**
 * A link announced by a label that is no byline word ("<strong>Contact:</strong> <a
 * href=/authors/...>", "Reviewed by:"): the person is the page's contact or reviewer, not its author.
 */
function labelledOtherwise(el: Element): boolean {
  let prev = el.prev;
  while (prev && isText(prev) && collapse(prev.data) === '') prev = prev.prev;
  if (!prev) return false;
  const label = collapse(isText(prev) ? prev.data.slice(-MAX_RAW_LABEL_CHARS) : textUpTo(prev, MAX_RAW_LABEL_CHARS));
  return label.length <= MAX_LABEL_CHARS && /:$/.test(label) && !LEAD_ONLY.test(label) && !/^\P{L}*:$/u.test(label);
}

/**
 * Where forum engines print a post's member: the login's own element (phpBB's "username" and
 * "username-coloured", vBulletin's "bigusername") or the post's profile column, whose first term
 * is the login (FluxBB's and PunBB's "postleft").
 */
const POSTER_MARK = /^(?:big)?user-?name(?:-coloured)?$/i;
const POSTER_COLUMN = /^postleft$/i;
/** What every class POSTER_MARK or POSTER_COLUMN accepts contains. */
const POSTER_HINT = /user-?name|postleft/i;
/** The numbered container a forum engine gives each post ("p2169826", "post2017066", "post_10465146"). */
const NUMBERED_POST = /^(?:p|post_?|postmenu_)\d+$/;

/**
 * The first post's member on a forum thread: the login in the first numbered post. Comments
 * under an article are numbered too ("comment-12"): not read as posts.
 */
function readPoster(el: Element, tags: PageTags): void {
  // Read for every element until a poster is found: most classes are ruled out without splitting.
  const cls = attribute(el, 'class');
  if (!cls || !POSTER_HINT.test(cls)) return;
  const marks = cls.split(/\s+/);
  const column = marks.some((t) => POSTER_COLUMN.test(t));
  if (!column && !marks.some((t) => POSTER_MARK.test(t))) return;
  let post: Element | null = el.parent as Element | null;
  for (let depth = 0; post && isPlainTag(post) && depth < POST_CLIMB; depth++, post = post.parent as Element | null)
    if (NUMBERED_POST.test(attribute(post, 'id') ?? '')) break;
  if (!post || !isPlainTag(post) || !NUMBERED_POST.test(attribute(post, 'id') ?? '')) return;
  if (insideComment(el) || insideFurniture(el)) return;
  const term = column ? findOne((c) => c.name === 'dt', el.children) : el;
  const text = term ? collapse(textContent(term), MAX_RAW_CHARS) : '';
  if (text !== '' && text.length <= MAX_CANDIDATE_CHARS) tags.poster = text;
}

/** The label a forum puts before the member who started the thread. */
const STARTER = /^(?:thread\s+starter|started\s+by)\s*:?$/i;

/** A text node joining two names ("und", "and", ",", "&"). */
const NAME_JOIN = /^(?:[,&ey]|and|und|et)$/i;

/** "Autor: <a>Rechtsanwalt</a> Jane Doe", "Von <a>Rechtsanwalt</a> Jane Doe": `text`, read from the
 *  element `linked`, is a job title and not a name; the name is the text that follows it. */
function withNameAfter(text: string, linked: ChildNode): string {
  const after = linked.next;
  return !!after && isText(after) && cleanAuthor(text) === null
    ? collapse(`${text} ${after.data}`, MAX_RAW_CHARS)
    : text;
}

/**
 * A byline candidate, unless it stands in a testimonial, a review or a product's options: those name someone quoted
 * or a product, not the page's author.
 */
function pushByline(tags: PageTags, marks: ListingMarks, el: Element, byline: BylineTag): void {
  if (insideTestimonial(el)) return;
  tags.bylines.push(byline);
  marks.byline(el, byline);
}

/** Marks and labels of a product's own dates: its release, its first availability (a game, a
 *  program, a record, a book on sale), not the page's. */
const PRODUCT_DATE_MARK = /release|launch|availab/i;
const PRODUCT_DATE_LABEL = /^(?:release(?:d|\s+date)?|date\s+first\s+available|available\s+(?:from|since))\b/i;

/** A date element marked (itself or up to PRODUCT_DATE_CLIMB levels up) or labelled as a product's date. */
function productDate(el: Element, text: string): boolean {
  if (PRODUCT_DATE_LABEL.test(text)) return true;
  // "<div class=label>Released</div><div class=date>9 Jul, 2013</div>": the label beside it.
  let prev = el.prev;
  while (prev && !isPlainTag(prev) && !(isText(prev) && collapse(prev.data) !== '')) prev = prev.prev;
  if (prev && PRODUCT_DATE_LABEL.test(collapse(isText(prev) ? prev.data : textUpTo(prev, MAX_LABEL_CHARS))))
    return true;
  let p: Element | null = el;
  for (let depth = 0; p && isPlainTag(p) && depth <= PRODUCT_DATE_CLIMB; depth++, p = p.parent as Element | null)
    if (PRODUCT_DATE_MARK.test(`${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`)) return true;
  return false;
}
