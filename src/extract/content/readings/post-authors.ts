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
  const lines = new Set([...postAuthors(p.roots), ...postDates(p.roots)]);
  if (lines.size === 0) return found;
  let added = 0;
  for (const n of lines) added += textContent(n).trim().length + 1;
  return readAgain(found, { ...p, postLines: lines }, added);
}

/** The date element of each root that prints one: its first <time> whose text is a calendar
 *  date, outside the posts it quotes. */
export function postDates(roots: readonly ChildNode[]): Set<Element> {
  const dates = new Set<Element>();
  for (const root of roots) {
    if (root.type !== ElementType.Tag) continue;
    let date: Element | null = null;
    visitElements(root, (el) => {
      if (date || el.name === 'blockquote') return false;
      if (el.name !== 'time') return true;
      const text = textContent(el, POST_DATE_MAX_CHARS + 1).trim();
      if (text.length <= POST_DATE_MAX_CHARS && HAS_DATE.test(text)) date = el;
      return false;
    });
    if (date) dates.add(date);
  }
  return dates;
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
export function readingAuthors(rule: SkipRule, names: ReadonlySet<Element>): SkipRule {
  if (names.size === 0) return rule;
  /** Each element above a name: whether it, or one above it, was opened against `rule`. */
  const above = new Map<Element, boolean>();
  for (const name of names) {
    for (
      let e = name.parent as Element | null;
      e && e.type === ElementType.Tag && !above.has(e);
      e = e.parent as Element | null
    )
      above.set(e, false);
  }
  const within = new Set<Element>();
  for (const name of names) visitElements(name, (el) => void within.add(el));
  return (el) => {
    const parent = el.parent as Element | null;
    const opened = parent !== null && above.get(parent) === true;
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
