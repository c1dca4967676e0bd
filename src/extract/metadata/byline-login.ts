// A member's login printed after "by" on a post's dateline ("by damianduchamps on August 3,
// 2019", "Verfasst von: mitundvoneinander | 31. Dezember 2008"): blogs and forums sign a post
// with the account that wrote it, in lower case. A lower-case word after "by" is prose as often
// ("by default", "by clicking"), so the login counts only beside a date, as a dateline prints it.
import { cleanAuthor } from './author-names.js';
import type { RuleContext } from './context.js';
import { findDateInText } from './dates.js';

/** One lower-case word of letters and digits, "." "_" or "-" inside: a login as printed. */
const LOGIN = /^[\p{Ll}\d][\p{Ll}\d._-]{2,29}$/u;

/** The lead before a login: "by", "Verfasst von:", "Posted by". */
const LEAD = /^(?:[-\u2013\u2014|] ?)?(?:by|von|par|por|verfasst von:?|written by|posted by|autor:?) /i;
/** What may follow the login on its dateline: the date ("on August 3, 2019", "| 31. Dezember 2008"). */
const AFTER_LOGIN = /^(?:(?:on|am|le|el) |[|,\u00b7\u2022-])/i;

/** The lines around the login read for its date: the login's own line and one on either side. */
const DATELINE_REACH = 1;
/** A line this long or longer is a paragraph, not a dateline. */
const MAX_DATELINE_CHARS = 200;

/** The login a non-listed "By" byline prints, where the lines around it print a date. */
export function datedLogin(ctx: RuleContext): string | null {
  for (const b of ctx.tags.bylines) {
    if (b.listed || b.teaser || b.strength < 3) continue;
    const text = b.text.trim().replace(/\s+/g, ' ');
    const login = loginIn(text);
    if (!login) continue;
    if (/\p{L}{2}/u.test(login) && cleanAuthor(login) === login && dated(ctx, login)) return login;
  }
  return null;
}

/** "by damianduchamps on August 3, 2019" -> "damianduchamps"; a label's text alone is the login itself. */
function loginIn(text: string): string | null {
  const lead = LEAD.exec(text);
  if (!lead) return LOGIN.test(text) ? text : null;
  const rest = text.slice(lead[0].length);
  const end = rest.search(/[ |,\u00b7\u2022]/);
  const login = end < 0 ? rest : rest.slice(0, end);
  const after = end < 0 ? '' : rest.slice(end).trimStart();
  return LOGIN.test(login) && (after === '' || AFTER_LOGIN.test(after)) ? login : null;
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
