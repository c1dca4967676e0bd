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

/** The United States' zones written without the season ("4:19 PM ET", "11:00 AM PT"), by the
 *  IANA zone whose rules (when daylight saving time starts and ends, in which years) the
 *  platform's time zone data holds. Capitals only: "et" is a word in French. */
const US_ZONES: Record<string, string> = {
  ET: 'America/New_York',
  CT: 'America/Chicago',
  MT: 'America/Denver',
  PT: 'America/Los_Angeles',
};

/** A zone after a time: "GMT+10", "UTC-03:00", "GMT +1" first (else "GMT" alone would be read), then the names. */
export const ZONE_PATTERN = `(?:GMT|UTC)\\s?[+-]\\d{1,2}(?::?\\d{2})?|${[
  ...Object.keys(ZONES),
  ...Object.keys(US_ZONES),
]
  .sort((a, b) => b.length - a.length)
  .join('|')}`;

/** Minutes east of UTC for a written zone at a wall time on a date; null when none or unknown. */
export function zoneOffset(zone: string | undefined, y: number, mo: number, d: number, h: number): number | null {
  if (!zone) return null;
  const named = ZONES[zone.toUpperCase()];
  if (named !== undefined) return named;
  const iana = US_ZONES[zone];
  if (iana !== undefined) return wallOffset(iana, y, mo, d, h);
  const m = /^(?:(?:GMT|UTC)\s?)?([+-])(\d{1,2}):?(\d{2})?$/i.exec(zone);
  if (!m) return null;
  const minutes = Number(m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
  return Math.abs(minutes) <= 14 * 60 ? minutes : null;
}

/** One formatter per IANA zone: building one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC in an IANA zone at a wall time there: the zone's offset at the instant
 *  that wall time is, found from the offset at the wall time read as UTC (one step settles it
 *  except within the hour a change of season repeats or skips). */
function wallOffset(zone: string, y: number, mo: number, d: number, h: number): number | null {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formats.set(zone, format);
  }
  const wall = Date.UTC(y, mo - 1, d, h);
  const first = offsetOf(format, wall);
  return first === null ? null : offsetOf(format, wall - first * 60_000);
}

/** The offset a formatter writes for an instant ("GMT-04:00"; "GMT" at UTC) in minutes. */
function offsetOf(format: Intl.DateTimeFormat, at: number): number | null {
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  if (name === 'GMT') return 0;
  const m = name ? /^GMT([+-])(\d{2}):(\d{2})$/.exec(name) : null;
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : null;
}
