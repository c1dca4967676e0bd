// author: the names the page declares (article:author, meta author, JSON-LD author, vendor
// metas, JSON-LD creator), then its marked byline, then what it prints by the headline or
// under the text.
import { articleOrPage, firstOf, type Rule, type RuleContext } from '../context.js';
import { ARTICLE_TYPE, GOODS_TYPE } from '../../vocabulary/schema-types.js';
import { deref, isType, type JsonLdNode } from '../../page/json-ld.js';
import { firstFrom, namesOf } from '../json-ld-values.js';
import { AGENCY, cleanAuthor } from '../author-names.js';
import { people } from '../author-people.js';
import { findDateInText } from '../dates.js';
import { headlineAt } from '../headline-position.js';
import { pageByline } from '../page-byline.js';
import { datedLogin } from '../byline-login.js';
import { nameAfterLabelLine, nameBesideDateline } from '../dateline-name.js';
import { firstMeta } from '../page-tags.js';
import { isBareHomePage } from '../site.js';
import { collapse } from '../text.js';
import {
  DATELINE_AFTER,
  DATELINE_BEFORE,
  HEADLINE_PREFIX_CHARS,
  NEAR_HEADLINE,
  TWITTER_LABELS,
} from '../thresholds.js';

// article:author is often a profile URL, not a name: cleanAuthor rejects URLs, so the chain
// goes on to where the name is written (JSON-LD, the byline).
const byline =
  (rule: Rule<string>): Rule<string> =>
  (ctx) =>
    people(ctx, cleanAuthor(rule(ctx)));

const metaAll =
  (...keys: string[]): Rule<string> =>
  (ctx) => {
    // Several <meta name=author> tags are several authors.
    for (const key of keys) {
      const names = (ctx.tags.meta.get(key) ?? [])
        .map((v) => people(ctx, cleanAuthor(v)))
        .filter((v): v is string => !!v);
      if (names.length) return [...new Set(names)].join(', ');
    }
    return null;
  };

/** "Written by" / "Verfasst von" in a twitter:labelN (Yoast and others): its twitter:dataN. */
const WRITTEN_BY =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:written\s+by|author|authors|by|verfasst\s+von|geschrieben\s+von|autor(?:in)?|écrit\s+par|auteur|escrito\s+por|scritto\s+da|geschreven\s+door)$/i;

function twitterLabelled(label: RegExp): Rule<string> {
  return (ctx) => {
    for (let i = 1; i <= TWITTER_LABELS; i++) {
      const l = firstMeta(ctx.tags, `twitter:label${i}`);
      if (l && label.test(l.trim())) return firstMeta(ctx.tags, `twitter:data${i}`);
    }
    return null;
  };
}

/**
 * What the page prints as a byline, except on the site's home page (there bylines, signatures
 * and reading-time cards sign the stories, posts and testimonials it lists) and on a page that
 * declares itself a product (the name by it is the maker's or the brand's, a book's writer).
 */
const shown =
  (rule: Rule<string>): Rule<string> =>
  (ctx) =>
    isBareHomePage(ctx) || productPage(ctx) ? null : rule(ctx);

/** The page declares a product as its subject (JSON-LD or Open Graph), and no article. */
function productPage(ctx: RuleContext): boolean {
  if (ctx.ld.nodes.some((n) => isType(n, ARTICLE_TYPE))) return false;
  const og = (firstMeta(ctx.tags, 'og:type') ?? '').toLowerCase();
  return og.startsWith('product') || ctx.ld.nodes.some((n) => isType(n, GOODS_TYPE));
}

/**
 * The member a forum labels as the thread's starter ("Thread starter", "Started by"): the
 * thread's author, before the posts' declared authors (a pinned answer may come first), and
 * by the login the forum shows ("sean_g"), since members sign with one.
 */
function threadStarter(ctx: RuleContext): string | null {
  const b = ctx.tags.bylines.find((x) => x.starter && !x.listed);
  if (!b) return null;
  return login(b.text);
}

/** "Staff", "Editor", "The Editors", "Redaktion": a credit to the site's staff, capitalised, after any "By". */
function staffCredit(text: string): string | null {
  const t = text.trim().replace(/^(?:by|von)\s+/i, '');
  return /^(?:the\s+)?(?:staff(?:\s+(?:writer|reporter)s?)?|editors?|team|redaktion|editorial\s+(?:staff|team))$/i.test(
    t,
  ) && /^\p{Lu}/u.test(t)
    ? t
    : null;
}

/** A forum member as the forum shows them: a name, else the login itself. */
function login(text: string): string | null {
  const shown = text.trim();
  return cleanAuthor(shown) ?? (FORUM_LOGIN.test(shown) ? shown : null);
}

/** A forum member's login: one word of letters, digits, ".", "_" or "-" (not an e-mail address). */
const FORUM_LOGIN = /^[\p{L}\d][\p{L}\d._-]{1,39}$/u;

/** Two or three words of letters, all in lower case: a name typed without its capitals. */
const LOWER_CASE_NAME = /^\p{Ll}{2,}(?: \p{Ll}{2,}){1,2}$/u;

/** Words of a credit or a role typed in lower case ("the editors", "site admin"), never of a name. */
const NO_NAME_WORD =
  /^(?:the|our|and|of|by|staff|editors?|editorial|team|admin|administrator|user|guest|desk|news|blog|site)$/;

/** "kirstin boatto" -> "Kirstin Boatto": to ask cleanAuthor whether the words read as a name. */
const capitalise = (s: string) => s.replace(/(?<!\p{L})\p{Ll}/gu, (c) => c.toUpperCase());

/** A numeric date, an optional time, a separator or "von"/"by", then a name, and nothing else on the line. */
const DATELINE_BYLINE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}(?!\d)|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4}(?!\d))(?:\s*(?:[,|\u00b7\u2022]\s*)?\d{1,2}[:.]\d{2}(?:\s*(?:Uhr|h))?)?\s*(?:[|\u00b7\u2022\u2013\u2014-]|von|by|par|por)\s+(\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){0,3})$/u;

/** "Hamburg (dpa/lno) – ": a place, the agency in parentheses, a dash, the story. */
const WIRE_DATELINE = /^\p{Lu}[\p{L}.' -]{1,40}?\s\(([\p{L}/, -]{2,24})\)\s*[-\u2013\u2014:]\s/u;

/** The authors the page declares, in the ruled order (each read once a page: see `once`). */
const DECLARED_RULES: readonly Rule<string>[] = [
  // Open Graph first (the ruled order): article:author is the article's, while a site often
  // sets <meta name=author> once for every page (its publisher, its CMS user).
  // Several article:author tags are several authors, as several <meta name=author> are.
  metaAll('article:author', 'book:author'),
  metaAll('author'),
  (ctx) => {
    const names = firstFrom(ctx.ld.nodes, (n) => {
      const list = namesOf(n.author, ctx.ld)
        .map((s) => people(ctx, cleanAuthor(s)))
        .filter((s): s is string => !!s);
      return list.length ? list : null;
    });
    return names ? collapse([...new Set(names)].join(', ')) : null;
  },
  metaAll('byl', 'dc.creator', 'dcterms.creator', 'parsely-author', 'sailthru.author', 'citation_author'),
  // JSON-LD creator of the article or page (schema.org's wider "author"), the Person(s) only.
  (ctx) => {
    const names = firstFrom(ctx.ld.nodes, (n) => {
      if (!articleOrPage(n)) return null;
      const persons = ([] as unknown[])
        .concat(n.creator ?? [])
        .map((c) => deref(c, ctx.ld))
        .filter((c) => !!c && typeof c === 'object' && isType(c as JsonLdNode, /^Person$/));
      const list = persons
        .flatMap((c) => namesOf(c, ctx.ld))
        .map((s) => people(ctx, cleanAuthor(s)))
        .filter((s): s is string => !!s);
      return list.length ? list : null;
    });
    return names ? collapse([...new Set(names)].join(', ')) : null;
  },
];

/**
 * Each declared rule's answer on a page, read on first use: `accountOrByline` reads the declared
 * rules before the chain reaches them, and the chain keeps each as its own rule (the ceiling
 * bench labels which one answered).
 */
const declaredAnswers = new WeakMap<RuleContext, (string | null | undefined)[]>();

const once =
  (rule: Rule<string>, i: number): Rule<string> =>
  (ctx) => {
    let answers = declaredAnswers.get(ctx);
    if (!answers) declaredAnswers.set(ctx, (answers = []));
    if (answers[i] === undefined) answers[i] = rule(ctx);
    return answers[i] ?? null;
  };

const DECLARED: readonly Rule<string>[] = DECLARED_RULES.map(once);

const printedByline: Rule<string> = shown((ctx) => {
  const starter = threadStarter(ctx);
  if (starter) return starter;
  const bylines = ctx.tags.bylines.filter((b) => !b.listed);
  const own = bylines.filter((b) => !b.teaser);
  return (own.length < bylines.length ? pageByline(ctx, own) : null) ?? pageByline(ctx, bylines);
});

/**
 * One word that is an account, not a name: a login in lower case ("kffnirmitap") or with a
 * capital inside ("KatieS").
 */
const ACCOUNT = /^(?:[\p{Ll}\d._-]+|\p{Lu}?[\p{Ll}\d]+\p{Lu}[\p{L}\d]*)$/u;
/** A full name: two to four capitalised words. */
const FULL_NAME = /^\p{Lu}[\p{L}'.-]*(?: \p{Lu}[\p{L}'.-]*){1,3}$/u;

/**
 * A declared author that is an account ("kffnirmitap", "KatieS": the CMS user who posted the
 * page) yields to the full names the page's byline prints ("Nirmita Panchal").
 */
const accountOrByline: Rule<string> = (ctx) => {
  const declared = firstOf(ctx, DECLARED);
  if (!declared || !ACCOUNT.test(declared)) return null;
  const printed = printedByline(ctx);
  return printed && printed.split(', ').every((n) => FULL_NAME.test(n)) ? printed : null;
};

/**
 * meta author, article:author, JSON-LD author(s), byl / dc.creator / parsely-author / sailthru.author, the page's
 * byline.
 */
export const AUTHOR: readonly Rule<string>[] = [
  accountOrByline,
  ...DECLARED,
  // rel=author / itemprop=author first, then byline/author classes, author-page links, names
  // after "By"; the first that reads as a name.
  // Bylines in boxes of other stories (teasers, related, most read) only when the page has no other;
  // those in the cards of a listing (listing-cards.ts) never: they sign the listed items.
  printedByline,
  // A dateline that ends with its author ("04.02.2022 | 13:10 Uhr | Jane Doe", "25.10.2022 -
  // Jane Doe") on a line of its own by the headline.
  (ctx) => {
    const text = ctx.bodyText();
    const h1 = ctx.tags.firstH1 ? text.indexOf(ctx.tags.firstH1.slice(0, HEADLINE_PREFIX_CHARS)) : -1;
    const near =
      h1 >= 0 ? text.slice(Math.max(0, h1 - DATELINE_BEFORE), h1 + DATELINE_AFTER) : text.slice(0, DATELINE_AFTER);
    for (const line of near.split('\n')) {
      const m = DATELINE_BYLINE.exec(line.trim());
      if (m && findDateInText(m[1]!, { shortYear: true })) {
        const n = people(ctx, cleanAuthor(m[2]));
        if (n) return n;
      }
    }
    return null;
  },
  // A name on its own line beside the dateline under the headline, or under a "Written by" line.
  shown(nameBesideDateline),
  shown(nameAfterLabelLine),
  // A signature closing the text: the last short emphasised, right-aligned or dash-led line
  // after the last long paragraph ("<p><b><i>Jane Doe</i></b></p>", "— Jane Doe"), a full name.
  shown((ctx) => {
    // After a quotation, the name signs the quote (a testimonial), not the page.
    if (ctx.tags.lastLongQuoted) return null;
    const sig = ctx.tags.signatures.filter((x) => x.at > ctx.tags.lastLongAt).at(-1);
    const n = sig ? people(ctx, cleanAuthor(sig.text)) : null;
    return n &&
      n.split(', ').every((x) => /^\p{Lu}\S*(?:\s+(?:\p{Lu}\S*|van|von|de|der|da|di|du|la|le)){1,3}$/u.test(x))
      ? n
      : null;
  }),
  // An author meta in a vendor's namespace ("cXenseParse:author"), when the page's byline names nobody.
  (ctx) => {
    for (const [key, values] of ctx.tags.meta)
      if (/^[a-z][\w-]*[:.]author$/.test(key) && !/^(?:article|book|og|twitter):/.test(key)) {
        const names = values.map((v) => people(ctx, cleanAuthor(v))).filter((v): v is string => !!v);
        if (names.length) return [...new Set(names)].join(', ');
      }
    return null;
  },
  // A wire story's dateline: the place, then the agency (and its desk) in parentheses, opening
  // the first paragraph after the headline ("Hamburg (dpa/lno) – Trotz...").
  (ctx) => {
    const text = ctx.bodyText();
    const h1 = headlineAt(ctx, text);
    if (h1 < 0) return null;
    for (const line of text.slice(h1, h1 + NEAR_HEADLINE).split('\n')) {
      const m = WIRE_DATELINE.exec(line.trim());
      if (!m) continue;
      const parts = m[1]!.split(/(?<!\s)\s*[/,]\s*/);
      return parts.some((p) => AGENCY.test(p)) && parts.every((p) => AGENCY.test(p) || /^\p{Ll}{2,4}$/u.test(p))
        ? m[1]!
        : null;
    }
    return null;
  },
  // The reading-time card some CMSs add (Yoast): the account that posted the page, so only
  // when neither the declared sources nor the page's byline name anyone.
  shown(byline(twitterLabelled(WRITTEN_BY))),
  // The login a forum engine prints on the thread's first post (candidates.ts), by the login the
  // forum shows, as a thread starter's: where nothing else names anyone.
  shown((ctx) => (ctx.tags.poster ? login(ctx.tags.poster) : null)),
  // The member a page of members' posts links to by the handle it prints (author-member.ts): the
  // poster of a paste or of a link aggregator's post, where nothing else names anyone.
  shown((ctx) => (ctx.tags.member ? people(ctx, ctx.tags.member) : null)),
  // A byline the page marks that credits the site itself or its staff ("By Workzone Team",
  // itemprop=author "Staff"): dropped above as no person's name, it still signs a page where
  // nobody else does.
  shown((ctx) => {
    for (const b of ctx.tags.bylines) {
      if (b.listed || b.teaser) continue;
      const n = cleanAuthor(b.text);
      const credit = n ? (b.strength > 2 || people(ctx, n) ? null : n) : staffCredit(b.text);
      if (credit) return credit;
    }
    return null;
  }),
  // A person's name the page declares typed in lower case ("kirstin boatto" as meta author and
  // JSON-LD author): read as no name above (words mostly in lower case are a phrase there), it
  // still signs a page where nobody else does, the site's own name included (a personal site
  // named for its owner, as the last rule credits an organisation).
  (ctx) => {
    const typed = (v: string) => {
      const n = collapse(v);
      return LOWER_CASE_NAME.test(n) &&
        !n.split(' ').some((w) => NO_NAME_WORD.test(w)) &&
        cleanAuthor(capitalise(n)) === capitalise(n)
        ? n
        : null;
    };
    return declaredAuthor(ctx, ['article:author', 'author'], typed);
  },
  // Last, the organisation the page itself declares as its author (meta author "Deutscher
  // Tennis Bund" on the federation's own site): dropped above as the site's name, it still
  // signs a page where nobody else does. Not a login written in lower case without a space
  // ("levinemusic", "example.org"): that is the CMS account that posted the page, not a name
  // the organisation is credited by.
  (ctx) => {
    const credited = (v: string) => {
      const n = cleanAuthor(v);
      return n && !/^[\p{Ll}\d._-]+$/u.test(n) ? n : null;
    };
    return declaredAuthor(ctx, ['article:author', 'author', 'byl', 'dc.creator', 'dcterms.creator'], credited);
  },
  // Last of all, an account the page declares as its author, written as a handle ("q_admin",
  // "sara.r.peter", "3d23d65-ddc6-4ce5"): read as no name above, it is still what the page
  // declares, where nothing else names anyone. Not a domain ("example.org") nor the site's own
  // name ("handball-world"), not a number ("219.79.38.192"), not on a product's page (a reviewer's login).
  shown((ctx) => {
    const handle = (v: string) => {
      const n = v.trim();
      return DECLARED_HANDLE.test(n) && /\p{L}/u.test(n) && !WEB_DOMAIN.test(n) ? people(ctx, n) : null;
    };
    return declaredAuthor(ctx, ['article:author', 'author'], handle) ?? handle(twitterLabelled(WRITTEN_BY)(ctx) ?? '');
  }),
  // A login in lower case after "By" on a dateline ("by damianduchamps on August 3, 2019"):
  // read as prose above, it signs the post where nothing else names anyone (byline-login.ts).
  shown(datedLogin),
];

/** One word of letters and digits joined by ".", "_" or "-": an account's handle. */
const DECLARED_HANDLE = /^[\p{L}\d]+(?:[._-][\p{L}\d]+)+$/u;
/** A handle that ends as a web domain does ("kath.net", "example.org") names a site. */
const WEB_DOMAIN = /\.(?:\p{L}{2}|com|net|org|info|blog|online|news)$/iu;

/** The first author the page declares (these metas in order, then JSON-LD `author`) that `accept` keeps. */
function declaredAuthor(
  ctx: RuleContext,
  metaKeys: readonly string[],
  accept: (v: string) => string | null,
): string | null {
  for (const key of metaKeys)
    for (const v of ctx.tags.meta.get(key) ?? []) {
      const n = accept(v);
      if (n) return n;
    }
  return firstFrom(
    ctx.ld.nodes,
    (n) =>
      namesOf(n.author, ctx.ld)
        .map(accept)
        .find((s): s is string => !!s) ?? null,
  );
}
