// A member's login printed after "by" on a post's dateline ("by damianduchamps on August 3,
// 2019", "Verfasst von: mitundvoneinander | 31. Dezember 2008"): blogs and forums sign a post
// with the account that wrote it, in lower case. A lower-case word after "by" is prose as often
// ("by default", "by clicking"), so the login counts only beside a date, as a dateline prints it.
import { cleanAuthor } from './author-names.js';
import type { RuleContext } from './context.js';
import { findDateInText } from './dates.js';

/** One lower-case word of letters and digits, "." "_" or "-" inside: a login as printed. */
const LOGIN = /^[\p{Ll}\d][\p{Ll}\d._-]{2,29}$/u;

/** "by <login>", "Verfasst von: <login>", with the date after it ("on August 3, 2019", "| 31. Dezember 2008"). */
const BY_LOGIN =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:[-\u2013\u2014|] ?)?(?:by|von|par|por|verfasst von:?|written by|posted by|autor:?) (\S+)(?: (?:on|am|le|el) .*| ?[|,\u00b7\u2022-].*)?$/iu;

/** The lines around the login read for its date: the login's own line and one on either side. */
const DATELINE_REACH = 1;
/** A line this long or longer is a paragraph, not a dateline. */
const MAX_DATELINE_CHARS = 200;

/** The login a non-listed "By" byline prints, where the lines around it print a date. */
export function datedLogin(ctx: RuleContext): string | null {
  for (const b of ctx.tags.bylines) {
    if (b.listed || b.teaser || b.strength < 3) continue;
    const text = b.text.trim().replace(/\s+/g, ' ');
    const login = BY_LOGIN.exec(text)?.[1] ?? text;
    if (LOGIN.test(login) && /\p{L}{2}/u.test(login) && cleanAuthor(login) === login && dated(ctx, login))
      return login;
  }
  return null;
}

function dated(ctx: RuleContext, login: string): boolean {
  const lines = ctx.bodyText().split('\n');
  const short = (line: string | undefined) => line !== undefined && line.trim().length < MAX_DATELINE_CHARS;
  for (const [i, line] of lines.entries()) {
    if (!line.includes(login) || !short(line)) continue;
    for (let j = Math.max(0, i - DATELINE_REACH); j <= i + DATELINE_REACH; j++)
      if (short(lines[j]) && findDateInText(lines[j]!)) return true;
  }
  return false;
}
