// Standalone lines that are page furniture by their wording, wherever the page put them: a
// "Read also" / "Mehr zum Thema" lead-in left inside the article container after its teaser
// links were dropped, a picture credit set as a plain paragraph, a newsletter or "support us"
// call, an ad label or affiliate notice, the count and sort labels of a listing's bar. Only short
// whole lines are judged, never a sentence inside prose.
import type { Block, Inline } from '../../blocks.js';
import { isWrapper } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { unionOf } from '../../dom/patterns.js';
import {
  APPENDIX_LABEL,
  BACK_LINK,
  POST_META_FEED,
  POST_META_LEAD,
  RELATED_LEAD_IN,
  TOC_LABEL,
} from '../../vocabulary/phrases/lead-ins.js';
import {
  BYLINE,
  BYLINE_WORD,
  DATE_LINE,
  HAS_DATE,
  META_SEPARATOR,
  READING_TIME,
  TAXONOMY_FIELD,
  TAXONOMY_LIST_LINE,
} from '../../vocabulary/phrases/post-meta.js';
import {
  COPYRIGHT_LINE,
  CREDIT_LABEL,
  PICTURE_FILE,
  SLASH_CREDIT,
  TRAILING_COPYRIGHT_SITE,
  TRAILING_CREDIT,
  VIEWER_LABEL,
} from '../../vocabulary/phrases/credits.js';
import {
  AD_LABEL,
  CALL_TO_ACTION,
  NEWSLETTER,
  NEWSLETTER_CALL,
  SOCIAL_FOLLOW,
  SOCIAL_NETWORK,
  SUPPORT_APPEAL,
  SUPPORT_APPEAL_WORD,
} from '../../vocabulary/phrases/calls.js';
import {
  CONSENT_WORD,
  DISCLOSURE,
  LICENCE_NOTICE,
  LIST_NOTICE_LINE,
  NOTICE_SUBJECT,
  PAGE_TOOL_LINE,
  PAYWALL_OFFER_LINE,
  PINGBACK_LINE,
  PRIVACY,
} from '../../vocabulary/phrases/notices.js';
import { LISTING_TOOLBAR, STATE_NOTICE, WIDGET_LEAD, WIDGET_WORD } from '../../vocabulary/phrases/widgets.js';
import {
  ANYWHERE_MAX_CHARS,
  APPEAL_MAX_CHARS,
  BYLINE_MAX_CHARS,
  CALL_MAX_CHARS,
  CREDIT_MAX_CHARS,
  DATE_LINE_MAX_CHARS,
  DISCLOSURE_MAX_CHARS,
  LEAD_IN_MAX_CHARS,
  LICENCE_MAX_CHARS,
  LIST_NOTICE_MAX_CHARS,
  LISTING_TOOLBAR_MAX_CHARS,
  LONGEST_LINE,
  META_FIELD_MAX_CHARS,
  META_LINE_MAX_CHARS,
  NEWSLETTER_LABEL_MAX_CHARS,
  PAGE_TOOL_MAX_CHARS,
  PAYWALL_OFFER_MAX_CHARS,
  POST_META_FEED_MAX_CHARS,
  POST_META_LINE_MAX_CHARS,
  RAW_TEXT_LIMIT,
  READING_TIME_MAX_CHARS,
  SLASH_CREDIT_MAX_CHARS,
  SOCIAL_FOLLOW_MAX_CHARS,
  STATE_NOTICE_MAX_CHARS,
  TAGGED_PROSE_MIN_CHARS,
  VIEWER_CAPTION_MAX_CHARS,
  VIEWER_LABEL_MAX_CHARS,
  WIDGET_LEAD_MAX_CHARS,
  WIDGET_MAX_CHARS,
} from '../thresholds/passes.js';

/** A line closing as a sentence (a closing "Min." is the abbreviation: "Lesezeit: 3 Min."). */
const SENTENCE_END = /[!?…]$|(?<!min)\.$/iu;

function isNewsletterCall(text: string): boolean {
  if (!NEWSLETTER.test(text)) return false;
  return text.length <= NEWSLETTER_LABEL_MAX_CHARS || NEWSLETTER_CALL.test(text);
}

/** Such a line is a credit only where credits stand: first text (the lead picture's) or last (the
 *  agency's signature) in the content; elsewhere "Berlin/Brandenburg" may be a subheading. */
function isSlashCredit(block: Block): boolean {
  if (block.type !== 'paragraph') return false;
  const text = inlineText(block.children, SLASH_CREDIT_MAX_CHARS + 1).trim();
  return text.length <= SLASH_CREDIT_MAX_CHARS && SLASH_CREDIT.test(text);
}

/** `blocks` without their furniture lines; the lines in `kept` were read on purpose (a forum
 *  post's date, which reads as an article's date line) and stay. */
export function dropFurnitureLines(blocks: Block[], kept: WeakSet<Block> | null = null): Block[] {
  let changed = false;
  const out: Block[] = [];
  // The first line of text (after the lead picture) and the last one.
  const first = blocks.findIndex((b) => b.type !== 'image');
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (kept?.has(b) === true) {
      out.push(b);
      continue;
    }
    if (isFurnitureLine(b) || ((i === first || i === blocks.length - 1) && blocks.length > 1 && isSlashCredit(b))) {
      changed = true;
      continue;
    }
    if (b.type === 'list') {
      const list = withoutPageTools(b);
      if (list !== b) {
        changed = true;
        if (list !== null) out.push(list);
        continue;
      }
    }
    const pictures = b.type === 'paragraph' ? (pictureLinkImages(b.children) ?? viewerCaptionImages(b.children)) : null;
    if (pictures) {
      changed = true;
      out.push(...pictures);
      continue;
    }
    out.push(b);
  }
  return changed ? out : blocks;
}

/**
 * A line that opens with a picture viewer's control, a link to the picture file labelled
 * "Vergrößern" or "Enlarge", is that picture's caption ("[Vergrößern](photo.jpg) Eine kleine
 * runde Aussparung ..."): the picture (if the link shows one) stays, the line goes.
 */
function viewerCaptionImages(inlines: Inline[]): Block[] | null {
  let i = 0;
  while (i < inlines.length && inlines[i]!.type === 'text' && (inlines[i] as { text: string }).text.trim() === '') i++;
  const first = inlines[i];
  if (first === undefined || first.type !== 'link' || first.href === null || !PICTURE_FILE.test(first.href))
    return null;
  if (!VIEWER_LABEL.test(inlineText(first.children, VIEWER_LABEL_MAX_CHARS))) return null;
  const rest = inlineText(inlines.slice(i + 1), VIEWER_CAPTION_MAX_CHARS * 2)
    .replace(/\s+/g, ' ')
    .trim();
  if (rest.length === 0 || rest.length > VIEWER_CAPTION_MAX_CHARS) return null;
  const images: Block[] = [];
  collectImages(first.children, images);
  return images;
}

/** A page tool set as a list item (a metadata list "Date ... / Print this page / Permalien
 *  https://...") or a pingback in the list of comments: the item goes, the other items stay;
 *  a list of nothing else goes. Only these lines are judged in lists (the other line rules
 *  read prose paragraphs). Returns
 *  `list` itself when no item is one. */
function withoutPageTools(list: Extract<Block, { type: 'list' }>): Block | null {
  let kept: typeof list.items | null = null;
  for (let i = 0; i < list.items.length; i++) {
    const item = list.items[i]!;
    // A pingback's item holds its excerpt too; a tool is the item's only line.
    const head = item.children[0];
    const tool =
      head !== undefined && head.type === 'paragraph' && isNoticeLine(head.children, item.children.length === 1);
    if (tool && kept === null) kept = list.items.slice(0, i);
    else if (!tool && kept !== null) kept.push(item);
  }
  if (kept === null) return list;
  return kept.length === 0 ? null : { ...list, items: kept };
}

function isNoticeLine(inlines: Inline[], alone: boolean): boolean {
  const raw = inlineText(inlines, PAGE_TOOL_MAX_CHARS * 2);
  if (raw.length > PAGE_TOOL_MAX_CHARS * 2) return false;
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return false;
  if (text.length <= LIST_NOTICE_MAX_CHARS && PINGBACK_LINE.test(text)) return true;
  return (
    alone &&
    ((text.length <= PAGE_TOOL_MAX_CHARS && PAGE_TOOL_LINE.test(text)) ||
      (text.length <= LIST_NOTICE_MAX_CHARS && LIST_NOTICE_LINE.test(text)))
  );
}

/**
 * A line made only of links to picture files ("[Caption](photo.jpg)", or a linked thumbnail
 * whose alt text is the caption) is a picture, not text: its images stay, the caption goes.
 */
function pictureLinkImages(inlines: Inline[]): Block[] | null {
  const images: Block[] = [];
  let links = 0;
  for (const n of inlines) {
    if (n.type === 'text' && n.text.trim() === '') continue;
    if (n.type === 'break') continue;
    if (n.type !== 'link' || n.href === null) return null;
    const before = images.length;
    const hasText = collectImages(n.children, images);
    // A link to a picture file is a picture whatever its label; any other link is one only
    // when it shows nothing but pictures (a linked thumbnail, whose alt would read as text).
    if (!PICTURE_FILE.test(n.href) && (hasText || images.length === before)) return null;
    links++;
  }
  return links > 0 ? images : null;
}

/** Collects the images under a link; says whether the link also shows text. */
function collectImages(inlines: Inline[], into: Block[]): boolean {
  let hasText = false;
  const stack = [...inlines].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'image') into.push({ type: 'image', src: n.src, alt: n.alt, caption: null });
    else if (n.type === 'text' || n.type === 'code') hasText ||= n.text.trim() !== '';
    else if (n.type === 'math') hasText = true;
    else if (isWrapper(n)) stack.push(...[...n.children].reverse());
  }
  return hasText;
}
const WHITESPACE_RUN = /\s\s/;
/** Whitespace that collapsing changes: a run, or any whitespace but a plain space. */
const COLLAPSIBLE = /[^\S ]| {2}/;

/** The rules that look for their words anywhere in the line. Most short lines are prose that
 *  holds none of them: one scan of the union answers "none" for all (each scan of a line costs
 *  about as much as the union's, which tries its alternatives at each place in one pass). */
const ANYWHERE = unionOf(
  CALL_TO_ACTION,
  NEWSLETTER,
  LICENCE_NOTICE,
  SOCIAL_NETWORK,
  DISCLOSURE,
  PRIVACY,
  TRAILING_CREDIT,
);

function isFurnitureLine(block: Block): boolean {
  if (block.type !== 'heading' && block.type !== 'paragraph') return false;
  // Most paragraphs are prose: their text is read only as far as the limit.
  const raw = inlineText(block.children, RAW_TEXT_LIMIT);
  if (raw.length > RAW_TEXT_LIMIT) return false;
  // Collapsing shortens a line only where whitespace runs, and trimming by one space at each
  // end: without a run, a line this long stays too long, and needs no copy to tell.
  if (raw.length > LONGEST_LINE + 2 && !WHITESPACE_RUN.test(raw)) return false;
  // Whitespace other than single spaces is rare: the copy is made only when there is some
  // (trim removes the same characters as \s matches).
  const text = COLLAPSIBLE.test(raw) ? raw.replace(/\s+/g, ' ').trim() : raw.trim();
  if (text.length === 0 || text.length > LONGEST_LINE) return false;
  if (
    text.length <= LEAD_IN_MAX_CHARS &&
    (RELATED_LEAD_IN.test(text) || APPENDIX_LABEL.test(text) || TOC_LABEL.test(text))
  )
    return true;
  // A date set as a heading titles a section of a timeline, live blog or changelog; only a
  // date paragraph is post metadata.
  if (
    text.length <= DATE_LINE_MAX_CHARS &&
    ((block.type === 'paragraph' && DATE_LINE.test(text)) || BACK_LINK.test(text))
  )
    return true;
  // The anchored lead first: it fails at the line's first word, the feed words are looked for
  // all along the line.
  if (
    POST_META_LEAD.test(text) &&
    (text.length <= POST_META_LINE_MAX_CHARS || (text.length <= POST_META_FEED_MAX_CHARS && POST_META_FEED.test(text)))
  )
    return true;
  if (text.length <= BYLINE_MAX_CHARS && isByline(text)) return true;
  if (block.type === 'paragraph' && isReadingTimeLine(text)) return true;
  if (text.length <= META_LINE_MAX_CHARS && isMetaLine(text)) return true;
  if (
    (text.length <= WIDGET_MAX_CHARS && WIDGET_WORD.test(text)) ||
    (text.length <= WIDGET_LEAD_MAX_CHARS && WIDGET_LEAD.test(text)) ||
    (text.length <= STATE_NOTICE_MAX_CHARS && STATE_NOTICE.test(text)) ||
    (text.length <= LISTING_TOOLBAR_MAX_CHARS && LISTING_TOOLBAR.test(text))
  )
    return true;
  // Where the union finds none of its rules' words, each of them would find none.
  const anywhere = text.length <= ANYWHERE_MAX_CHARS && ANYWHERE.test(text);
  if (
    text.length <= CALL_MAX_CHARS &&
    ((anywhere && (CALL_TO_ACTION.test(text) || isNewsletterCall(text))) || AD_LABEL.test(text))
  )
    return true;
  if (text.length <= APPEAL_MAX_CHARS && SUPPORT_APPEAL_WORD.test(text) && SUPPORT_APPEAL.test(text)) return true;
  if (anywhere && text.length <= LICENCE_MAX_CHARS && LICENCE_NOTICE.test(text)) return true;
  if (anywhere && text.length <= SOCIAL_FOLLOW_MAX_CHARS && SOCIAL_NETWORK.test(text) && SOCIAL_FOLLOW.test(text))
    return true;
  if (
    text.length <= DISCLOSURE_MAX_CHARS &&
    ((anywhere && isDisclosure(text)) ||
      COPYRIGHT_LINE.test(text) ||
      (anywhere && PRIVACY.test(text) && CONSENT_WORD.test(text) && NOTICE_SUBJECT.test(text)))
  )
    return true;
  if (text.length <= PAGE_TOOL_MAX_CHARS && PAGE_TOOL_LINE.test(text)) return true;
  if (text.length <= LIST_NOTICE_MAX_CHARS && (LIST_NOTICE_LINE.test(text) || PINGBACK_LINE.test(text))) return true;
  if (text.length <= PAYWALL_OFFER_MAX_CHARS && PAYWALL_OFFER_LINE.test(text)) return true;
  return block.type === 'paragraph' && isCredit(text, anywhere);
}

function isDisclosure(text: string): boolean {
  const m = DISCLOSURE.exec(text);
  if (!m) return false;
  return !(
    text.length >= TAGGED_PROSE_MIN_CHARS &&
    text[m.index - 1] === '(' &&
    text.indexOf(')', m.index) === m.index + m[0].length
  );
}

/** The byline word may be capitalised ("Von", "BY"); the names after it must be. */
function isByline(text: string): boolean {
  const m = BYLINE_WORD.exec(text);
  if (!m) return false;
  return BYLINE.test(m[0].toLowerCase() + text.slice(m[0].length));
}

/** A post's reading time, alone or with its date and byline: a short line that is no sentence
 *  ("This guide is a 5 min read." is one). */
function isReadingTimeLine(text: string): boolean {
  return text.length <= READING_TIME_MAX_CHARS && !SENTENCE_END.test(text) && READING_TIME.test(text);
}

function isMetaLine(text: string): boolean {
  // A post's date with its category or tags ("24.01.2022 11:38 Kategorie: News"), or its list
  // of tags, whatever separates the fields.
  if (TAXONOMY_FIELD.test(text) && (TAXONOMY_LIST_LINE.test(text) || HAS_DATE.test(text))) return true;
  // Every separator holds one of these: most lines hold none, and need no split.
  if (!text.includes('|') && !text.includes('·') && !text.includes('•')) return false;
  const fields = text.split(META_SEPARATOR);
  if (fields.length < 2 || fields.some((f) => f.length > META_FIELD_MAX_CHARS)) return false;
  return HAS_DATE.test(text);
}

/** `anywhere`: the union of the unanchored rules (TRAILING_CREDIT among them) matched. */
function isCredit(text: string, anywhere: boolean): boolean {
  if (text.length > CREDIT_MAX_CHARS) return false;
  return CREDIT_LABEL.test(text) || (anywhere && TRAILING_CREDIT.test(text)) || TRAILING_COPYRIGHT_SITE.test(text);
}
