// The headline as the page prints it (the cleaners' title): the visible <h1> when it tells the
// same story as a declared title, else the declared title with the site's name and section cut
// (headline-cuts.ts); else the first <h1>.
import { firstOf } from '../metadata/context.js';
import type { TitleContext } from './title-facts.js';
import { DECLARED_TITLE } from './headline-cuts.js';
import { declaredTitle } from './declared-title.js';
import { BRAND_SEP, onlySiteName, titleBrand } from '../metadata/site.js';
import { collapse, fold } from '../metadata/text.js';
import {
  H1S_COMPARED,
  LABEL_STEM_CHARS,
  MAX_BRAND_PART_WORDS,
  MAX_KICKER_WORDS,
  MIN_LABEL_H1_WORDS,
  MIN_STORY_H1_CHARS,
  SAME_STORY,
  SAME_STORY_ONE_WORD,
  STEM_CHARS,
} from '../metadata/thresholds.js';

/** The declared title, or the visible <h1> where it tells the same story better (see docs/metadata.md). */
function visibleOrDeclaredTitle(ctx: TitleContext): string | null {
  let declared = firstOf(ctx, DECLARED_TITLE);
  if (!declared) return null;
  const brands = new Set(
    [titleBrand(ctx.tags.title), ...(ctx.tags.meta.get('og:site_name') ?? [])]
      .filter((b): b is string => !!b)
      .map(fold),
  );
  // A declared title that only names the site ("ICON Magazine", "Anwalt Niemeyer" on
  // anwaltniemeyer.de) or says "Home" names no page: the page's first <h1> is its headline.
  if (namesOnlySite(ctx, declared)) {
    const own = ctx.tags.h1s.find((x) => !brands.has(fold(x)) && !onlySiteName(ctx, x) && /\p{L}{2}/u.test(x));
    if (own) return own;
    // Without such an <h1>, a later declared title that names the page (twitter:title "Bombas" over
    // the <title> "All Men's Socks") is its headline.
    declared = DECLARED_TITLE.map((r) => r(ctx)).find((x) => !!x && !namesOnlySite(ctx, x)) ?? declared;
  }
  // Several <h1>s are each a whole part of the <title> ("ORM Quick Start — SQLAlchemy 2.0
  // Documentation" under a banner <h1> "SQLAlchemy 2.0 Documentation" and the page's "ORM Quick
  // Start"): the site's banner and sections are printed first, the story last.
  const story = lastPrintedPart(ctx);
  if (story) return story;
  // The first <h1> is one whole part of a declared title ("Osprey" in "Osprey – Fieldwiki"):
  // the other parts are the site's name or a section, and the <h1> is the story.
  const h1 = ctx.tags.firstH1;
  // Unless the declared title itself is printed whole as a later <h1> ("Auf das erste Elektron
  // kommt es an" in og:title, under an <h1> "News" that is a part of the <title> "News - Eawag").
  const verbatim = declaredTitle(ctx);
  const whole = ctx.tags.h1s.slice(0, H1S_COMPARED).find((x) => x === verbatim);
  if (whole) return whole;
  if (h1 && !brands.has(fold(h1)) && !onlySiteName(ctx, h1) && partOfDeclared(ctx, h1)) return h1;
  // The same for a later <h1> when the first is the site's banner, holding its name ("The City of
  // Southfield, Michigan" over "SHIP" in "SHIP | City of Southfield").
  const banner = h1 !== null && [...brands].some((b) => fold(h1).includes(b));
  const part = banner
    ? ctx.tags.h1s
        .slice(1, H1S_COMPARED)
        .find((x) => !brands.has(fold(x)) && !onlySiteName(ctx, x) && partOfDeclared(ctx, x))
    : undefined;
  if (part) return part;
  // Compared with every declared form: og:title may be a section name where <title> is the story.
  const forms = [declared, ...DECLARED_TITLE.map((r) => r(ctx)).filter((x): x is string => !!x)];
  // A declared title of one word ("Gefahrstoff-Service", "Beitragseinreichung") is the page's
  // label in a menu; the first <h1>, a sentence on the same subject ("Gefahrstoffmanagement für
  // Hersteller..."), is its headline.
  if (!/\s/.test(declared.trim())) {
    const stems = (
      declared
        .normalize('NFKC')
        .toLowerCase()
        .match(/\p{L}{6,}/gu) ?? []
    ).map((w) => w.slice(0, LABEL_STEM_CHARS));
    const h1 = ctx.tags.h1s.find((x) => !brands.has(fold(x)) && !onlySiteName(ctx, x));
    const words = h1
      ? (h1
          .normalize('NFKC')
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu) ?? [])
      : [];
    if (h1 && words.length >= MIN_LABEL_H1_WORDS && words.some((w) => stems.some((st) => w.startsWith(st)))) return h1;
  }
  // The first <h1> is the declared title in capitals ("TRANSFORMATIONSLABOR ERNÄHRUNG"): the page prints it so.
  const caps = ctx.tags.firstH1;
  if (
    caps &&
    caps === caps.toUpperCase() &&
    caps !== caps.toLowerCase() &&
    !brands.has(fold(caps)) &&
    titleForms(declared).some((t) => fold(t) === fold(caps))
  )
    return caps;
  // An <h1> that only names the site ("Aliexpress" over a product's og:title "... - AliExpress 7")
  // shares the brand's word with the title, not its story.
  const h = sameStoryH1(
    ctx.tags.h1s.filter((x) => !brands.has(fold(x)) && !onlySiteName(ctx, x)),
    forms,
  );
  if (!h) return declared;
  const fh = fold(h);
  const cut = titleForms(declared).map(fold);
  // The visible headline goes on where the declared one stops ("How to Care for Hydrangeas"
  // -> "... to Get the Most Beautiful Blooms"): the page's full headline.
  // Also the question mark or full stop the declared title leaves off.
  // Not when the rest is a line of its own (a subtitle, a dateline in a <span> of the <h1>).
  const first = fold(ctx.tags.h1Lines.get(h)?.[0] ?? h);
  if (
    cut.some(
      (t) =>
        fh.startsWith(t) &&
        fh.length > t.length &&
        first.length > t.length &&
        /^(?:[\s\p{L}]|[:,]\s|[?!.]$)/u.test(fh.slice(t.length)),
    )
  )
    return h;
  // The declared title is the whole <h1>, kicker line included ("Klimaschutz: Bohren, bis es
  // heiß wird" over <span>Klimaschutz</span><span>: </span><span>Bohren...</span>): the headline is its main line.
  const main = cut.some((t) => t === fh) ? withoutKicker(ctx, h, true) : h;
  if (main !== h) return main;
  // The declared title is only the <h1>'s kicker line, or starts with it ("Wurmkiste" over
  // "Wurmkiste selber bauen", "Initiative EnergieEffizienz - kostenloser Stromcheck" over
  // "Kostenloser Stromcheck für private Haushalte"): the headline is the main line.
  const kicked = withoutKicker(ctx, h);
  if (kicked !== h) {
    const kicker = fold(ctx.tags.h1Lines.get(h)!.find((l) => /[\p{L}\p{N}]/u.test(l))!);
    if (
      cut.some((t) => t === kicker || (t.startsWith(kicker) && /^\s*[|\-\u2013\u2014:]\s/.test(t.slice(kicker.length))))
    )
      return kicked;
  }

  return cut.some((t) => fh.endsWith(t) || fh.startsWith(t) || (t === fold(declared) && fh.includes(t)))
    ? declared
    : withoutKicker(ctx, h);
}

/**
 * An <h1> shown as two lines, a short kicker over the headline ("Nach Corona-Lockerungen" /
 * "Autohäuser rechnen mit..."): the headline is the second line. `separated`: only when an
 * element holding just a separator stands between them (the kicker is then marked as one).
 */
function withoutKicker(ctx: TitleContext, h: string, separated = false): string {
  // A separator printed between the two lines (often visually hidden: "<span>: </span>") is no line of its own.
  const all = ctx.tags.h1Lines.get(h) ?? [];
  const lines = all.filter((l) => /[\p{L}\p{N}]/u.test(l));
  if (lines.length !== 2 || (separated && (all.length !== 3 || /[\p{L}\p{N}]/u.test(all[1]!)))) return h;
  const [kicker, main] = lines as [string, string];
  // The second line is the one the markup names as the subtitle: the first is the headline.
  if (ctx.tags.h1Marked.get(h)?.subtitle === main) return h;
  const words = (x: string) => x.split(/\s+/).length;
  return words(kicker) <= MAX_KICKER_WORDS &&
    words(main) >= MAX_KICKER_WORDS &&
    kicker.length < main.length &&
    // A second line that starts in lower case goes on from the first ("Interior Design Services" /
    // "for Melbourne and Brevard County"): one headline broken in two, no kicker.
    /^[\p{Lu}\p{Lt}\p{Lo}\p{N}"„“«]/u.test(main) &&
    !/[:\-\u2013\u2014|]$/.test(kicker)
    ? main
    : h;
}

function sameStoryH1(h1s: readonly string[], declared: readonly string[]): string | null {
  // Words compared by their first seven letters: inflected forms ("elektronisches", "elektronische") are one word.
  const stem = (set: Set<string>) => new Set([...set].map((x) => x.slice(0, STEM_CHARS)));
  const ds = declared.map((d) => stem(wordSet(d))).filter((d) => d.size > 0);
  // The story part of a declared title ("Wurmkiste" of "Wurmkiste | selbst.de").
  const parts = declared.flatMap((d) => collapse(d).split(BRAND_SEP).map(fold)).filter((x) => x.length >= 4);
  let best: string | null = null;
  let bestShare = 0;
  for (const h of h1s.slice(0, H1S_COMPARED)) {
    const w = stem(wordSet(h));
    const holdsPart = parts.some((x) => fold(h).includes(x));
    if (h.length < MIN_STORY_H1_CHARS || (w.size < 3 && /\s/.test(h)) || !w.size) continue;
    for (const d of ds) {
      let common = 0;
      let content = 0;
      for (const x of w)
        if (d.has(x)) {
          common++;
          if (!SHORT_WORD.test(x)) content++;
        }
      // Only short words in common ("für", "die", "the") tell nothing about the story, nor does
      // one longer word ("your", "workspace") unless it is half the shorter text or the <h1>
      // holds a whole part of the declared title.
      const ratio = common / Math.min(w.size, d.size);
      const share = content >= 2 || (content === 1 && (ratio >= SAME_STORY_ONE_WORD || holdsPart)) ? ratio : 0;
      if (share > bestShare) [best, bestShare] = [h, share];
    }
  }
  return bestShare >= SAME_STORY ? best : null;
}

/** A word of at most three Latin, Cyrillic or Greek letters: an article, a preposition. */
const SHORT_WORD = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]{1,3}$/u;

const wordSet = (s: string) =>
  new Set(
    s
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [],
  );

/** The title and the title with a short brand part (at most 6 words) cut from its end or start. */
function titleForms(t: string): string[] {
  const parts = t.split(BRAND_SEP);
  const forms = [t];
  if (parts.length >= 2) {
    if (parts[parts.length - 1]!.split(/\s+/).length <= MAX_BRAND_PART_WORDS) forms.push(parts.slice(0, -1).join(' '));
    if (parts[0]!.split(/\s+/).length <= MAX_BRAND_PART_WORDS) forms.push(parts.slice(1).join(' '));
  }
  return forms.filter((f) => f.trim().length >= MIN_STORY_H1_CHARS);
}

/**
 * The declared title, or the page's visible headline when that tells the same story in other
 * words: og:title and <title> are often a social or search variant ("13 Ways To..." for "The
 * Transformative Power Of..."), and a reader takes the <h1>. The <h1> must share words with
 * the declared title (else it is a section or site banner), have at least three words (not a
 * brand like "Tonight News"), and not be the declared headline plus a kicker or date glued in
 * front ("Tunesien Große Aufgaben..."): then the declared one is the clean form.
 */
export function headlineOf(ctx: TitleContext): string | null {
  const h = asPrinted(ctx, visibleOrDeclaredTitle(ctx)) ?? ctx.tags.firstH1;
  return h && ctx.tags.h1Marked.has(h) ? unmarked(ctx, h) : h;
}

/**
 * An <h1> without the part its markup names as its kicker at its start ("<span class=kicker>
 * Klimaschutz</span>: Bohren, bis es heiß wird"): the headline, when at least two words are left.
 */
function unmarked(ctx: TitleContext, h: string): string {
  const { kicker } = ctx.tags.h1Marked.get(h)!;
  if (!kicker || !h.startsWith(kicker)) return h;
  const rest = trimSeparators(h.slice(kicker.length));
  return /\S\s+\S/.test(rest) ? rest : h;
}

/**
 * A title written with plain hyphens where the page prints the same words with typographic
 * dashes ("Januar - Mai" in og:title, "Januar – Mai" in its <h1> or <title>): the form the page
 * shows. Only the dash characters may differ.
 */
function asPrinted(ctx: TitleContext, t: string | null): string | null {
  if (!t || !/ - /.test(t)) return t;
  const plain = (s: string) => s.replace(/[\u2013\u2014]/g, '-');
  const key = plain(t);
  const sources = [
    ...ctx.tags.h1s.slice(0, 3).flatMap((h) => [h, ...(ctx.tags.h1Lines.get(h) ?? [])]),
    ctx.tags.title,
    ...(ctx.tags.meta.get('og:title') ?? []),
    ...(ctx.tags.meta.get('twitter:title') ?? []),
  ];
  for (const s of sources) {
    if (!s) continue;
    const c = collapse(s);
    const i = plain(c).indexOf(key);
    if (i < 0) continue;
    const printed = c.slice(i, i + t.length);
    if (printed !== t && /[\u2013\u2014]/.test(printed)) return printed;
  }
  return t;
}

/**
 * A declared title that only names the site, also with a separator left over from an empty story
 * part ("| Nuts & Volts Magazine") or "&" written for the site name's "and".
 */
function namesOnlySite(ctx: TitleContext, t: string): boolean {
  const bare = trimSeparators(t);
  return (
    onlySiteName(ctx, t) || (bare !== '' && [bare, bare.replace(/ & /g, ' and ')].some((x) => onlySiteName(ctx, x)))
  );
}

/** A title without separators and spaces at either end. */
function trimSeparators(t: string): string {
  const edge = ' \t\n|-\u2013\u2014\u00b7\u2022:';
  let a = 0;
  let b = t.length;
  while (a < b && edge.includes(t[a]!)) a++;
  while (b > a && edge.includes(t[b - 1]!)) b--;
  return t.slice(a, b);
}

/**
 * The last of the first <h1>s that are each a whole part of the <title>, written as the title writes
 * it; null when fewer than two are.
 */
function lastPrintedPart(ctx: TitleContext): string | null {
  const parts = new Set(collapse(ctx.tags.title ?? '').split(BRAND_SEP));
  const printed = ctx.tags.h1s.slice(0, H1S_COMPARED).filter((h) => parts.has(h) && !onlySiteName(ctx, h));
  return parts.size >= 2 && new Set(printed).size >= 2 ? printed[printed.length - 1]! : null;
}

/** `h1` is one of the parts a brand separator splits og:title, twitter:title or <title> into. */
function partOfDeclared(ctx: TitleContext, h1: string): boolean {
  const f = fold(h1);
  for (const key of ['og:title', 'twitter:title'])
    for (const v of ctx.tags.meta.get(key) ?? []) if (hasPart(v)) return true;
  return hasPart(ctx.tags.title ?? '');
  function hasPart(title: string): boolean {
    const parts = collapse(title).split(BRAND_SEP);
    return parts.length > 1 && parts.some((p) => fold(p) === f);
  }
}
