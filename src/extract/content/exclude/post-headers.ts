// A forum post's header line (who wrote it, when) is part of the post: a reader of a thread
// reads each reply with its author and date, and the thread's text keeps them. On an article
// the byline and date are metadata, left out of the body (exclusions.ts). The difference is
// declared in microdata: the post is an item of a thread's type (the thread itself, a comment,
// a question or an answer), and the header sits in it directly, not in some other item.
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { LINE_BLOCKS } from '../../vocabulary/tags.js';

import { POST_ITEMTYPE } from '../../vocabulary/schema-types.js';

/** `el` is one line: a name, a date, a post number, set in inline elements only. A member's
 *  panel (avatar, name, rank, join date, post count) or a post's whole header bar (buttons,
 *  "wrote", "last edited by") is a box of blocks, and stays out like an article's author box. */
export function isOneLine(el: Element): boolean {
  // A block whose children are all inline is still one line ("<div class=meta><span>...").
  for (const c of el.children) if (c.type === ElementType.Tag && !isInline(c)) return false;
  return true;
}

function isInline(el: Element): boolean {
  if (LINE_BLOCKS.has(el.name)) return false;
  for (const c of el.children) if (c.type === ElementType.Tag && !isInline(c)) return false;
  return true;
}

/** `el` (an author or date element, already judged post metadata) is the header of a post
 *  declared in microdata: the nearest enclosing item (not counting `el`'s own item, an author's
 *  Person) is a post. Reads only the ancestors. */
export function inDeclaredPost(el: Element): boolean {
  for (let p = el.parent; p && p.type === ElementType.Tag; p = p.parent) {
    // A date set as the post's permalink is a link: kept, it weighs a one-line reply down
    // under the link-density prune and the reply goes.
    if (p.name === 'a') return false;
    const type = attribute(p, 'itemtype');
    if (type === undefined) continue;
    return POST_ITEMTYPE.test(type.trim());
  }
  return false;
}
