// The reachability bound of the two date goals (metadata-dev published_at, wcxb-dev date), printed
// by bench/metadata-ceiling.ts. Each page we answer wrongly is put in one of three kinds, each time
// on the side that favours reaching the goal, so the bound is an upper bound on what any reader of
// the served page can score under the rulings:
//  - ruled: the page declares a date (the answering rule of the chain is a declared source: Open
//    Graph, a date <meta>, itemprop, JSON-LD) and no declared value on the page names the expected
//    day, not even as a UTC instant that is that day on some clock; or the set expects an instant
//    where the page shows only the day ("a date without a time stays a bare date");
//  - absent: the expected day is nowhere in the served page: not in its markup (scripts, attributes
//    and comments included), its visible text or its address in any of the forms dayForms knows,
//    not as a Unix time, not as an instant that is that day in any time zone (-12 to +14 h);
//  - reachable: everything else (counted as if a rule could read it).
// Bound = (scored - ruled - absent) / scored. Where it is below the goal, the goal cannot be met on
// this set without answers the rulings forbid or the page does not hold.
import { PUBLISHED_AT } from '../src/extract/metadata/fields/published-at.js';
import { validDate } from '../src/extract/metadata/dates.js';
import { dateDeclared, dayOnPage, swapped } from './metadata-ceiling-dates.js';
import { ruleIndex, type Miss, type Page } from './metadata-ceiling-page.js';
import type { Split } from './quality-split.js';

export type Reach = 'ruled' | 'absent' | 'reachable';

export interface ReachRow {
  id: string;
  split: Split;
  want: string;
  got: unknown;
  reach: Reach;
  reason: string;
}

const HOUR = 3_600_000;
/** Every quarter-hour offset a clock on earth uses, in minutes (-12:00 to +14:00). */
const OFFSETS = Array.from({ length: 105 }, (_, i) => (i - 48) * 15);

/** Every date-like value the page declares: metas and itemprops, JSON-LD date keys, <time datetime>. */
function declaredValues(p: Page): string[] {
  const out: string[] = [];
  for (const [k, vs] of p.ctx.tags.meta)
    if (/date|time|issued|created|published|modified|updated/.test(k)) out.push(...vs);
  for (const t of p.ctx.tags.times) out.push(t.datetime);
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8 || v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (/^date|^upload|^created|^modified|^published/i.test(k) && typeof x === 'string') out.push(x);
      else walk(x, depth + 1);
    }
  };
  for (const n of p.ctx.ld.nodes) walk(n, 0);
  return out;
}

/** A UTC instant (Z or +00:00) that is the given day on some clock. */
function utcNear(raw: string, day: string): boolean {
  if (!/(?:z|\+00:?00)\s*$/i.test(raw)) return false;
  const t = Date.parse(raw);
  const d0 = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && t >= d0 - 14 * HOUR && t < d0 + 36 * HOUR;
}

const ISO_INSTANT = /\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:z|[+-]\d{2}:?\d{2})?/g;
const UNIX = /\b1\d{9}(?:\d{3})?\b/g;

/** The instants the markup writes: ISO 8601 (offset-less ones read at every offset) and Unix times. */
function instantsOf(p: Page): number[] {
  const out: number[] = [];
  for (const [m] of p.markup.matchAll(ISO_INSTANT)) {
    const s = m.replace(' ', 'T').toUpperCase();
    if (/(?:Z|[+-]\d{2}:?\d{2})$/.test(s)) {
      const t = Date.parse(s);
      if (!Number.isNaN(t)) out.push(t);
    } else {
      const t = Date.parse(`${s}Z`);
      if (!Number.isNaN(t)) for (const o of OFFSETS) out.push(t - o * 60_000);
    }
  }
  for (const [m] of p.markup.matchAll(UNIX)) out.push(m.length === 13 ? Number(m) : Number(m) * 1000);
  return out;
}

/** The calendar days an instant falls on at some clock on earth (two or three). */
function localDays(t: number): string[] {
  return [...new Set(OFFSETS.map((o) => new Date(t + o * 60_000).toISOString().slice(0, 10)))];
}

/** The expected instant written on the page, or shown as a clock time beside its local day. */
function instantOnPage(p: Page, want: number, instants: number[]): boolean {
  if (instants.some((t) => Math.abs(t - want) < 60_000)) return true;
  const shownDays = new Set(localDays(want).filter((d) => dayOnPage(p, d)));
  return OFFSETS.some((o) => {
    const local = new Date(want + o * 60_000).toISOString();
    const [h, m] = [local.slice(11, 13), local.slice(14, 16)];
    // 24-hour and 12-hour clocks ("16:19", "4:19 pm").
    const clocks = [`${h}:${m}`, `${Number(h)}:${m}`, `${Number(h) % 12 || 12}:${m}`];
    return shownDays.has(local.slice(0, 10)) && clocks.some((c) => p.shown.includes(c));
  });
}

function reachOf(p: Page, want: string): Pick<ReachRow, 'reach' | 'reason'> {
  const day = want.slice(0, 10);
  const [y, mo, d] = day.split('-').map(Number);
  if (!validDate(y!, mo!, d ?? 1)) return { reach: 'absent', reason: "the set's value is no calendar date" };
  const src = ruleIndex(p.ctx, PUBLISHED_AT);
  const instant = want.includes('T') ? Date.parse(want) : null;
  if (src >= 0 && dateDeclared(p.ctx, src)) {
    const names = (v: string) =>
      instant !== null
        ? Math.abs(Date.parse(v) - instant) < 60_000
        : v.includes(day) || swapped(v, day) || utcNear(v, day);
    if (!declaredValues(p).some(names))
      return { reach: 'ruled', reason: 'the page declares another date; no declared value names the expected day' };
  }
  if (instant !== null) {
    if (instantOnPage(p, instant, instantsOf(p)))
      return { reach: 'reachable', reason: 'the expected instant is on the page' };
    const dayShown = localDays(instant).some((d) => dayOnPage(p, d));
    return dayShown
      ? { reach: 'ruled', reason: 'the page shows the day without a time; the set expects an instant' }
      : { reach: 'absent', reason: 'the expected day is not on the page' };
  }
  if (dayOnPage(p, day)) return { reach: 'reachable', reason: 'the expected day is written on the page' };
  const d0 = Date.parse(`${day}T00:00:00Z`);
  if (instantsOf(p).some((t) => t >= d0 - 14 * HOUR && t < d0 + 36 * HOUR))
    return {
      reach: 'reachable',
      reason: 'only as an instant (ISO or Unix time, often an image version) that is that day in some time zone',
    };
  return { reach: 'absent', reason: 'the expected day is not on the page in any form' };
}

export function dateReach(miss: Miss, p: Page): ReachRow {
  const want = String(miss.want);
  return { id: miss.id, split: miss.split, want, got: miss.got, ...reachOf(p, want) };
}

const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '-');

/** The bound table and the reasons, for one goal. */
export function printReach(name: string, goal: number, tally: Record<Split, [number, number]>, rows: ReachRow[]): void {
  for (const split of ['all', 'tune', 'check'] as const) {
    const [ok, n] = split === 'all' ? [tally.tune[0] + tally.check[0], tally.tune[1] + tally.check[1]] : tally[split];
    const rs = rows.filter((r) => split === 'all' || r.split === split);
    const count = (k: Reach) => rs.filter((r) => r.reach === k).length;
    const bound = (100 * (n - count('ruled') - count('absent'))) / n;
    const verdict = split !== 'all' ? '' : bound < goal ? `**no: at most ${bound.toFixed(1)}**` : 'yes';
    console.log(
      `| ${name} | ${split} | ${n} | ${pct(ok, n)} | ${n - ok} | ${count('ruled')} | ${count('absent')} | ` +
        `${count('reachable')} | ${bound.toFixed(1)} | ${goal} | ${verdict} |`,
    );
  }
}

export function printReachReasons(name: string, rows: ReachRow[], examples: number): void {
  const by = new Map<string, ReachRow[]>();
  for (const r of rows) by.set(`${r.reach}\t${r.reason}`, [...(by.get(`${r.reach}\t${r.reason}`) ?? []), r]);
  for (const [k, rs] of [...by].sort()) {
    const [reach, reason] = k.split('\t');
    const tune = rs.filter((r) => r.split === 'tune').length;
    const ex = rs
      .slice(0, examples)
      .map((r) => `${r.id} (want ${r.want}, got ${JSON.stringify(r.got)})`)
      .join('; ');
    console.log(`| ${name} | ${reach} | ${reason} | ${tune} | ${rs.length - tune} | ${ex.replace(/\|/g, '/')} |`);
  }
}
