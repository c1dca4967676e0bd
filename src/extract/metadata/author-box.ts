// An author box: the block a theme prints to present the article's writer (a photo, the name
// linking to the author's page, a bio sentence, "All posts by ..."), marked by its class or id
// ("author-bio", "author-box", "about-the-author"). Themes place it in a sidebar or in the
// article's footer column as often as under the text, so its author-page link names the page's
// writer wherever it stands.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';

/** Levels climbed from an author-page link to its box (the name's heading, its paragraph, the box). */
const AUTHOR_BOX_CLIMB = 4;

/** A class or id token naming an author box: "author-bio", "author_box", "about-the-author", "autor-info". */
const AUTHOR_BOX_MARK =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|[_-])(?:author|autor|auteur|writer)[_-]*(?:bio|box|info|card|about|profile|details|description)(?:$|[_-])|(?:^|[_-])about[_-]*(?:the[_-]*)?(?:author|autor|writer)(?:$|[_-])/i;

/** `el` or one of its AUTHOR_BOX_CLIMB nearest ancestors is marked as an author box. */
export function insideAuthorBox(el: Element): boolean {
  let p: Element | null = el;
  for (let depth = 0; p && p.name && p.name !== 'body' && depth <= AUTHOR_BOX_CLIMB; depth++) {
    const marks = `${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`;
    if (marks.split(/\s+/).some((t) => AUTHOR_BOX_MARK.test(t))) return true;
    p = p.parent as Element | null;
  }
  return false;
}
