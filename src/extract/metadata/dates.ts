// Dates as ISO 8601. A full timestamp becomes UTC ("2024-03-01T09:30:00.000Z"); a date
// without a time stays a date ("2024-03-01") rather than gaining a false midnight. A time
// without an offset is read as UTC, so the result never depends on the host's time zone.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})?)?$/i;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const YEAR_MONTH = /^(\d{4})[-/](\d{2})$/;
const HAS_ZONE = /(?:\b(?:GMT|UTC|UT|Z|[ECMP][SD]T)\b|[+-]\d{2}:?\d{2}\s*$)/i;
// Sanity window: a publication date before the web or far in the future is a parsing accident.
const MIN_YEAR = 1990;
const MAX_YEAR = 2100;

export function toIsoDate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = raw.trim().replace(/\s+/g, ' ');
  if (s === '' || s.length > 100) return null;

  const iso = ISO.exec(s);
  if (iso) {
    const [, y, mo, d, h, mi, sec, frac, zone] = iso;
    if (!validDate(+y!, +mo!, +d!)) return null;
    if (h === undefined) return `${y}-${mo}-${d}`;
    const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
    const utc = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi!, sec ? +sec : 0, ms) - offsetMinutes(zone) * 60_000;
    return finite(utc);
  }
  const compact = COMPACT.exec(s);
  if (compact) {
    const [, y, mo, d] = compact;
    return validDate(+y!, +mo!, +d!) ? `${y}-${mo}-${d}` : null;
  }
  const ym = YEAR_MONTH.exec(s);
  if (ym) return +ym[2]! >= 1 && +ym[2]! <= 12 && inRange(+ym[1]!) ? `${ym[1]}-${ym[2]}` : null;

  // Epoch seconds or milliseconds (some sites put these in meta tags).
  if (/^\d{10}$/.test(s)) return finite(Number(s) * 1000);
  if (/^\d{13}$/.test(s)) return finite(Number(s));

  // Anything else that Date understands (RFC 2822 "Fri, 01 Mar 2024 09:30:00 GMT",
  // "March 1, 2024"). Needs a letter, so bare numbers such as "2024" are not accepted.
  if (!/[a-z]/i.test(s)) return null;
  const parsed = Date.parse(s);
  if (Number.isNaN(parsed)) return null;
  if (HAS_ZONE.test(s)) return finite(parsed);
  // No zone: Date read it in local time; take those wall-clock fields as UTC instead.
  const local = new Date(parsed);
  const hasTime = /\d:\d{2}/.test(s);
  if (!hasTime) {
    const y = local.getFullYear();
    if (!inRange(y)) return null;
    return `${y}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  }
  return finite(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds()));
}

function offsetMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

function validDate(y: number, mo: number, d: number): boolean {
  if (!inRange(y) || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function inRange(y: number): boolean {
  return y >= MIN_YEAR && y <= MAX_YEAR;
}

function finite(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms);
  return inRange(d.getUTCFullYear()) ? d.toISOString() : null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
