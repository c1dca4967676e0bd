// The byline the page marks, by strength: rel/itemprop author, byline classes, author-page
// links, names after "By".
import { NUMBERED_LOGIN, PARTICLE, cleanAuthor, initials } from './author-names.js';
import { people } from './author-people.js';
import type { RuleContext } from './context.js';
import { siteHosts } from './site.js';
import type { BylineTag } from './tag-types.js';
import { MIN_LIST_CREDITS, SAME_BYLINE_ELEMENTS } from './thresholds.js';

/**
 * A marked element this many elements below the site-named byline stands in another box of the
 * page: a news byline's site, agency, date and share links span a dozen ("La Información" then
 * "EFE" 11 elements on), a post's download box stands 150 below its owner's byline.
 */
const OTHER_BOX_ELEMENTS = 30;

/** A login handle: lower-case words joined by "." or "_" ("hayley.p", "jane_doe"). */
const DECLARED_HANDLE = /^\p{Ll}[\p{Ll}\d]*(?:[._][\p{Ll}\d]+)+$/u;

/** The page's byline by strength: rel/itemprop author, byline classes, author links, "By" names. */
export function pageByline(ctx: RuleContext, bylines: readonly BylineTag[]): string | null {
  let own: string | null = null;
  // A numbered login ("link78") yields to a name in any byline; it signs only where none does.
  let login: string | null = null;
  for (const strength of [0, 1, 2, 3]) {
    // Names after "By" in the text or author-page links, four or more different ones of a kind:
    // the credits of a list's items (products by their makers, papers, games by their studios,
    // answers by their writers), none of them the page's.
    if (strength >= 2 && (listCredits(bylines, strength) || listItemCredit(ctx, bylines, strength))) continue;
    const names: string[] = [];
    let last = -1;
    // Where the last marked byline naming only the site itself (a personal site's owner) stands.
    let siteAt = -1;
    let siteSigns = false;
    // A byline element before the headline belongs to a teaser or a list above the article
    // ("related", "most read"): the article's own bylines after its <h1> come first.
    const h1At = ctx.tags.firstH1At;
    const ordered =
      strength === 1 && h1At >= 0
        ? [...bylines.filter((b) => (b.at ?? 0) > h1At), ...bylines.filter((b) => (b.at ?? 0) <= h1At)]
        : bylines;
    for (const b of ordered)
      if (b.strength === strength && !elsewhere(ctx, b)) {
        // Declared authors far from the first one are other articles' (teasers, related links)
        // or, on a thread, the repliers': the first declared author, a login included, signs it.
        if (strength === 0 && last >= 0 && (b.at ?? 0) - last > SAME_BYLINE_ELEMENTS) break;
        // A marked byline naming the site ("Paige Brunton" on her own site), and the next marked
        // element far below it: that is another part of the page (a download box, a course card),
        // not the same byline, and the site's name signs the page.
        if (strength <= 1 && !names.length && siteAt >= 0 && (b.at ?? 0) - siteAt > OTHER_BOX_ELEMENTS) {
          siteSigns = true;
          break;
        }
        const cleaned = cleanAuthor(b.text);
        // A name found in the text (an author link, "By ...") is written as a name: "by tapping",
        // "by default" are prose.
        const n = strength >= 2 && cleaned && !capitalised(cleaned) ? null : people(ctx, cleaned);
        if (strength <= 1) own ??= cleaned;
        if (strength <= 1 && cleaned && !n && own === cleaned && !b.teaser) siteAt = b.at ?? 0;
        // A declared login written as a handle ("hayley.p", rel/itemprop=author on a forum's first
        // post): no name, but the member who posted, as a numbered login is.
        if (strength === 0 && !cleaned && DECLARED_HANDLE.test(b.text.trim())) {
          login ??= b.text.trim();
          if (last < 0) last = b.at ?? 0;
          continue;
        }
        // A monogram ("NB" in an author box's avatar) of a name another byline gives whole is that name.
        if (n && monogramOf(n, bylines)) continue;
        if (n && NUMBERED_LOGIN.test(n)) {
          login ??= n;
          if (last < 0) last = b.at ?? 0;
          continue;
        }
        if (n && !names.includes(n)) {
          names.push(n);
          last = b.at ?? 0;
        }
        if (strength >= 1 && names.length) break;
      }
    if (names.length) return [...new Set(names.join(', ').split(', '))].join(', ');
    if (siteSigns) break;
  }
  // A marked byline that only names the site itself: on a personal site ("Wolfgang Schmale"
  // on wolfgangschmale.eu) the site's name is the author's.
  return own && !NUMBERED_LOGIN.test(own) ? own : (login ?? own);
}

/**
 * A page whose only credits are "By" labels, none before the cards of a listing that credit four
 * or more different names the same way and one among them ("Developed by: Valve", "Published by:
 * Ubisoft" on a store's page, a card not read as one): those labels credit more items. An
 * article's own "By" line stands above the list of other stories.
 */
function listItemCredit(ctx: RuleContext, bylines: readonly BylineTag[], strength: number): boolean {
  if (strength !== 3 || !bylines.every((b) => b.strength === 3)) return false;
  const listed = ctx.tags.bylines.filter((b) => b.listed && b.strength === 3);
  const at = (b: BylineTag) => b.at ?? 0;
  const first = Math.min(...listed.map(at));
  const last = Math.max(...listed.map(at));
  return bylines.every((b) => at(b) > first) && bylines.some((b) => at(b) < last) && listCredits(listed, strength);
}

/** Two or three capitals that are the initials of a fuller name among the page's bylines. */
function monogramOf(name: string, bylines: readonly BylineTag[]): boolean {
  if (!/^\p{Lu}{2,3}$/u.test(name)) return false;
  return bylines.some((b) => {
    const full = cleanAuthor(b.text);
    return !!full && full !== name && full.split(', ').some((f) => f.includes(' ') && initials(f) === name);
  });
}

/**
 * An author-page link to another site ("Bluesky" linking to bsky.app/profile/...): a profile on a
 * social network, not the page's writer on the site's own author page.
 */
function elsewhere(ctx: RuleContext, b: BylineTag): boolean {
  if (b.strength !== 2 || !b.href) return false;
  let host: string;
  try {
    host = new URL(b.href, ctx.base).hostname.replace(/^www\./, '');
  } catch {
    return false;
  }
  const own = siteHosts(ctx);
  return !own.some((h) => h === host || h.endsWith(`.${host}`) || host.endsWith(`.${h}`) || sameDomain(h, host));
}

/** Two hosts under one registered name ("news.example.com", "blog.example.com"). */
function sameDomain(a: string, b: string): boolean {
  const tail = (h: string) => h.split('.').slice(-2).join('.');
  return tail(a) === tail(b);
}

function listCredits(bylines: readonly BylineTag[], strength: number): boolean {
  const names = new Set<string>();
  for (const b of bylines) {
    if (b.strength !== strength) continue;
    const n = cleanAuthor(b.text);
    if (n) names.add(n.toLowerCase());
    if (names.size >= MIN_LIST_CREDITS) return true;
  }
  return false;
}

/** Every word of every name starts with a capital (or a letter without case), particles aside. */
function capitalised(names: string): boolean {
  return names
    .split(', ')
    .every((n) => NUMBERED_LOGIN.test(n) || n.split(' ').every((w) => !/^\p{Ll}/u.test(w) || PARTICLE.test(w)));
}
