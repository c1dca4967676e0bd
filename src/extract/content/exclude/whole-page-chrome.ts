// What the whole-page reading leaves out: never-text and hidden elements (Exclusions.always),
// picture captions and the page's chrome landmarks (navigation, header, footer, asides, menus,
// and a form unless it wraps the page), forum posts' signatures; beyond the strict measure's view, a post's comments,
// reviews and sidebar widgets too.
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { CHROME_TAGS } from '../../vocabulary/tags.js';
import { BOILERPLATE_ROLES } from '../../vocabulary/roles.js';

import { classOrIdMatches, isCaption, type Exclusions } from './exclusions.js';
import { isPostSignature } from './post-signatures.js';
import { ARTICLE_EXTRAS, BEYOND_STRICT_EXTRAS } from '../../vocabulary/region-words.js';

/** What the whole-page reading leaves out: never-text, hidden, and chrome landmarks; the rule's
 *  name, or null. */
export function wholePageRule(ex: Exclusions, el: Element): string | null {
  // Which of the always-rules, explain asks Exclusions.reason (not asked here: this is hot).
  if (ex.always(el)) return 'excluded';
  if (isCaption(ex, el)) return 'caption';
  if (isPostSignature(el, attribute(el, 'class'))) return 'post signature';
  if (CHROME_TAGS.has(el.name)) return 'chrome tag';
  if (el.name === 'form') return holdsMain(el) ? null : 'form';
  const role = attribute(el, 'role');
  return role !== undefined && BOILERPLATE_ROLES.has(role) ? 'boilerplate role' : null;
}

/** ASP.NET and similar wrap the whole page in one <form>: that one is the page, not chrome. */
function holdsMain(form: Element): boolean {
  return form.parent !== null && (form.parent as Element).name === 'body';
}

/** What the whole-page reading leaves out when the gate was not the strict measure. */
export function beyondStrictRule(ex: Exclusions, el: Element): string | null {
  return wholePageRule(ex, el) ?? (classOrIdMatches(el, BEYOND_STRICT_EXTRAS) ? 'comments, reviews or widgets' : null);
}

/** What the whole-page reading of a page declared an article leaves out: its comments and its
 *  links to other articles too. */
export function articleWholePageRule(ex: Exclusions, el: Element): string | null {
  const rule = wholePageRule(ex, el);
  if (rule !== null) return rule;
  const cls = attribute(el, 'class');
  const id = attribute(el, 'id');
  return (cls !== undefined && ARTICLE_EXTRAS.test(cls)) || (id !== undefined && ARTICLE_EXTRAS.test(id))
    ? 'comments or other articles'
    : null;
}
