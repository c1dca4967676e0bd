// A thread set in an article template: the page declares an Article (forum software reusing a
// blog's markup), the opening post is read as its body, and the replies below it, inside the
// same container, are left out as a blog's comments would be. What tells the thread apart from
// an article with comments is the page's own markup: the container holding the opening post and
// its replies is named a thread, a topic, a discussion or a forum ("ThreadView", "topic-body"),
// and each reply is declared a schema.org Comment with its text marked `itemprop="text"`. Then
// the replies' texts are content, after the opening post. A blog's comment list (declared
// Comments too) sits in a container named a post or an entry, and stays out.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { THREAD_TOKEN } from '../../vocabulary/region-words.js';
import { COMMENT_ITEMTYPE } from '../../vocabulary/schema-types.js';
import { MIN_REPLIES } from '../thresholds/select.js';

function namesThread(el: Element): boolean {
  const id = attribute(el, 'id');
  if (id && THREAD_TOKEN.test(id)) return true;
  const cls = attribute(el, 'class');
  if (!cls) return false;
  for (const t of cls.split(/\s+/)) if (t !== '' && THREAD_TOKEN.test(t)) return true;
  return false;
}

function isComment(el: Element): boolean {
  const type = attribute(el, 'itemtype');
  return type !== undefined && COMMENT_ITEMTYPE.test(type.trim());
}

/** The declared replies' texts inside the chosen `roots`, in page order, when a root (or what
 *  holds it) is named a thread; null otherwise. Reads only the roots' subtrees and ancestors. */
export function declaredReplies(roots: readonly ChildNode[]): Element[] | null {
  const texts: Element[] = [];
  for (const r of roots) {
    if (r.type !== ElementType.Tag) continue;
    let thread = false;
    for (let p: ChildNode | null = r; p && p.type === ElementType.Tag; p = p.parent as ChildNode | null) {
      if (namesThread(p)) {
        thread = true;
        break;
      }
    }
    if (thread) collect(r, null, texts);
  }
  return texts.length >= MIN_REPLIES ? texts : null;
}

/** Each Comment's own text element (not one of a reply nested in it, which is collected as its own). */
function collect(el: Element, comment: Element | null, out: Element[]): void {
  for (const c of el.children) {
    if (c.type !== ElementType.Tag) continue;
    const child = c;
    if (isComment(child)) {
      collect(child, child, out);
      continue;
    }
    if (comment && attribute(child, 'itemprop') === 'text') {
      out.push(child);
      continue;
    }
    collect(child, comment, out);
  }
}
