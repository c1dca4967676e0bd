// A byline printed as plain lines by the headline: the writer's name on a line of its own
// beside the page's dateline ("Jane Doe" / "March 3, 2020", "18.10.2019, 15:07 Uhr" / "Jane
// Doe"), or under a label line ("Written by" / "Jane Doe"). Many themes print the byline so,
// without a class, a link or a "By" that would mark it. Read on the lines of the visible text
// from the headline on (not from above it: a teaser's byline), first dateline only.
import { AGENCY, cleanAuthor } from './author-names.js';
import { people } from './author-people.js';
import { LEAD_ONLY, otherLanguage } from './byline-text.js';
import { BY_WORD } from './candidates.js';
import type { RuleContext } from './context.js';
import { findDateInText } from './dates.js';
import { headlineAt } from './headline-position.js';
import {
  BYLINE_LINES,
  DATELINE_BEFORE,
  LEAD_MIN_CHARS,
  MAX_DATELINE_CHARS,
  MAX_NAME_LINE_CHARS,
  NEAR_HEADLINE,
} from './thresholds.js';

/** Separators a name line ends with ("Jane Doe |", "Jane Doe ·"); the line is at most MAX_NAME_LINE_CHARS. */
const TRAILING_MARKS = /(?<![\s|\u00b7\u2022,-])[\s|\u00b7\u2022,-]+$/;

/** A line that only separates ("·", "|", "-", "•"): skipped between the name and the date. */
const SEPARATOR_LINE = /^[|\u00b7\u2022\u2013\u2014\-/]$/;

/** A full name as a byline prints it: two to four capitalised words (name particles between). */
const FULL_NAME =
  /^\p{Lu}[\p{L}'.-]*(?:\s+(?:(?:van|von|de|der|den|da|di|du|la|le|del|dos)\s+)?\p{Lu}[\p{L}'.-]*){1,3}$/u;

/** Words of the labels and headings printed around a dateline, never in a name ("Posted On", "The Best ..."). */
const NOT_IN_NAME = /^(?:posted|published|updated|on|in|at|the|best|top|new|all|more|read|comments?)$/i;

/** "By Jane Doe", "von Jane Doe": a line that announces its name. */
const BY_LINE = /^(?:by|von|par|por|door)\s/i;

/** The name a short line gives, when it reads as a byline: a full name, an agency, or any name after "By". */
function nameLine(ctx: RuleContext, line: string): string | null {
  if (line.length > MAX_NAME_LINE_CHARS || ctx.tags.topicLinks.has(line)) return null;
  const led = BY_LINE.test(line);
  const bare = line.replace(TRAILING_MARKS, '');
  if (AGENCY.test(bare)) return bare;
  if (!led && (!FULL_NAME.test(bare) || bare.split(/\s+/).some((w) => NOT_IN_NAME.test(w)))) return null;
  return people(ctx, cleanAuthor(bare));
}

/** A short line that is a date, with at most a time or a label beside it. */
function datelineAt(line: string): boolean {
  return line.length <= MAX_DATELINE_CHARS && findDateInText(line, { shortYear: true }) !== null;
}

/**
 * The visible lines from the headline on (the headline's own line first), separators dropped, up
 * to the text's `longLines`th long line: a byline is printed above the text; a name and a date
 * in or after the text are another's (a sidebar's, a quote's).
 */
function linesFromHeadline(ctx: RuleContext, longLines: number): string[] | null {
  const text = ctx.bodyText();
  const h1 = headlineAt(ctx, text);
  if (h1 < 0) return null;
  const lines = text
    .slice(h1, h1 + NEAR_HEADLINE)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !SEPARATOR_LINE.test(l));
  let long = 0;
  const end = lines.findIndex((l, i) => i > 0 && l.length >= LEAD_MIN_CHARS && ++long === longLines);
  return end < 0 ? lines : lines.slice(0, end);
}

/** The name on the line just before or after the dateline at `at`, or null. */
function nameBeside(ctx: RuleContext, lines: string[], at: number): string | null {
  for (const j of [at - 1, at + 1]) {
    if (j < 1 || j >= lines.length) continue;
    const n = nameLine(ctx, lines[j]!);
    if (n) return n;
  }
  return null;
}

/**
 * The name on the line just before or after the first dateline under the headline. Not on a
 * page that lists dated or signed cards (listing-cards.ts), nor where a second name-and-date pair
 * follows: a listing under its heading (a blog's index, a book list), each card signed.
 */
export function nameBesideDateline(ctx: RuleContext): string | null {
  if (ctx.tags.times.some((t) => t.listed) || ctx.tags.bylines.some((b) => b.listed)) return null;
  // A standfirst may stand between the headline and the dateline ("Elliot Raba" / "23.07.2025" under it).
  const lines = linesFromHeadline(ctx, 2);
  if (!lines) return null;
  // lines[0] is the headline's own line: never a name.
  const at = lines.findIndex((l, i) => i > 0 && datelineAt(l));
  if (at < 0) return nameOverHeadline(ctx);
  if (at > BYLINE_LINES) return null;
  const n = nameBeside(ctx, lines, at);
  if (!n) return null;
  for (let i = at + 2; i < lines.length; i++) if (datelineAt(lines[i]!) && nameBeside(ctx, lines, i)) return null;
  return n;
}

/**
 * A dateline and a name on the two lines just above the headline, in either order ("Dec 17,
 * 2025" / "Julian K. Arni" / the headline): a theme that prints the byline over the title. Only
 * where no dateline follows the headline (then the byline is printed under it).
 */
function nameOverHeadline(ctx: RuleContext): string | null {
  const text = ctx.bodyText();
  const h1 = headlineAt(ctx, text);
  if (h1 < 0) return null;
  const above = text
    .slice(Math.max(0, h1 - DATELINE_BEFORE), h1)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !SEPARATOR_LINE.test(l))
    .slice(-2);
  if (above.length < 2) return null;
  const [first, second] = above as [string, string];
  if (datelineAt(first)) return nameLine(ctx, second);
  return datelineAt(second) ? nameLine(ctx, first) : null;
}

/** The name on the line after a label line ("Written by", "Author:", "Von") under the headline. */
export function nameAfterLabelLine(ctx: RuleContext): string | null {
  const lines = linesFromHeadline(ctx, 1);
  if (!lines) return null;
  const named = (i: number) => {
    // "By", "Written by", or a label with its colon ("Author:"): "Author" alone is a heading.
    const label = lines[i]!;
    if (
      !LEAD_ONLY.test(label) ||
      !(label.endsWith(':') || BY_WORD.test(label)) ||
      otherLanguage(label, ctx.tags.htmlLang) ||
      i + 1 >= lines.length
    )
      return null;
    const n = people(ctx, cleanAuthor(lines[i + 1]!.length <= MAX_NAME_LINE_CHARS ? lines[i + 1]! : null));
    return n && FULL_NAME.test(n.split(', ')[0]!) ? n : null;
  };
  for (let i = 1; i < Math.min(lines.length, BYLINE_LINES + 1); i++) {
    const n = named(i);
    if (!n) continue;
    // A second labelled name further on: the cards of a listing ("by" / "Suzanne Collins" under each book).
    for (let k = i + 2; k < lines.length; k++) if (named(k)) return null;
    return n;
  }
  return null;
}
