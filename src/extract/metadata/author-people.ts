// Names that are people: the site's or publisher's own name is the organisation, not a
// byline; a first name or an inverted or squashed name is completed where the page writes it whole.
import type { JsonLdNode } from '../page/json-ld.js';
import { deref, isType } from '../page/json-ld.js';
import { namesOf, textOf } from './json-ld-values.js';
import { cleanAuthor } from './author-names.js';
import type { RuleContext } from './context.js';
import { siteHosts, titleBrands } from './site.js';
import { collapse, fold } from './text.js';
import { MAX_INITIALS_WORDS, MIN_COMPACT_NAME_CHARS, MIN_INITIALS_WORDS } from './thresholds.js';

/**
 * The names that are people: a name that is the site's or publisher's own ("ABC News" as meta
 * author, "Pete Evans, CBC News") is the organisation, not a byline, so it is dropped.
 */
export function people(ctx: RuleContext, names: string | null): string | null {
  if (!names) return null;
  const orgs = organisations(ctx);
  // "Us Weekly Staff", "Example News Team": the site's own staff is the site.
  const bare = (n: string) =>
    n.replace(/(?<!\s)\s+(?:staff|team|editors|editorial\s+(?:staff|team|board)|newsroom|desk)$/i, '');
  const isOrg = (n: string) => orgs.has(fold(n)) || orgs.has(compact(n));
  // "unocero - Alberto Ávila": the site's name and the writer's joined by a spaced dash.
  const split = names.split(', ').map((n) => {
    const parts = n.split(/(?<!\s)\s+[-\u2013\u2014|]\s+/);
    if (parts.length !== 2) return n;
    return isOrg(parts[0]!) ? parts[1]! : isOrg(parts[1]!) ? parts[0]! : n;
  });
  const kept = split.filter((n) => !isOrg(n) && !isOrg(bare(n)));
  return kept.length ? kept.join(', ') : null;
}

/** A name without case, spaces or punctuation, prefixed so it never equals a folded name. */
const compact = (s: string) => `~${fold(s).replace(/[\s\p{P}\p{S}]+/gu, '')}`;

function organisations(ctx: RuleContext): Set<string> {
  const out = new Set<string>();
  const add = (s: string | null | undefined) => {
    if (!s) return;
    out.add(fold(s));
    // The same name written another way: "Interscenario" for "INTERSCENAR.IO", "Spiegel Online" for "SPIEGEL-ONLINE".
    if (compact(s).length >= MIN_COMPACT_NAME_CHARS) out.add(compact(s));
    // Its initials, as a desk signs ("LN" for "Lübecker Nachrichten", "JF" for "Junge Freiheit").
    const words = s.split(/[\s-]+/).filter((w) => /^\p{Lu}/u.test(w));
    if (
      words.length >= MIN_INITIALS_WORDS &&
      words.length <= MAX_INITIALS_WORDS &&
      words.length === s.split(/[\s-]+/).length
    )
      out.add(fold(words.map((w) => w[0]).join('')));
  };
  for (const v of ctx.tags.meta.get('og:site_name') ?? []) add(v);
  for (const v of ctx.tags.meta.get('application-name') ?? []) add(v);
  for (const n of ctx.ld.nodes) {
    // A publisher that is a Person (a personal site) is someone who may sign the page.
    const pub = deref(n.publisher, ctx.ld);
    if (!(pub && typeof pub === 'object' && !Array.isArray(pub) && isType(pub as JsonLdNode, /^Person$/)))
      for (const p of namesOf(n.publisher, ctx.ld)) add(p);
    // A node typed both Person and Organization (a personal site's Yoast graph) is a person.
    if (isType(n, /^(?:Organization|NewsMediaOrganization|Corporation|WebSite)$/) && !isType(n, /^Person$/))
      add(textOf(n.name));
  }
  for (const b of titleBrands(ctx.tags.title)) add(b);
  // The site's own host name ("spiegel.de", "ORF.at").
  for (const h of siteHosts(ctx)) add(h);
  return out;
}

/**
 * A first name alone ("Nils") completed from the author's own bio in the page's JSON-LD: the
 * Person node of that name whose description starts with the full name ("Nils Pickert ist freier
 * Autor..."). Only a capitalised surname (with name particles) right after the first name counts.
 */
export function fullName(ctx: RuleContext, author: string | null): string | null {
  if (!author) return author;
  // "Gillman, Steve" (a catalogue's surname first) where the page prints "Steve Gillman".
  const inverted = /^(\p{Lu}[\p{L}'-]+), (\p{Lu}[\p{L}'-]+)$/u.exec(author);
  if (inverted && ctx.bodyText().includes(`${inverted[2]} ${inverted[1]}`)) return `${inverted[2]} ${inverted[1]}`;
  // A login written as one word ("arianschlichenmayer") where a byline shows the name it spells ("Arian
  // Schlichenmayer").
  if (/^[\p{Ll}\d._-]{6,}$/u.test(author)) {
    const key = author.replace(/[\d._-]+/g, '');
    for (const b of ctx.tags.bylines) {
      const n = cleanAuthor(b.text);
      if (n && !n.includes(', ') && n.includes(' ') && n.toLowerCase().replace(/\P{L}+/gu, '') === key) return n;
    }
  }
  if (!/^\p{Lu}[\p{L}'-]+$/u.test(author)) return author;
  // The site's own name in one word ("Soliant", "IndustrySelect") is the organisation, not a first name:
  // "Soliant Blog" or "ServiceTitan Electrical Software" on a line of the page is a heading, not its surname.
  const orgs = organisations(ctx);
  if (orgs.has(fold(author)) || orgs.has(compact(author))) return author;
  const at = new RegExp(
    // eslint-disable-next-line max-len -- one pattern or word list, kept whole
    `^${author}((?:\\s+(?:van|von|de|der|den|du|la|le|di|da|dos|del|ten|ter))*\\s+\\p{Lu}[\\p{L}'-]*\\p{L}(?:-\\p{Lu}[\\p{L}'-]*\\p{L})?)(?=$|[\\s,.;:(\\u2013\\u2014-])`,
    'u',
  );
  const found = new Set<string>();
  for (const n of ctx.ld.nodes) {
    if (!isType(n, /^Person$/) || textOf(n.name) !== author) continue;
    const m = at.exec(collapse(textOf(n.description) ?? ''));
    if (m) found.add(`${author}${m[1]}`);
  }
  if (found.size === 0) {
    // Else a line of the page that is the full name alone (a byline box: "<p class=full-name>Todd Bates</p>").
    const line = new RegExp(
      `^${author}((?:\\s+(?:van|von|de|der|den|du|la|le|di|da)){0,2}(?:\\s+\\p{Lu}[\\p{L}'-]*\\p{L}){1,2})$`,
      'u',
    );
    for (const l of ctx.bodyText().split('\n')) {
      const m = line.exec(l.trim());
      if (m) found.add(`${author}${m[1]}`);
    }
  }
  return found.size === 1 ? [...found][0]! : author;
}
