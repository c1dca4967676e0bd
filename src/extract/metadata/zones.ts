// The zone a page writes after a time ("10:30 CET", "4:19 PM ET", "22:11 GMT+10"), as minutes
// east of UTC for that date: the offset the page declares, so its own calendar day survives.

/** Named zones with one offset all year. */
const ZONES: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  UT: 0,
  Z: 0,
  WET: 0,
  BST: 60,
  CET: 60,
  MEZ: 60,
  CEST: 120,
  MESZ: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  IST: 330,
  JST: 540,
  KST: 540,
  AEST: 600,
  AEDT: 660,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
};

/** The United States' zones written without the season ("4:19 PM ET", "11:00 AM PT"): standard
 *  time, an hour later under daylight saving time. Capitals only: "et" is a word in French. */
const US_ZONES: Record<string, number> = { ET: -300, CT: -360, MT: -420, PT: -480 };

/** A zone after a time: "GMT+10", "UTC-03:00", "GMT +1" first (else "GMT" alone would be read), then the names. */
export const ZONE_PATTERN = `(?:GMT|UTC)\\s?[+-]\\d{1,2}(?::?\\d{2})?|${[
  ...Object.keys(ZONES),
  ...Object.keys(US_ZONES),
]
  .sort((a, b) => b.length - a.length)
  .join('|')}`;

/** Minutes east of UTC for a written zone at a wall time on a date; null when none or unknown. */
export function zoneOffset(zone: string | undefined, y = 0, mo = 0, d = 0, h = 0): number | null {
  if (!zone) return null;
  const named = ZONES[zone.toUpperCase()];
  if (named !== undefined) return named;
  const us = US_ZONES[zone];
  if (us !== undefined) return us + (usSummerTime(y, mo, d, h) ? 60 : 0);
  const m = /^(?:(?:GMT|UTC)\s?)?([+-])(\d{1,2}):?(\d{2})?$/i.exec(zone);
  if (!m) return null;
  const minutes = Number(m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
  return Math.abs(minutes) <= 14 * 60 ? minutes : null;
}

/** Daylight saving time in the United States at a local wall time: from 2 a.m. on the second
 *  Sunday of March to 2 a.m. on the first Sunday of November (before 2007: the first Sunday of
 *  April to the last Sunday of October). */
function usSummerTime(y: number, mo: number, d: number, h: number): boolean {
  const [startMonth, startDay] = y >= 2007 ? [3, nthSunday(y, 3, 2)] : [4, nthSunday(y, 4, 1)];
  const [endMonth, endDay] = y >= 2007 ? [11, nthSunday(y, 11, 1)] : [10, lastSunday(y, 10)];
  const at = (m: number, day: number, hour: number) => Date.UTC(y, m - 1, day, hour);
  const wall = at(mo, d, h);
  return wall >= at(startMonth, startDay, 2) && wall < at(endMonth, endDay, 2);
}

function nthSunday(y: number, mo: number, n: number): number {
  const first = new Date(Date.UTC(y, mo - 1, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + 7 * (n - 1);
}

function lastSunday(y: number, mo: number): number {
  const last = new Date(Date.UTC(y, mo, 0));
  return last.getUTCDate() - last.getUTCDay();
}
