// The authors side of bench/metadata-ceiling-classes.ts: the names a page declares, and the class
// of an author miss.
import { AUTHOR } from '../src/extract/metadata/fields/author.js';
import type { RuleContext } from '../src/extract/metadata/context.js';
import { namesOf } from '../src/extract/metadata/json-ld-values.js';
import { editDistance } from '../src/util/edit-distance.js';
import { names } from './metadata-score.js';
import { ruleIndex, type Miss, type Page } from './metadata-ceiling-page.js';

const AUTHOR_SOURCES = [
  'byline over a declared account',
  'article:author',
  'meta author',
  'JSON-LD author',
  'byl/dc.creator meta',
  'JSON-LD creator',
  'byline element',
  'dateline',
  'name beside dateline',
  'name after label line',
  'signature',
  'vendor author meta',
  'wire dateline',
  'twitter label',
  'forum first-post login',
  'member profile link',
  'site or staff credit',
  'declared name in lower case',
  'declared organisation',
  'declared handle',
  'dated login after by',
];
/** The sources the ruling names as declared: Open Graph, HTML <meta>, JSON-LD author. */
const AUTHOR_DECLARED = new Set(
  [
    'article:author',
    'meta author',
    'JSON-LD author',
    'byl/dc.creator meta',
    'declared name in lower case',
    'declared organisation',
    'declared handle',
  ].map((l) => AUTHOR_SOURCES.indexOf(l)),
);

function declaredAuthors(ctx: RuleContext): string[] {
  const keys = ['article:author', 'author', 'byl', 'dc.creator', 'dcterms.creator', 'parsely-author'];
  return [
    ...keys.flatMap((k) => ctx.tags.meta.get(k) ?? []),
    ...ctx.ld.nodes.flatMap((n) => namesOf(n.author, ctx.ld)),
  ];
}

const sameNames = (a: string, b: string) => {
  const x = names(a);
  const y = names(b);
  return x.size === y.size && [...x].every((n) => y.has(n));
};

/** Degrees and credits the set writes as names ("PhD", "Shares", "Illustration by ..."). */
const NOT_A_NAME = /^(?:phd|md|dr|prof|mba|msc|bsc)\.?$/;

/** Each name of one side is a name of the other, up to a typo or an extra word or mark around it. */
function sameUpToNoise(got: string, want: string): boolean {
  const g = [...names(got)];
  const w = [...names(want)].filter((n) => !NOT_A_NAME.test(n));
  const like = (x: string, y: string) =>
    x.includes(y) || y.includes(x) || editDistance(x, y) <= Math.max(1, Math.floor(Math.min(x.length, y.length) / 8));
  return (
    g.length > 0 &&
    w.length > 0 &&
    g.every((x) => w.some((y) => like(x, y))) &&
    w.every((y) => g.some((x) => like(x, y)))
  );
}

/**
 * A CMS account rather than a credit: a login (lower case, no space: "theobjectivedad",
 * "brandon-peaktwo") or an admin / API / bot user. The ruling credits "a person or organisation",
 * so such a declared value does not force the answer.
 */
function account(v: string): boolean {
  return v
    .split(', ')
    .some((n) => /^[\p{Ll}\d._-]+$/u.test(n) || /\b(?:admin|administrator|api|webmaster|user|human|bot)\b/i.test(n));
}

export function classifyAuthor(p: Page, want: string | null, got: unknown): Pick<Miss, 'cls' | 'reason' | 'source'> {
  // One label per rule of the chain: a rule added to it without its label here fails loudly.
  if (AUTHOR_SOURCES.length !== AUTHOR.length) throw new Error('AUTHOR_SOURCES does not match the AUTHOR chain');
  const src = ruleIndex(p.ctx, AUTHOR);
  const source = src >= 0 ? AUTHOR_SOURCES[src] : 'none';
  const declared = src >= 0 && AUTHOR_DECLARED.has(src) && typeof got === 'string' && got.trim() !== '';
  if (want === null)
    return declared && !account(got)
      ? { cls: 'a', reason: 'a declared author where the set says none', source }
      : { cls: 'c', reason: `a shown name (${source}) where the set says none`, source };
  if (declared) {
    if (declaredAuthors(p.ctx).some((v) => sameNames(v, want)))
      return { cls: 'c', reason: 'the expected name is declared too (read or ordered differently)', source };
    if (account(got))
      return { cls: 'c', reason: "a declared account name, not a person's or organisation's name", source };
    if (sameUpToNoise(got, want))
      return { cls: 'd', reason: 'the declared names are the expected ones up to noise in the set', source };
    return { cls: 'a', reason: 'the page declares another author than the set expects', source };
  }
  const wanted = [...names(want)];
  const inText = wanted.every((n) => p.shown.includes(n));
  const inMarkup = wanted.every((n) => p.markup.includes(n));
  const what = src < 0 ? 'no author given' : `another shown name given (${source})`;
  if (inText) return { cls: 'c', reason: `${what}; the expected name is in the text`, source };
  if (inMarkup) return { cls: 'c', reason: `${what}; the expected name is only in the markup`, source };
  return { cls: 'd', reason: `${what}; the expected name is not on the page`, source };
}
