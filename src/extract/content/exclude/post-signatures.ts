// A forum post's signature: the lines its writer set once to be printed under every post of
// theirs (a motto, their gear, a link to their site), named so by the forum software
// ("signature" in phpBB, "postsignature" in FluxBB, "ipsEntry__signature" in Invision). It
// repeats under each of the writer's posts and says nothing of the thread. The strict reading
// leaves it out as a furniture box (FURNITURE_BOX's signature tokens); the whole-page reading,
// which reads a thread without that vocabulary, leaves it out here (whole-page-chrome.ts). The
// relaxed readings keep it with the post: they are read when the strict measure found too
// little, and taking the signatures out there moves pages between readings (a thread read whole
// instead of post by post). A box that holds a heading, or more than a signature's few lines, is
// a section carrying the word (a product's "signature-features", an e-signature service's
// panels), not one.
import type { Element } from 'domhandler';
import { collapsedLength } from '../../dom/measures.js';
import { holdsHeading, textContent } from '../../dom/walk.js';
import { SIGNATURE_NAME } from '../../vocabulary/class-words.js';
import { SIGNATURE_MAX_CHARS } from '../thresholds/exclusions.js';

/** How much of a box is read before it is known to be too long (white space counts). */
const READ_LIMIT = 4 * SIGNATURE_MAX_CHARS;

/** `cls`: the element's class attribute (ids are left out: "digital-signature-row" names a
 *  feature, and forum software marks signatures by class). */
export function isPostSignature(el: Element, cls: string | undefined): boolean {
  if (cls === undefined || !SIGNATURE_NAME.test(cls)) return false;
  const text = textContent(el, READ_LIMIT);
  if (text.length > READ_LIMIT || collapsedLength(text) > SIGNATURE_MAX_CHARS) return false;
  // Among its first elements (walk.ts someWithin): bounded, a signature is a few lines.
  return !holdsHeading(el);
}
