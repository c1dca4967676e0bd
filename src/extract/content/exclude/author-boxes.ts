// A box about the article's writer ("Jane Doe is a writer and editor who covers ..."), named so by
// its class or id ("author-bio", "single-content-author__about", "ContributorsWrapper",
// "author-footer"): the writer's bio, not the story, in every reading. The strict reading's
// furniture tokens ("author-box", "about-author") name only a few of these, and only the strict
// reading reads them; the declared, relaxed and whole-page readings take the box with the story
// around it. A byline or a list of names is not a bio: the box must hold a sentence of some
// length. A wrapper that carries the word but holds the story (a short page's
// "post-author-content", a box around the declared body) is not one, nor is a comment by the
// post's author (WordPress marks it "comment-author-jane bypostauthor").
import type { AnyNode, Element } from 'domhandler';
import { collapsedLength, rawTextLength } from '../../dom/measures.js';
import { textContent } from '../../dom/walk.js';
import { AUTHOR_BOX_NAME, COMMENT_NAME } from '../../vocabulary/class-words.js';
import { FURNITURE_BOX_MAX_CHARS, AUTHOR_BIO_MIN_WORDS, AUTHOR_BOX_MAX_PAGE_SHARE } from '../thresholds/exclusions.js';

/** A sentence's end: a lower-case letter, then `.`, `!` or `?` and a space or the text's end. */
const SENTENCE_END = /\p{Ll}[.!?](?:\s|$)/u;

/** How much of a box is read before it is known to be too long (white space counts). */
const READ_LIMIT = 4 * FURNITURE_BOX_MAX_CHARS;

/** `cls`, `id`: the element's attributes; `pageChars`: the raw text length of a page's root;
 *  `holdsBody`: whether the element holds a declared article body other than its own parts. */
export function isAuthorBox(
  el: Element,
  cls: string | undefined,
  id: string | undefined,
  pageChars: (root: AnyNode) => number,
  holdsBody: (el: Element) => boolean,
): boolean {
  if (!(cls !== undefined && AUTHOR_BOX_NAME.test(cls)) && !(id !== undefined && AUTHOR_BOX_NAME.test(id)))
    return false;
  if ((cls !== undefined && COMMENT_NAME.test(cls)) || (id !== undefined && COMMENT_NAME.test(id))) return false;
  const text = textContent(el, READ_LIMIT);
  if (text.length > READ_LIMIT || collapsedLength(text) > FURNITURE_BOX_MAX_CHARS || !isBio(text)) return false;
  let root: AnyNode = el;
  while (root.parent) root = root.parent;
  return rawTextLength(el) < AUTHOR_BOX_MAX_PAGE_SHARE * pageChars(root) && !holdsBody(el);
}

/** A bio is written in sentences: enough words, one of them closing a sentence. */
function isBio(text: string): boolean {
  if (!SENTENCE_END.test(text)) return false;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 0x20;
    if (!space && !inWord && ++words >= AUTHOR_BIO_MIN_WORDS) return true;
    inWord = !space;
  }
  return false;
}
