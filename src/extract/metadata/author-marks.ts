// The class and id marks of a byline or an author ("byline", "author-name", "post-author"), and
// those that are not one though they name the author (an avatar, a bio, a "no-byline" switch, another
// part of a byline block).

const AUTHOR_CLASS =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|[\s_-])(?:by-?line|author|authors|author-?name|writer|byline-?name|contributor|autor|auteur|article-?author|post-?author|entry-?author)(?:$|[\s_-])/i;

export const NOT_AUTHOR_CLASS =
  /avatar|image|img|photo|bio|description|about|comment|social|share|follow|more-by|widget|box|tooltip/i;

/** The name in an author box ("elementor-author-box__name", "author-box-name"): the box's other parts are its bio. */
export const boxName = (marks: string) => marks.split(/\s+/).some((t) => /author-?box(?:__|-)name$/i.test(t));

/** Words of a byline block's part that is the name or holds it ("byline__name", "byline__link"). */
const NAME_PART = /author|name|by-?line|writer|link|text|title|credit|person/;
/** A mark saying the element has no byline: "no-byline", "hide-author". */
const NEGATED = /^(?:no|hide|without|disable[ds]?)[-_]/i;

/** A part of a byline block that is not the name ("byline__category", "author-modal__gdpr"); a CSS
 *  module's hash ("Author_author__4ceOm") is no part: a part is written in lower-case words. */
function otherPart(token: string): boolean {
  const at = token.indexOf('__');
  if (at < 0) return false;
  // The modifiers count: "post-info__item--type-author" is the author item.
  const rest = token.slice(at + 2);
  return /^[a-z]{2,}(?:-[a-z]+)*$/.test(rest.split('--')[0]!) && !NAME_PART.test(rest);
}

/** A class or id token marks a byline or an author: not negated, not another part of the byline block. */
export function authorMarked(marks: string): boolean {
  // A token that matches matches in the whole string too (its ends are white space or the
  // string's): most elements do not, and are not split.
  return (
    AUTHOR_CLASS.test(marks) &&
    marks.split(/\s+/).some((t) => AUTHOR_CLASS.test(t) && !NEGATED.test(t) && !otherPart(t))
  );
}
