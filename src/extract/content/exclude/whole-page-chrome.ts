// What the whole-page reading leaves out: never-text and hidden elements (Exclusions.always),
// picture captions and the page's chrome landmarks (navigation, header, footer, asides, menus,
// and a form unless it wraps the page); beyond the strict measure's view, a post's comments,
// reviews and sidebar widgets too.
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { classOrIdMatches, isCaption, type Exclusions } from './exclusions.js';

/** The page's chrome landmarks, by tag (a <form> too, in the whole-page reading, unless it wraps the page). */
export const CHROME_TAGS: ReadonlySet<string> = new Set(['nav', 'aside', 'footer', 'header', 'menu']);
const CHROME_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
]);

/** What the whole-page reading leaves out: never-text, hidden, and chrome landmarks. */
export function wholePageExcluded(ex: Exclusions, el: Element): boolean {
  if (ex.always(el)) return true;
  if (isCaption(el)) return true;
  if (CHROME_TAGS.has(el.name)) return true;
  if (el.name === 'form') return !holdsMain(el);
  const role = attribute(el, 'role');
  return role !== undefined && CHROME_ROLES.has(role);
}

/** ASP.NET and similar wrap the whole page in one <form>: that one is the page, not chrome. */
function holdsMain(form: Element): boolean {
  return form.parent !== null && (form.parent as Element).name === 'body';
}

/** Beyond the strict measure's view, the page may be a post with its comments, reviews, sidebar
 *  widgets and links to other posts, which the strict pass leaves out by name: the whole-page
 *  reading of the 'wide' and 'unmeasured' bands leaves them out too. */
const BEYOND_STRICT_EXTRAS =
  /(?:^|[\s_-])(?:comments?|comment-?list|commentlist|respond|replies|related|more-?stories|read-?next|recommended|reviews?|ratings?|sidebar|widget-?area)(?:$|[\s_-])/i;

/** What the whole-page reading leaves out when the gate was not the strict measure. */
export function beyondStrictExcluded(ex: Exclusions, el: Element): boolean {
  return wholePageExcluded(ex, el) || classOrIdMatches(el, BEYOND_STRICT_EXTRAS);
}

/** An article's comments, and the other articles it links to, are not the article. */
const ARTICLE_EXTRAS =
  /(?:^|[\s_-])(?:comments?|comment-?list|commentlist|respond|replies|related|more-?stories|read-?next|recommended)(?:$|[\s_-])/i;

/** What the whole-page reading of a page declared an article leaves out: its comments and its
 *  links to other articles too. */
export function articleWholePageExcluded(ex: Exclusions, el: Element): boolean {
  if (wholePageExcluded(ex, el)) return true;
  const cls = attribute(el, 'class');
  const id = attribute(el, 'id');
  return (cls !== undefined && ARTICLE_EXTRAS.test(cls)) || (id !== undefined && ARTICLE_EXTRAS.test(id));
}
