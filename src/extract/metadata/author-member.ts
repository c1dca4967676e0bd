// A member's link on a page members post (a paste, a link aggregator's post, a community's
// thread): the link to the member's profile page (`/u/EvilSpark`, `/user/benyacobi/`) whose text
// is that member's handle ("EvilSpark", "u/benyacobi"). A link to a profile whose text is anything
// else ("Log In", "Join", "Profile") is the site's furniture, not a member, and one written as a
// mention ("@antonjw") names someone a post addresses.
import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { attribute } from '../../parse/nodes.js';
import { insideComment, insideFurniture, insideTeaser, insideTestimonial } from './page-regions.js';
import type { PageTags } from './tag-types.js';
import { collapse } from './text.js';
import { MAX_CANDIDATE_CHARS } from './thresholds.js';

/** A member's profile path: `/u/<handle>`, `/user/<handle>`, `/users/<handle>`, `/members/<handle>`. */
const MEMBER_PATH = /(?:^|\/)(?:u|user|users|member|members)\/([^/?#]+)\/?(?:[?#]|$)/i;
/** One handle: letters and digits, ".", "_" or "-" inside. */
const HANDLE = /^[\p{L}\d][\p{L}\d._-]{1,39}$/u;
/** The site's own pages under a member path: signing in, signing up, the signed-in member's account. */
const SITE_PAGE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:login|log-in|logout|signin|sign-in|signup|sign-up|register|join|password|account|profile|settings|me|edit|new)$/i;

/** Reads `el` as a member's link; the first one outside the page's furniture, comments and teasers counts. */
export function readMember(el: Element, tags: PageTags): void {
  const href = attribute(el, 'href');
  if (!href) return;
  const m = MEMBER_PATH.exec(href);
  if (!m) return;
  const text = collapse(textContent(el), MAX_CANDIDATE_CHARS);
  // "u/benyacobi": the handle as a link aggregator prints it, after its mark. "@antonjw" is a
  // mention in a post's text (a reply naming someone), not the poster's own link.
  const handle = text.replace(/^u\//, '');
  if (!HANDLE.test(handle) || SITE_PAGE.test(handle) || handle.toLowerCase() !== decodedOrRaw(m[1]!).toLowerCase())
    return;
  if (insideFurniture(el) || insideComment(el) || insideTeaser(el) || insideTestimonial(el)) return;
  tags.member = text;
}

// A path segment with a stray "%" is not a valid escape; compare it as written.
function decodedOrRaw(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
