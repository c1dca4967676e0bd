// The thread chosen as its posts (a container reading whose roots are the posts, one element per
// post) is read once more with each post's author's name and date: a reader of a thread reads who
// wrote each reply and when, and the thread's text keeps both. Forum software sets the name in the
// post's member panel (avatar, name, rank, join date, post count), a box the prune leaves out whole
// as link-dense furniture; what tells the name apart in it is the microdata the panel declares: a
// schema.org Person whose `name` it is (XenForo's themes and others). The date is the post's first
// <time> that prints a calendar date (a relative "2 hours ago" is the page's moment, not the
// post's), set as a permalink in the post's header. Only the name and the date are read: the rest of
// the panel and the header stay out, and the furniture-line pass, which drops a date line as an
// article's metadata, leaves these lines (context.ts `postLines`). Read after the choice, as the
// cards' titles are (card-titles.ts): the readings are compared on what they read without them,
// and the second conversion is kept only when it adds them and nothing else.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isSubheading } from '../../dom/headings.js';
import { findElement, textContent, visitElements } from '../../dom/walk.js';
import { PERSON_ITEMTYPE } from '../../vocabulary/schema-types.js';
import { HAS_DATE } from '../../vocabulary/phrases/post-meta.js';
import { POST_AUTHOR_MAX_CHARS, POST_DATE_MAX_CHARS } from '../thresholds/readings.js';
import type { Block } from '../../blocks.js';
import { blockText } from '../../to-blocks/block-text.js';
import type { SkipRule } from './convert.js';
import type { ContentContext } from '../context.js';
import type { Attempt } from './attempt.js';
import { readAgain } from './read-again.js';

/** `found` with its posts' authors and dates read, when that adds only them; else `found`. */
export function withPostAuthors(ctx: ContentContext, found: Attempt): Attempt {
  const p = found.plan;
  if (!found.again || !p || ctx.declaredType !== 'forum' || p.roots.length < 2) return found;
  const { bodies, dates } = datedPosts(p.roots);
  const roots =
    bodies.size === 0 ? p.roots : p.roots.map((r) => (r.type === ElementType.Tag ? (bodies.get(r) ?? r) : r));
  const lines = new Set([...postAuthors(roots), ...headingNames(bodies), ...dates]);
  if (lines.size === 0) return found;
  let added = 0;
  for (const n of lines) added += textContent(n).trim().length + 1;
  const widened = bodies.size === 0 ? {} : { roots, postBodies: bodies };
  return readAgain(found, { ...p, ...widened, postLines: lines }, added);
}

/** Each root's date (postDate), and the roots that are a post's body without its header (Invision
 *  and others set the date in a header beside the body, not in it), each with its whole post: the
 *  highest element above it that holds no other root, when that prints a date. */
function datedPosts(roots: readonly ChildNode[]): { bodies: Map<Element, Element>; dates: Set<Element> } {
  const held = new Map<Element, number>();
  for (const root of roots)
    for (let e = root.parent as Element | null; e && e.type === ElementType.Tag; e = e.parent as Element | null)
      held.set(e, (held.get(e) ?? 0) + 1);
  const bodies = new Map<Element, Element>();
  const dates = new Set<Element>();
  for (const root of roots) {
    if (root.type !== ElementType.Tag) continue;
    const own = postDate(root);
    if (own) {
      dates.add(own);
      continue;
    }
    let post = root;
    for (let e = root.parent as Element | null; e && held.get(e) === 1; e = e.parent as Element | null) post = e;
    const date = post === root ? null : postDate(post);
    if (date) {
      bodies.set(root, post);
      dates.add(date);
    }
  }
  return { bodies, dates };
}

/** The post's date element, when it prints one: its first <time> whose text is a calendar date,
 *  outside the posts it quotes. */
function postDate(post: Element): Element | null {
  let date: Element | null = null;
  visitElements(post, (el) => {
    if (date || el.name === 'blockquote') return false;
    if (el.name !== 'time') return true;
    const text = textContent(el, POST_DATE_MAX_CHARS + 1).trim();
    if (text.length <= POST_DATE_MAX_CHARS && HAS_DATE.test(text)) date = permalink(el);
    return false;
  });
  return date;
}

/** In each widened post without a declared author, the heading its header opens with when it is
 *  one short link (the author's pane: the name linked to the member's page). */
function headingNames(bodies: ReadonlyMap<Element, Element>): Element[] {
  const names: Element[] = [];
  for (const post of bodies.values()) {
    if (firstPersonName(post)) continue;
    const h = findElement(post, isSubheading);
    if (!h) continue;
    const text = textContent(h, POST_AUTHOR_MAX_CHARS + 1).trim();
    const link = findElement(h, (el) => el.name === 'a');
    if (link && text.length > 0 && text.length <= POST_AUTHOR_MAX_CHARS && textContent(link).trim() === text)
      names.push(h);
  }
  return names;
}

/** The link the date is set in when it is the date's own line ("Posted <time>"), else the date. */
function permalink(time: Element): Element {
  const link = time.parent as Element | null;
  if (!link || link.type !== ElementType.Tag || link.name !== 'a') return time;
  return textContent(link, POST_DATE_MAX_CHARS + 1).trim().length <= POST_DATE_MAX_CHARS ? link : time;
}

/** The author's name element of each root that declares one: the `itemprop="name"` of the first
 *  Person item in it (a post's own author comes before the people its text quotes). */
export function postAuthors(roots: readonly ChildNode[]): Set<Element> {
  const names = new Set<Element>();
  for (const root of roots) {
    if (root.type !== ElementType.Tag) continue;
    const name = firstPersonName(root);
    if (name) names.add(name);
  }
  return names;
}

function firstPersonName(root: Element): Element | null {
  let name: Element | null = null;
  findElement(root, (el) => {
    const type = attribute(el, 'itemtype');
    return type !== undefined && PERSON_ITEMTYPE.test(type.trim()) && (name = itemName(el)) !== null;
  });
  return name;
}

/** The item's `name` property (its first, outside the items it holds), when it is a short line of
 *  text. */
function itemName(item: Element): Element | null {
  let name: Element | null = null;
  let decided = false;
  visitElements(item, (el) => {
    if (decided || attribute(el, 'itemtype') !== undefined) return false;
    if (attribute(el, 'itemprop') !== 'name') return true;
    decided = true;
    const text = textContent(el, POST_AUTHOR_MAX_CHARS + 1).trim();
    if (text.length > 0 && text.length <= POST_AUTHOR_MAX_CHARS) name = el;
    return false;
  });
  return name;
}

/** `rule` with the names (and dates) read: an element on the way down to a name is read even where
 *  `rule` leaves it out, and then only the way to the name is read in it. The conversion walks
 *  down, so an element's parent is judged before it. */
export function readingAuthors(
  rule: SkipRule,
  names: ReadonlySet<Element>,
  bodies: ReadonlyMap<Element, Element> = new Map(),
): SkipRule {
  if (names.size === 0) return rule;
  /** Each element above a name: whether it, or one above it, was opened against `rule`. */
  const above = new Map<Element, boolean>();
  const climb = (from: Element, to: Element | null): void => {
    for (
      let e = from.parent as Element | null;
      e && e.type === ElementType.Tag && !above.has(e);
      e = e.parent as Element | null
    ) {
      above.set(e, false);
      if (e === to) return;
    }
  };
  for (const name of names) climb(name, null);
  // A widened post is read only on the way to its date and to its body.
  const posts = new Set(bodies.values());
  for (const [body, post] of bodies) climb(body, post);
  const within = new Set<Element>();
  for (const name of names) visitElements(name, (el) => void within.add(el));
  return (el) => {
    if (posts.has(el)) {
      above.set(el, true);
      return null;
    }
    const parent = el.parent as Element | null;
    const opened = !bodies.has(el) && parent !== null && above.get(parent) === true;
    if (above.has(el)) {
      above.set(el, opened || rule(el) !== null);
      return null;
    }
    if (names.has(el) || within.has(el)) return null;
    const r = rule(el);
    return r ?? (opened ? 'post member panel' : null);
  };
}

/** The names' (and dates') lines as plain lines, noted in `kept` for the passes: a member's name
 *  is set as a link to the member's page (often in a heading), a post's date as its permalink
 *  (often the one item of a list of the post's header), and a line that is all link reads as a
 *  teaser's or a menu's to the passes. */
export function authorLines(blocks: Block[], names: ReadonlySet<Element>, kept: WeakSet<Block>): Block[] {
  if (names.size === 0) return blocks;
  const texts = new Set<string>();
  for (const n of names) texts.add(textContent(n).trim());
  return blocks.map((b) => {
    if (b.type !== 'heading' && b.type !== 'paragraph' && b.type !== 'list') return b;
    const text = blockText(b).trim();
    if (!texts.has(text)) return b;
    const line: Block = { type: 'paragraph', children: [{ type: 'text', text }] };
    kept.add(line);
    return line;
  });
}
