// The title the page declares (og:title, twitter:title, <title>, JSON-LD headline or the
// article node's name), each cut down to its story: the page's <h1> it contains, the site's
// name around it, a section and brand glued on without spaces.
import { articleOrPage, ldText, meta, type Rule } from '../metadata/context.js';
import type { TitleContext } from './title-facts.js';
import {
  declaredHosts,
  declaredSiteNames,
  hostBrand,
  isBareHomePage,
  onlySiteName,
  siteHosts,
  titleBrand,
} from '../metadata/site.js';
import { clean, collapse, fold } from '../metadata/text.js';
import {
  H1S_CONTAINED,
  MIN_CJK_STORY_CHARS,
  MIN_CONTAINED_H1_CHARS,
  MIN_SHORT_H1_CHARS,
  MIN_HOST_LABEL_CHARS,
  MAX_SECTION_WORDS,
} from '../metadata/thresholds.js';

/**
 * A declared title that contains the page's own <h1> plus more (a site name, a section, a
 * series: "Story - Section - Brand") is that headline: the <h1> is what the page shows as it.
 */
function headline(rule: Rule<string, TitleContext>): Rule<string, TitleContext> {
  return (ctx) => {
    const t = rule(ctx);
    if (!t) return null;
    const lower = fold(t);
    // The longest <h1> the title holds, unless it is the brand the title ends with ("Story | Brand")
    // or only the site's name wherever the title holds it (a store's <h1> "Aliexpress" in
    // "Keyboard ... - AliExpress 7": the site, not the product).
    let best: string | null = null;
    for (const h of ctx.tags.h1s.slice(0, H1S_CONTAINED)) {
      const hl = fold(h);
      if (
        hl.length < lower.length &&
        !onlySiteName(ctx, h) &&
        (hl.length >= MIN_CONTAINED_H1_CHARS
          ? lower.includes(hl)
          : hl.length >= MIN_SHORT_H1_CHARS && collapse(t).includes(collapse(h))) &&
        !endsAsBrand(lower, hl) &&
        (!best || h.length > best.length)
      )
        best = h;
    }
    return best ?? t;
  };
}

/** The title ends with this part after a brand separator (" | ", " - ", " — "): a site name, not the story. */
function endsAsBrand(title: string, part: string): boolean {
  return title.endsWith(part) && /\s[|\-\u2013\u2014\u00b7\u2022]\s*$/.test(title.slice(0, title.length - part.length));
}

/** Separators between a title's parts ("Story | Brand", "Brand » Blog Archiv » Story", "Story : Brand"). */
const PART_SEP = /(?<!\s)\s+(?:[|\-\u2013\u2014\u00b7\u2022:\u00bb/]|::)\s+/g;

/**
 * A title with the site's own name as one of its parts (the logo <h1>, og:site_name,
 * application-name) is the story with the brand around it: the parts before the brand, or
 * after it when the brand comes first.
 */
function withoutSiteName(rule: Rule<string, TitleContext>): Rule<string, TitleContext> {
  return (ctx) => {
    const t = rule(ctx);
    if (!t) return null;
    // On the site's home page the site is the page's subject: its name stays in the title
    // ("Hugging Face – The AI community building the future", "Together AI | The AI Native Cloud").
    if (isBareHomePage(ctx)) return t;
    // The part that names the site by its host ("Story » ProNATs e.V." on pronats.de) is its name too.
    // Not when the title opens with that part and the page prints it as its <h1> ("Visual Studio
    // Community | Download ..." on visualstudio.microsoft.com under <h1>Visual Studio Community</h1>):
    // there it is the story. At the title's end it stays the brand, <h1> banner or not.
    const named = hostBrand(ctx.tags.title, [...siteHosts(ctx), ...declaredHosts(ctx)]);
    const printed = (n: string) => fold(t).startsWith(fold(n)) && ctx.tags.h1s.some((h) => fold(h) === fold(n));
    const byHost = named && !printed(named) ? named : null;
    // The brand end of the title the page prints as a banner <h1> ("What is Ownership? - The Rust
    // Programming Language" under <h1>The Rust Programming Language</h1>) names the site too.
    const brand = titleBrand(ctx.tags.title);
    const banner =
      brand && !fold(t).startsWith(fold(brand)) && ctx.tags.h1s.some((h) => fold(h) === fold(brand)) ? brand : null;
    const names = new Set(
      [...declaredSiteNames(ctx), ...(byHost ? [byHost] : []), ...(banner ? [banner] : [])]
        .map(fold)
        .filter((x) => x.length >= MIN_HOST_LABEL_CHARS),
    );
    if (!names.size) return t;
    const cuts = [...t.matchAll(PART_SEP)];
    const bounds = [0, ...cuts.flatMap((c) => [c.index, c.index + c[0].length]), t.length];
    for (let i = 0; cuts.length && i < bounds.length; i += 2) {
      if (!names.has(fold(t.slice(bounds[i], bounds[i + 1])))) continue;
      // "Story - Section | Brand": what precedes the brand; "Brand - Story": what follows it,
      // without a short section right after the brand ("Brand » Blog Archiv » Story").
      let story = i === 0 ? t.slice(bounds[2]) : t.slice(0, bounds[i - 1]);
      if (i === 0 && bounds.length > 4 && t.slice(bounds[2], bounds[3]).split(/\s+/).length <= MAX_SECTION_WORDS)
        story = t.slice(bounds[4]);
      // "Story | Section | Forum | Brand": short sections (one or two words) right before the brand go with it.
      for (let j = i - 2; i > 0 && j >= 2; j -= 2) {
        if (t.slice(bounds[j], bounds[j + 1]).split(/\s+/).length > MAX_SECTION_WORDS) break;
        story = t.slice(0, bounds[j - 1]);
      }
      // One word left is a section ("Geschichte | Site"), not a story.
      return /\S\s+\S/.test(story.trim()) ? story.trim() : t;
    }
    // A site name that has a separator of its own ("AOC media - Analyse Opinion Critique",
    // "Salsa-Figuren - Rueda in Berlin") spans several parts: the title ends or starts with it
    // (a "|" may then stand without spaces: "NEWS WEB EASY|Story").
    for (const c of t.matchAll(BRAND_EDGE_SEP)) {
      const [start, end] = [c.index, c.index + c[0].length];
      const story = names.has(fold(t.slice(end)))
        ? t.slice(0, start)
        : names.has(fold(t.slice(0, start)))
          ? t.slice(end)
          : null;
      if (
        story !== null &&
        /\S\s+\S|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{4}/u.test(story.trim())
      )
        return story.trim();
    }
    return t;
  };
}

/**
 * A title of three or more parts joined by one separator ("Story / Forum / Site Forums",
 * "Story - Section - Site"), the first the longest: the story, the rest its place on the site.
 */
function leadingStory(rule: Rule<string, TitleContext>): Rule<string, TitleContext> {
  return (ctx) => {
    const t = rule(ctx);
    if (!t) return t;
    const seps = [...t.matchAll(PART_SEP)];
    if (seps.length < 2 || new Set(seps.map((m) => m[0].trim())).size !== 1) return t;
    const parts = t.split(PART_SEP);
    const first = parts[0]!.trim();
    return first.split(/\s+/).length >= 3 && parts.slice(1).every((p) => p.trim().length < first.length) ? first : t;
  };
}

/**
 * A Chinese or Japanese title with its section and site glued on by "_" or "-" without spaces
 * ("这个约会软件..._智能_好奇心日报", "武汉的声音...！-新华网"): the story before them, when that is
 * a whole line (at least six characters) and each glued part is short.
 */
function withoutGluedBrand(rule: Rule<string, TitleContext>): Rule<string, TitleContext> {
  return (ctx) => {
    const t = rule(ctx);
    const m = t ? GLUED_BRAND.exec(t) : null;
    if (!t || !m) return t;
    const story = m[1]!;
    return (story.match(CJK_CHAR) ?? []).length >= MIN_CJK_STORY_CHARS ? story : t;
  };
}

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303f\\uff01-\\uff60';

const CJK_CHAR = new RegExp(`[${CJK}]`, 'gu');

const GLUED_BRAND = new RegExp(`^(.*?[${CJK}])(?:[_\\-\\uff0d][${CJK}A-Za-z0-9]{1,10}){1,3}$`, 'u');

/** Where a multi-part site name meets the story: a title separator, or "|" without spaces. */
const BRAND_EDGE_SEP = new RegExp(`${PART_SEP.source}|(?<!\\s)\\s*[|\\uff5c]\\s*`, 'g');

/**
 * A meta title that stops where the page's <title> goes on with a quotation mark ("Senador ...
 * califica a Biden de" for "... de \"incapacitado\""): a quote left unescaped in the attribute
 * ended the value there, so it is not the title.
 */
function uncut(rule: Rule<string, TitleContext>): Rule<string, TitleContext> {
  return (ctx) => {
    const v = rule(ctx);
    const t = clean(ctx.tags.title);
    return v && t && t.length > v.length && t.startsWith(v) && /^\s*["\u201c\u201d\u201e\u00ab]/.test(t.slice(v.length))
      ? null
      : v;
  };
}

/**
 * og:title, twitter:title, <title> (each cut to the page's <h1> when it contains it), JSON-LD headline (or an
 * article/page node's name), first <h1>.
 */
export const DECLARED_TITLE: readonly Rule<string, TitleContext>[] = [
  headline(withoutSiteName(uncut(meta('og:title')))),
  headline(withoutSiteName(uncut(meta('twitter:title', 'twitter:text:title')))),
  headline(leadingStory(withoutSiteName(withoutGluedBrand((ctx) => clean(ctx.tags.title))))),
  ldText('headline'),
  ldText('name', articleOrPage),
];
