// The thread chosen as its posts (a container reading whose roots are the posts, one element per
// post) is read once more with each post's author's name: a reader of a thread reads who wrote
// each reply, and the thread's text keeps it. Forum software sets the name in the post's member
// panel (avatar, name, rank, join date, post count), a box the prune leaves out whole as
// link-dense furniture; what tells the name apart in it is the microdata the panel declares: a
// schema.org Person whose `name` it is (XenForo's themes and others). Only the name is read: the
// rest of the panel stays out. Read after the choice, as the cards' titles are (card-titles.ts):
// the readings are compared on what they read without the names, and the second conversion is
// kept only when it adds the names and nothing else.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { findElement, textContent, visitElements } from '../../dom/walk.js';
import { PERSON_ITEMTYPE } from '../../vocabulary/schema-types.js';
import { POST_AUTHOR_MAX_CHARS } from '../thresholds/readings.js';
import type { Block } from '../../blocks.js';
import { blockText } from '../../to-blocks/block-text.js';
import type { SkipRule } from './convert.js';
import type { ContentContext } from '../context.js';
import type { Attempt } from './attempt.js';
import { readAgain } from './read-again.js';

/** `found` with its posts' authors read, when that adds only their names; else `found`. */
export function withPostAuthors(ctx: ContentContext, found: Attempt): Attempt {
  const p = found.plan;
  if (!found.again || !p || ctx.declaredType !== 'forum' || p.roots.length < 2) return found;
  const names = postAuthors(p.roots);
  if (names.size === 0) return found;
  let added = 0;
  for (const n of names) added += textContent(n).trim().length + 1;
  return readAgain(found, { ...p, authors: names }, added);
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

/** `rule` with the names read: an element on the way down to a name is read even where `rule`
 *  leaves it out, and then only the way to the name is read in it. The conversion walks down,
 *  so an element's parent is judged before it. */
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

/** The names' lines as plain lines: a member's name is set as a link to the member's page (often
 *  in a heading), and a line that is all link reads as a teaser's or a menu's to the passes. */
export function authorLines(blocks: Block[], names: ReadonlySet<Element>): Block[] {
  if (names.size === 0) return blocks;
  const texts = new Set<string>();
  for (const n of names) texts.add(textContent(n).trim());
  return blocks.map((b) => {
    if (b.type !== 'heading' && b.type !== 'paragraph') return b;
    const text = blockText(b).trim();
    return texts.has(text) ? { type: 'paragraph', children: [{ type: 'text', text }] } : b;
  });
}
