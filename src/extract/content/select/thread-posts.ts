// A discussion thread is all of its posts. Scoring picks the one post with the most text (the
// opening one, or the longest reply) and the page's other posts look like comments beside it;
// but on a thread the opening post and its replies are marked up alike: the same element with
// the same classes, one after another. When the chosen container is one of several such
// look-alikes, the content is all of them, in page order.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import type { ElementStats } from './element-stats.js';
import { attribute } from '../../../parse/nodes.js';
import { hasAncestorIn } from '../../dom/walk.js';
import { classOrIdMatches } from '../exclude/exclusions.js';
import { NOT_REPLY_NAME, REPLY_NAME } from '../../vocabulary/region-words.js';
import { THREAD_ITEMTYPE } from '../../vocabulary/schema-types.js';
import { MIN_GAIN, MIN_POSTS, THREAD_MAX_LINK_DENSITY } from '../thresholds/select.js';

/** Tag plus class tokens, without tokens holding digits (per-post ids and states set as
 *  classes: "post-4471", "js-post-4471"). Null when the element has no class to compare. */
function postSignature(el: Element): string | null {
  const cls = attribute(el, 'class');
  if (!cls) return null;
  const tokens = cls.split(/\s+/).filter((t) => t !== '' && !/\d/.test(t));
  if (tokens.length === 0) return null;
  return el.name + ' ' + tokens.sort().join(' ');
}

/** The posts of the thread `chosen` belongs to (itself included, in page order), or null when
 *  it is not one of several look-alike posts. One pass over the measured elements. */
export function threadPosts(chosen: Element, stats: ElementStats): Element[] | null {
  const sig = postSignature(chosen);
  const chosenInfo = stats.get(chosen);
  if (!sig || !chosenInfo) return null;
  const members = new Set<Element>();
  const posts: Element[] = [];
  let chars = 0;
  let linkChars = 0;
  for (const el of stats.order) {
    if (el.name !== chosen.name || postSignature(el) !== sig) continue;
    // A look-alike inside another (a quoted post) is read with it.
    if (hasAncestorIn(el, members)) continue;
    members.add(el);
    posts.push(el);
    const info = stats.get(el)!;
    chars += info.chars;
    linkChars += info.linkChars;
  }
  if (posts.length < MIN_POSTS || !members.has(chosen)) return null;
  if (chars === 0 || linkChars / chars > THREAD_MAX_LINK_DENSITY) return null;
  if (chars < MIN_GAIN * chosenInfo.chars) return null;
  return posts;
}

/** A page that declares itself a thread (DiscussionForumPosting, QAPage): its replies are
 *  content, though their wrappers are often classed "comment" and the strict pass leaves them
 *  out. The post bodies are the elements marked up like a kept one (same tag and classes)
 *  that the strict pass dropped (`dropped`): all of them, in page order, measured on `all` (the page minus
 *  never-text and hidden elements only). Null when no kept element has left-out look-alikes in
 *  reply wrappers (a signature box reusing the post's text class is no reply). */
export function threadReplies(
  all: ElementStats,
  kept: (el: Element) => boolean,
  dropped: (el: Element) => boolean,
): Element[] | null {
  const groups = new Map<
    string,
    { posts: Element[]; members: Set<Element>; kept: number; leftOut: number; chars: number; linkChars: number }
  >();
  for (const el of all.order) {
    const sig = postSignature(el);
    if (!sig) continue;
    let g = groups.get(sig);
    if (!g) groups.set(sig, (g = { posts: [], members: new Set(), kept: 0, leftOut: 0, chars: 0, linkChars: 0 }));
    if (hasAncestorIn(el, g.members)) continue;
    const info = all.get(el)!;
    g.members.add(el);
    g.posts.push(el);
    g.chars += info.chars;
    g.linkChars += info.linkChars;
    if (kept(el)) g.kept += info.chars;
    else if (info.chars > 0 && dropped(el) && inReply(el)) g.leftOut += info.chars;
  }
  let best: { posts: Element[]; leftOut: number } | null = null;
  for (const g of groups.values()) {
    if (g.posts.length < MIN_POSTS || g.kept === 0 || g.leftOut === 0) continue;
    if (g.linkChars / g.chars > THREAD_MAX_LINK_DENSITY) continue;
    if (!best || g.leftOut > best.leftOut) best = g;
  }
  return best ? best.posts : null;
}

function inReply(el: Element): boolean {
  let reply = false;
  for (let p = el.parent; p && p.type === ElementType.Tag; p = p.parent) {
    const a = p;
    if (a.name === 'aside' || classOrIdMatches(a, NOT_REPLY_NAME)) return false;
    if (classOrIdMatches(a, REPLY_NAME)) reply = true;
  }
  return reply;
}

/** One of `roots` sits in (or is) an element whose microdata declares a thread (forum software
 *  that marks its threads up so, without JSON-LD). Reads only the roots' ancestors. */
export function inDeclaredThread(roots: readonly ChildNode[]): boolean {
  for (const r of roots) {
    for (let p: ChildNode | null = r; p && p.type === ElementType.Tag; p = p.parent as ChildNode | null) {
      const type = attribute(p, 'itemtype');
      if (type !== undefined && THREAD_ITEMTYPE.test(type.trim())) return true;
    }
  }
  return false;
}
