// A declared UTC instant written on the page's own clock, so the page's calendar day survives
// (the ruling on dates).
import type { RuleContext } from './context.js';
import { textOf } from './json-ld-values.js';
import { findDateInText, toIsoDate } from './dates.js';
import { headlineAt } from './headline-position.js';
import { ABOVE_HEADLINE, NEAR_HEADLINE, SHOWN_CLOCK_DATES, SHOWN_DAY_DATES, SHOWN_DAY_HOURS } from './thresholds.js';

/**
 * A declared instant in UTC ("2023-11-09T01:09:55Z") written on the page's own clock when the
 * page shows that same instant in local time ("November 8, 2023 at 6:09 p.m.", a <time
 * datetime> without offset): the offset is the difference, so the page's calendar day (the
 * 8th, not the 9th) survives, as the ruling on dates asks. Only a whole number of quarter hours
 * within -12..+14 h, at the same minute, counts as the same instant.
 */
export function onPageClock(ctx: RuleContext, iso: string | null): string | null {
  if (!iso || !/T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/.test(iso)) return iso;
  const utc = Date.parse(iso);
  if (Number.isNaN(utc)) return iso;
  const { out, sure } = onShownClock(ctx, iso, utc);
  if (sure) return out;
  // The page shows the day but not the time ("17 de Febrero 2020" for 2020-02-18T02:18:11Z): the
  // same instant at the whole-hour offset nearest to UTC that falls on the day shown. Only within
  // a few hours of midnight UTC (a day shown further off is another date on the page), and not
  // at midnight itself (a bare date stored as 00:00Z).
  if (/T00:00(?::00(?:\.0+)?)?Z$/.test(iso)) return out;
  const day = shownDay(ctx);
  if (!day || out.slice(0, 10) === day) return out;
  const gap = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${iso.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
  if (gap !== 1 && gap !== -1) return out;
  const ms = ((utc % 86_400_000) + 86_400_000) % 86_400_000;
  const offset = gap < 0 ? -(Math.floor(ms / 3_600_000) + 1) * 60 : Math.ceil((86_400_000 - ms) / 3_600_000) * 60;
  return Math.abs(offset) <= SHOWN_DAY_HOURS * 60 ? atOffset(iso, utc, offset) : out;
}

/**
 * The first calendar day the page shows for its date: a <time>'s text, a date-marked element, the date by the
 * headline.
 */
function shownDay(ctx: RuleContext): string | null {
  const shown: string[] = [];
  for (const t of ctx.tags.times.filter((x) => !x.comment && !x.quoted).slice(0, SHOWN_DAY_DATES)) shown.push(t.text);
  shown.push(...ctx.tags.dateTexts.slice(0, SHOWN_DAY_DATES));
  for (const s of shown) {
    const d = s && !/^\d{4}-\d{2}-\d{2}T/.test(s) ? findDateInText(s, { shortYear: true }) : null;
    // A shown time of day that is not the instant's dates another moment (an update): no clue to the day.
    if (d) return d.includes('T') ? null : d;
  }
  const text = ctx.bodyText();
  const h1 = headlineAt(ctx, text);
  const near =
    h1 >= 0
      ? findDateInText(text.slice(Math.max(0, h1 - ABOVE_HEADLINE), h1 + NEAR_HEADLINE), { shortYear: true })
      : null;
  return near && !near.includes('T') ? near : null;
}

/** The instant on the clock the page shows (sure: a shown wall time or the same instant declared with its offset). */
function onShownClock(ctx: RuleContext, iso: string, utc: number): { out: string; sure: boolean } {
  const shown: string[] = [];
  for (const t of ctx.tags.times.slice(0, SHOWN_CLOCK_DATES)) shown.push(t.datetime, t.text);
  shown.push(...ctx.tags.dateTexts.slice(0, SHOWN_CLOCK_DATES));
  // The dateline printed by the headline ("Ariel Melgar Cabrera 3/5/2022 22:41").
  const text = ctx.bodyText();
  const h1 = headlineAt(ctx, text);
  if (h1 >= 0) {
    const near = findDateInText(text.slice(Math.max(0, h1 - ABOVE_HEADLINE), h1 + NEAR_HEADLINE), { shortYear: true });
    if (near) {
      shown.push(near);
      // "3/5/2022" read month-first may be the day-first date of the same instant.
      const dm = /^(\d{4})-(\d{2})-(\d{2})(T.*)$/.exec(near);
      if (dm && dm[2] !== dm[3] && +dm[3]! <= 12) shown.push(`${dm[1]}-${dm[3]}-${dm[2]}${dm[4]}`);
    }
  }
  for (const s of shown) {
    const local = s ? (toIsoDate(s) ?? findDateInText(s)) : null;
    // A wall time as the page shows it; with the zone it writes after it ("4:19 PM ET"), only the
    // same instant counts (a shown time in another zone is another moment).
    const m = local && /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?([+-]\d{2}:\d{2})?$/.exec(local);
    if (!m) continue;
    const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
    const diff = Math.round((wall - Math.floor(utc / 60_000) * 60_000) / 60_000);
    if (m[6] && Math.abs(Date.parse(local) - utc) >= 60_000) continue;
    if (diff === 0) return { out: iso, sure: true };
    if (!realOffset(diff)) continue;
    return { out: atOffset(iso, utc, diff), sure: true };
  }
  // The same instant declared elsewhere on the page with its offset (a <time datetime>, a
  // JSON-LD or meta date: "2023-11-08T21:11:03-05:00" for "2023-11-09T02:11:03Z"), else the
  // offset of another date the page declares (its dateModified, a video's uploadDate): the
  // page's clock, so its calendar day.
  let other: number | null = null;
  for (const d of declaredDates(ctx)) {
    const m = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([+-])(\d{2}):(\d{2})$/.exec(d);
    if (!m) continue;
    const offset = (m[1] === '-' ? -1 : 1) * (+m[2]! * 60 + +m[3]!);
    if (offset === 0 || !realOffset(offset)) continue;
    if (Math.abs(Date.parse(d) - utc) < 60_000) return { out: atOffset(iso, utc, offset), sure: true };
    other ??= offset;
  }
  return { out: other !== null ? atOffset(iso, utc, other) : iso, sure: false };
}

/** Offsets the world's clocks use that are not whole hours (India +05:30, Nepal +05:45, Newfoundland -03:30...). */
const PART_HOUR_OFFSETS = new Set([-570, -210, -150, 210, 270, 330, 345, 390, 525, 570, 630, 765]);

/** A UTC offset some place uses: whole hours within -12..+14, or one of the part-hour zones (not "+01:30"). */
function realOffset(minutes: number): boolean {
  if (minutes < -12 * 60 || minutes > 14 * 60) return false;
  return minutes % 60 === 0 || PART_HOUR_OFFSETS.has(minutes);
}

/** A UTC instant written with an offset of `diff` minutes ("...T18:09:55-07:00"). */
function atOffset(iso: string, utc: number, diff: number): string {
  const at = new Date(utc + diff * 60_000).toISOString().replace(/Z$/, '');
  const a = Math.abs(diff);
  const frac = /\.\d+Z$/.test(iso) ? at : at.replace(/\.\d{3}$/, '');
  const hh = String(Math.floor(a / 60)).padStart(2, '0');
  const mm = String(a % 60).padStart(2, '0');
  return `${frac}${diff < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** Every full date the page declares: date metas, JSON-LD dates, <time datetime>. */
function declaredDates(ctx: RuleContext): string[] {
  const out: string[] = [];
  for (const [key, values] of ctx.tags.meta)
    if (/date|time|published|modified|created|issued/.test(key))
      for (const v of values) {
        const d = toIsoDate(v);
        if (d) out.push(d);
      }
  for (const n of ctx.ld.nodes)
    for (const key of ['datePublished', 'dateModified', 'dateCreated', 'uploadDate']) {
      const d = toIsoDate(textOf(n[key]));
      if (d) out.push(d);
    }
  for (const t of ctx.tags.times) {
    const d = toIsoDate(t.datetime);
    if (d) out.push(d);
  }
  return out;
}
