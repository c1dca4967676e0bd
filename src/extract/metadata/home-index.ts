// Whether the page is a site's home page that lists its stories: the bare home address (no path,
// no query) showing several different days, in its text or its <time>s. The dates such a page
// shows are its stories' (the latest post's, the day's headlines'), not a date of the page itself;
// a home page that shows one day (a single post, a notice) keeps it.
import type { RuleContext } from './context.js';
import { findDateSpan, toIsoDate } from './dates.js';
import { isBareHomePage } from './site.js';
import { HOME_INDEX_DAYS, MAX_DATE_TEXT } from './thresholds.js';

const memo = new WeakMap<RuleContext, boolean>();

export function homeIndex(ctx: RuleContext): boolean {
  let yes = memo.get(ctx);
  if (yes === undefined) memo.set(ctx, (yes = isBareHomePage(ctx) && daysShown(ctx) >= HOME_INDEX_DAYS));
  return yes;
}

/** Different calendar days the page's <time>s and text (its first MAX_DATE_TEXT characters)
 *  show, counted up to HOME_INDEX_DAYS. */
function daysShown(ctx: RuleContext): number {
  const days = new Set<string>();
  for (const t of ctx.tags.times) {
    const d = toIsoDate(t.datetime);
    if (d) days.add(d.slice(0, 10));
    if (days.size >= HOME_INDEX_DAYS) return days.size;
  }
  let rest = ctx.bodyText().slice(0, MAX_DATE_TEXT);
  for (let span = findDateSpan(rest); span && days.size < HOME_INDEX_DAYS; span = findDateSpan(rest)) {
    days.add(span.date.slice(0, 10));
    rest = rest.slice(span.end);
  }
  return days.size;
}
