// The fixed check split of each development set: about a fifth of its sites, chosen by a hash
// of the site's domain, so that every page of one site falls on the same side. Rules are
// developed on the rest (tune); bench:quality reports both, and a rule that helps only the
// tune part does not land (docs/quality-gate.md).
import { createHash } from 'node:crypto';

export type Split = 'tune' | 'check';
export const SPLITS: readonly Split[] = ['tune', 'check'];

/** One site in CHECK_BUCKETS of BUCKETS is on the check side. */
const BUCKETS = 5;
const CHECK_BUCKETS = 1;

/** A page's site: its host without a leading "www.", or, for the few article-set keys that are
 *  labels rather than URLs ("hard::site.com-slug.html"), the name the label starts with. */
export function siteOf(urlOrLabel: string): string {
  const match = /^[a-z]*https?:\/\/([^/?#]+)/i.exec(urlOrLabel);
  return siteOfHost(match ? match[1]! : labelSite(urlOrLabel));
}

/** A host or domain as a site: lower case, without a leading "www.". */
export function siteOfHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

/** "hard::site.com-slug.html" -> "site.com": the label's name up to the first `-` after a dot. */
function labelSite(label: string): string {
  const name = label.slice(label.lastIndexOf('::') + 1).replace(/^:/, '');
  const dash = name.indexOf('-', name.indexOf('.'));
  return dash > 0 ? name.slice(0, dash) : name;
}

/** The side a site falls on: the first four bytes of the SHA-256 of its name, modulo BUCKETS. */
export function splitOf(site: string): Split {
  const bucket = createHash('sha256').update(site).digest().readUInt32BE(0) % BUCKETS;
  return bucket < CHECK_BUCKETS ? 'check' : 'tune';
}
