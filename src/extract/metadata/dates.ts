// Dates as ISO 8601 with the offset the page declares: "2020-02-15T00:00:00+02:00" stays that
// (not its UTC instant), so the page's own calendar day survives. A date without a time stays a
// bare date ("2020-02-15"); a time without an offset is written without one. Only epoch numbers,
// which carry no offset of their own, come out in UTC ("Z").
//
// toIsoDate reads one value meant to be a date (a meta content, a datetime attribute, JSON-LD).
// findDateInText looks for a date written inside running text ("Published 3 March 2020").

import { ANNOUNCED_DATE_CHARS, MAX_ANNOUNCEMENTS, MAX_YEAR, MIN_YEAR } from './thresholds.js';
import { ZONE_PATTERN, zoneOffset } from './zones.js';

const ISO =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2}|[+-]\d{2})?)?$/i;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const YEAR_MONTH = /^(\d{4})[-/](\d{2})$/;
const SLASHED_YMD = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/;

/**
 * Month names and abbreviations (English, German, French, Spanish, Italian, Portuguese, Dutch, Scandinavian, Polish,
 * Czech, Romanian, Turkish, Arabic...; "_" stands for a space).
 */
const MONTHS: Record<string, number> = {};
(
  [
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'january jan januar janvier enero gennaio janeiro januari janv ene genn gen stycznia leden ledna января январь tammikuuta ianuarie ocak يناير كانون_الثاني',
      1,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'february feb februar février fevrier febrero febbraio fevereiro februari févr fevr feb lutego únor února февраля февраль helmikuuta februarie şubat subat فبراير شباط',
      2,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'march mar märz maerz mars marzo março maart mär mrz marca březen března марта март maaliskuuta martie mart مارس آذار',
      3,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'april apr avril abril aprile apr kwietnia duben dubna апреля апрель huhtikuuta aprilie nisan أبريل ابريل إبريل نيسان',
      4,
    ],
    ['may mai mayo maggio maio mei maj maja květen května мая май toukokuuta mayıs mayis مايو أيار', 5],
    [
      'june jun juni juin junio giugno junho giu czerwca červen června июня июнь kesäkuuta iunie haziran يونيو حزيران',
      6,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'july jul juli juillet julio luglio julho juil lug lipca červenec července июля июль heinäkuuta iulie temmuz يوليو تموز',
      7,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'august aug août aout agosto augustus ago sierpnia srpen srpna августа август elokuuta ağustos agustos أغسطس اغسطس آب',
      8,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'september sep sept septembre septiembre settembre setembro set sett września září сентября сентябрь syyskuuta septembrie eylül eylul سبتمبر أيلول',
      9,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'october oct oktober octobre octubre ottobre outubro okt ott out października říjen října октября октябрь lokakuuta octombrie ekim أكتوبر اكتوبر تشرين_الأول',
      10,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'november nov novembre noviembre novembro listopada listopad listopadu ноября ноябрь marraskuuta noiembrie kasım kasim نوفمبر تشرين_الثاني',
      11,
    ],
    [
      // eslint-disable-next-line max-len -- one pattern or word list, kept whole
      'december dec dezember décembre decembre diciembre dicembre dezembro dez déc dic grudnia prosinec prosince декабря декабрь joulukuuta decembrie aralık aralik ديسمبر كانون_الأول',
      12,
    ],
  ] as const
).forEach(([names, n]) => {
  for (const name of names.split(' ')) MONTHS[name.replace(/_/g, ' ')] ??= n;
});
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const L = '\\p{L}';
// "3 March 2020", "3. März 2020", "3 de marzo de 2020", "le 3 mars 2020", "March 3rd, 2020", "Mar. 3 2020".
const DAY_MONTH_YEAR = new RegExp(
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  `(?<![\\d${L}])(\\d{1,2})(?:st|nd|rd|th|er|º|\\.)?\\s*(?:de\\s+|of\\s+)?(${MONTH_ALT})\\.?(?:\\s*/\\s*(?:${MONTH_ALT})\\.?)?,?\\s*(?:de\\s+|del\\s+)?(\\d{4})(?!\\d)`,
  'iu',
);
const MONTH_DAY_YEAR = new RegExp(
  `(?<![${L}])(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`,
  'iu',
);
const YEAR_MONTH_DAY_CJK = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?/u;
const NUMERIC_YMD = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/;
const NUMERIC_DMY_SHORT = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{2})(?![\d.])/;
const NUMERIC_DMY = /(?<![\d.])(\d{1,2})(?:[./-]|\.[ \u2009\u202f])(\d{1,2})(?:[./-]|\.[ \u2009\u202f])(\d{4})(?!\d)/;
// An optional time after the date: "10:30", "10:30:15", "10.30 am", with an optional zone. A
// signed "hh:mm" followed by "Uhr"/"h"/am/pm ends a time range ("10:00-11:30 Uhr"), not an offset.
// Each run of white space has one quantifier that can take it, so a long run is read once.
const TIME_AFTER = new RegExp(
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  `^[\\s,]*(?:(?:at|um|à|a las|alle|om|kl\\.?|[-–|])\\s*)?(\\d{1,2})[:h.](\\d{2})(?::(\\d{2}))?\\s*(?:(am|pm|a\\.m\\.|p\\.m\\.|صباحا|صباحاً|مساء|مساءً|[صم])(?!\\p{L})\\s*)?(?:(?:\\(\\s*)?(${ZONE_PATTERN}|[+-]\\d{2}:?\\d{2}(?!\\s*(?:uhr|h|am|pm|a\\.m\\.|p\\.m\\.)(?!\\p{L})))\\b\\)?)?`,
  'iu',
);

export function toIsoDate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = raw.trim().replace(/\s+/g, ' ');
  if (s === '' || s.length > 100) return null;

  const iso = ISO.exec(s);
  if (iso) {
    const [, y, mo, d, h, mi, sec, frac, zone] = iso;
    if (!validDate(+y!, +mo!, +d!)) return null;
    if (h === undefined) return ymd(+y!, +mo!, +d!);
    return withTime(+y!, +mo!, +d!, +h, +mi!, sec ? +sec : 0, frac, zoneOffset(zone, +y!, +mo!, +d!, +h));
  }
  const compact = COMPACT.exec(s);
  if (compact) {
    const [, y, mo, d] = compact;
    return validDate(+y!, +mo!, +d!) ? ymd(+y!, +mo!, +d!) : null;
  }
  const ym = YEAR_MONTH.exec(s);
  if (ym) return +ym[2]! >= 1 && +ym[2]! <= 12 && inRange(+ym[1]!) ? `${ym[1]}-${ym[2]}` : null;
  const slashed = SLASHED_YMD.exec(s);
  if (slashed)
    return validDate(+slashed[1]!, +slashed[2]!, +slashed[3]!) ? ymd(+slashed[1]!, +slashed[2]!, +slashed[3]!) : null;

  // Epoch seconds or milliseconds (some sites put these in meta tags): an instant, so UTC.
  if (/^\d{10}$/.test(s)) return epoch(Number(s) * 1000);
  if (/^\d{13}$/.test(s)) return epoch(Number(s));

  const clock = programDate(s);
  if (clock) return clock;

  // Written dates ("Fri, 01 Mar 2024 09:30:00 GMT", "March 1, 2024", "1. März 2024 10:00").
  return findDateInText(s, { numeric: true });
}

export interface TextDateOptions {
  /** Accept all-numeric day-first dates (03.04.2020); off for loose prose, where they are often something else. */
  numeric?: boolean;
  /**
   * Also accept a two-digit year in a dotted day-first date (23.09.22, read as 2022); for text right by the headline
   * only.
   */
  shortYear?: boolean;
}

/** The first date written in a piece of text, with its time and offset when written right after it. */
export function findDateInText(text: string, opts: TextDateOptions = {}): string | null {
  return findDateSpan(text, opts)?.date ?? null;
}

/** A date found in text (findDateSpan): the date, and where its day is written ([index, end)). */
export interface DateSpan {
  date: string;
  index: number;
  end: number;
}

/** findDateInText, with where the date is written. */
export function findDateSpan(text: string, opts: TextDateOptions = {}): DateSpan | null {
  if (!opts.shortYear && !/\d{4}/.test(text)) return null;
  type Hit = { index: number; end: number; y: number; mo: number; d: number };
  const hits: Hit[] = [];
  let m = DAY_MONTH_YEAR.exec(text);
  if (m)
    hits.push({ index: m.index, end: m.index + m[0].length, y: +m[3]!, mo: MONTHS[m[2]!.toLowerCase()]!, d: +m[1]! });
  m = MONTH_DAY_YEAR.exec(text);
  if (m)
    hits.push({ index: m.index, end: m.index + m[0].length, y: +m[3]!, mo: MONTHS[m[1]!.toLowerCase()]!, d: +m[2]! });
  m = YEAR_MONTH_DAY_CJK.exec(text);
  if (m) hits.push({ index: m.index, end: m.index + m[0].length, y: +m[1]!, mo: +m[2]!, d: +m[3]! });
  m = NUMERIC_YMD.exec(text);
  if (m) hits.push({ index: m.index, end: m.index + m[0].length, y: +m[1]!, mo: +m[2]!, d: +m[3]! });
  if (opts.numeric !== false) {
    m = NUMERIC_DMY.exec(text);
    if (m) {
      // Day first (most of the world), unless that cannot be a date and month first can (US).
      let d = +m[1]!;
      let mo = +m[2]!;
      if (mo > 12 && d <= 12) [d, mo] = [mo, d];
      else if (m[0].includes('/') && d <= 12 && mo <= 12) [d, mo] = [mo, d];
      hits.push({ index: m.index, end: m.index + m[0].length, y: +m[3]!, mo, d });
    }
  }
  if (opts.shortYear) {
    m = NUMERIC_DMY_SHORT.exec(text);
    if (m) hits.push({ index: m.index, end: m.index + m[0].length, y: 2000 + +m[3]!, mo: +m[2]!, d: +m[1]! });
  }
  hits.sort((a, b) => a.index - b.index);
  for (const h of hits) {
    if (!validDate(h.y, h.mo, h.d)) continue;
    const t = TIME_AFTER.exec(text.slice(h.end));
    if (t) {
      let hour = +t[1]!;
      const minute = +t[2]!;
      // Arabic pages write "م"/"مساءً" (evening) and "ص"/"صباحاً" (morning) after the time.
      const ampm = t[4]
        ?.toLowerCase()
        .replace(/\./g, '')
        .replace(/^(?:م|مساء|مساءً)$/, 'pm')
        .replace(/^(?:ص|صباحا|صباحاً)$/, 'am');
      if (ampm === 'pm' && hour < 12) hour += 12;
      if (ampm === 'am' && hour === 12) hour = 0;
      const date =
        hour < 24 && minute < 60
          ? withTime(h.y, h.mo, h.d, hour, minute, t[3] ? +t[3] : 0, undefined, zoneOffset(t[5], h.y, h.mo, h.d, hour))
          : null;
      if (date) return { date, index: h.index, end: h.end };
      if (hour < 24 && minute < 60) return null;
    }
    return { date: ymd(h.y, h.mo, h.d), index: h.index, end: h.end };
  }
  return null;
}

// The forms programs print a date in by default, the time between the day and the year:
// JavaScript's Date#toString ("Mon Aug 24 2020 21:32:26 GMT+0000 (Coordinated Universal Time)")
// and Java's Date#toString ("Mon Aug 03 12:45:00 EDT 2015").
const JS_DATE = /^[a-z]{3} ([a-z]{3}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT([+-]\d{4})(?: \([^()]{0,60}\))?$/i;
const JAVA_DATE = /^[a-z]{3} ([a-z]{3}) (\d{2}) (\d{2}):(\d{2}):(\d{2}) ([a-z]{1,5}) (\d{4})$/i;

function programDate(s: string): string | null {
  const js = JS_DATE.exec(s);
  const java = js ? null : JAVA_DATE.exec(s);
  const [mon, d, y, h, mi, sec, zone] = js
    ? [js[1], js[2], js[3], js[4], js[5], js[6], js[7]]
    : java
      ? [java[1], java[2], java[7], java[3], java[4], java[5], java[6]]
      : [];
  const mo = mon ? MONTHS[mon.toLowerCase()] : undefined;
  if (!mo) return null;
  const offset = zoneOffset(zone, +y!, mo, +d!, +h!);
  if (offset === null) return null;
  return withTime(+y!, mo, +d!, +h!, +mi!, +sec!, undefined, offset);
}

/** The date an element marked as a date shows: an ISO instant in its attribute, else the date
 *  as the page writes it, a two-digit year included. */
export function markedDate(text: string): string | null {
  return (/^\d{4}-\d{2}-\d{2}T/.test(text) ? toIsoDate(text) : null) ?? findDateInText(text, { shortYear: true });
}

/** A date in a URL path: /2019/08/06/, /2019-08-06-, /20190806/, /2023/oct/03/ (the month named, as
 *  the Guardian and others write it). Year and month alone are not a day. */
export function dateInUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m =
    /(?:^|[/_-])((?:19|20)\d{2})[/_-](\d{1,2})[/_-](\d{1,2})(?=$|[/_.-])/.exec(path) ??
    /\/((?:19|20)\d{2})(\d{2})(\d{2})(?=$|[/_.-])/.exec(path);
  const named = m ? null : /(?:^|\/)((?:19|20)\d{2})\/(\p{L}{3,9})\/(\d{1,2})(?=$|[/_.-])/u.exec(path);
  const month = named ? MONTHS[named[2]!.toLowerCase()] : undefined;
  if (named && month) return validDate(+named[1]!, month, +named[3]!) ? ymd(+named[1]!, month, +named[3]!) : null;
  if (!m) {
    // Day first ("/meldungen/29-10-2021"), only where it cannot be month first (a day above 12).
    const d = /(?:^|[/_-])(\d{1,2})[-_.](\d{1,2})[-_.]((?:19|20)\d{2})(?=$|[/_.-])/.exec(path);
    return d && +d[1]! > 12 && validDate(+d[3]!, +d[2]!, +d[1]!) ? ymd(+d[3]!, +d[2]!, +d[1]!) : null;
  }
  return validDate(+m[1]!, +m[2]!, +m[3]!) ? ymd(+m[1]!, +m[2]!, +m[3]!) : null;
}

function withTime(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  frac: string | undefined,
  offset: number | null,
): string | null {
  if (!validDate(y, mo, d) || h > 24 || mi > 59 || s > 60) return null;
  if (h === 24) {
    if (mi !== 0 || s !== 0) return null;
    h = 23;
    mi = 59;
    s = 59;
  }
  const f = frac ? `.${frac.slice(0, 3).padEnd(3, '0')}` : '';
  const time = `${ymd(y, mo, d)}T${pad(h)}:${pad(mi)}:${pad(Math.min(s, 59))}${f}`;
  if (offset === null) return time;
  if (offset === 0) return `${time}Z`;
  const a = Math.abs(offset);
  return `${time}${offset < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

function epoch(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms);
  return inRange(d.getUTCFullYear()) ? d.toISOString().replace('.000Z', 'Z') : null;
}

function ymd(y: number, mo: number, d: number): string {
  return `${y}-${pad(mo)}-${pad(d)}`;
}

export function validDate(y: number, mo: number, d: number): boolean {
  if (!inRange(y) || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function inRange(y: number): boolean {
  return y >= MIN_YEAR && y <= MAX_YEAR;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The date after the first announcement in `text` that is followed by one ("Published",
 * "Last updated": a link or heading with the word may come first), looking at a few
 * announcements at most.
 */
export function dateAnnounced(text: string, words: RegExp): string | null {
  return dateAnnouncedSpan(text, words)?.date ?? null;
}

/** dateAnnounced, with where the date is written in `text`. */
export function dateAnnouncedSpan(text: string, words: RegExp): DateSpan | null {
  let seen = 0;
  for (const announced of text.matchAll(words)) {
    const at = announced.index;
    const d = findDateSpan(text.slice(at, at + ANNOUNCED_DATE_CHARS));
    if (d) return { date: d.date, index: at + d.index, end: at + d.end };
    if (++seen >= MAX_ANNOUNCEMENTS) return null;
  }
  return null;
}
