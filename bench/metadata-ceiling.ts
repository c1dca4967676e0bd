// node dist/bench/metadata-ceiling.js [--examples=N]: the ceiling the rulings
// allow on each metadata goal. Every miss of urlkit (in process, the same answers as the HTTP API)
// on both development sets is put in one class:
//  (a) ruled: the ruling's text forces the answer we give (a value the page declares, in the ruled
//      order, where the set expects another or none; the printed <h1> that tells the same story as
//      the declared title the set expects);
//  (b) the sets disagree: the same convention is expected one way by one set and the other way by the
//      other: counted for the headline, with example pages, after the tables (such a page's miss
//      stays in (a) when the ruling forces our answer);
//  (c) fixable: the expected value is stated on the page and no ruling forces ours;
//  (d) unclear / data: the expected value is not found on the page (not in its text, markup or URL).
// Then, per goal and split, the figure if every (c) and (d) miss were fixed while (a) stays (the
// ceiling the ruling allows). The classes are mechanical
// (metadata-ceiling-classes.ts) so the counts are reproducible; every miss, with its class and
// reason, is written to bench/out/metadata-ceiling.json to check by eye.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHtml } from '../src/parse/parse-html.js';
import { askDirect } from './metadata-ask.js';
import { classifyDev, classifyWcxb } from './metadata-ceiling-classes.js';
import { headlineChoice, HEADLINE_KINDS } from './metadata-ceiling-headlines.js';
import { CLASSES, pageOf, type Cls, type Miss } from './metadata-ceiling-page.js';
import { dateReach, printReach, printReachReasons, type ReachRow } from './metadata-date-reach.js';
import { score, text, titleForms, type Entry, type Pred } from './metadata-score.js';
import { loadMetadataDev, loadWcxbDev, serve, type BenchPage, type WcxbTruth } from './metadata-sets.js';
import { scoreWcxb } from './metadata-wcxb-score.js';
import { siteOf, splitOf, type Split } from './quality-split.js';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../bench/out');

interface Goal {
  name: string;
  goal: number;
  /** [correct, scored] by split. */
  tally: Record<Split, [number, number]>;
  misses: Miss[];
}

const flag = (name: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);

async function main(): Promise<void> {
  const dev = loadMetadataDev();
  const wcxb = loadWcxbDev();
  const pages = [...dev.pages, ...wcxb.pages];
  const servers = await serve(pages);
  const asked = askDirect(pages);
  servers.close();
  const byId = new Map<string, BenchPage>(pages.map((p) => [`${p.set}/${p.id}`, p]));
  const docOf = (set: string, id: string) => parseHtml(byId.get(`${set}/${id}`)!.html);

  const devPreds = asked.preds.get('metadata-dev') ?? {};
  const wcxbPreds = asked.preds.get('wcxb-dev') ?? {};
  const devSplit = (id: string) => splitOf(siteOf(dev.expected[id]!.url));
  const goals: Goal[] = [];
  const devGoal = (name: string, goal: number, fields: string[]) => {
    const g: Goal = { name, goal, tally: { tune: [0, 0], check: [0, 0] }, misses: [] };
    for (const split of ['tune', 'check'] as const) {
      const subset = Object.fromEntries(Object.entries(dev.expected).filter(([id]) => devSplit(id) === split));
      const t = score(subset, devPreds);
      for (const f of fields) {
        const [ok, n] = t.perField[f as keyof typeof t.perField];
        g.tally[split][0] += ok;
        g.tally[split][1] += n;
      }
      for (const w of t.wrong.filter((x) => fields.includes(x.field))) {
        const page = byId.get(`metadata-dev/${w.id}`)!;
        g.misses.push(classifyDev(w, split, dev.expected[w.id]!, devPreds[w.id]!, page, docOf('metadata-dev', w.id)));
      }
    }
    goals.push(g);
  };
  const wcxbGoal = (name: string, goal: number, field: string) => {
    const g: Goal = { name, goal, tally: { tune: [0, 0], check: [0, 0] }, misses: [] };
    for (const split of ['tune', 'check'] as const) {
      const subset: Record<string, WcxbTruth> = Object.fromEntries(
        Object.entries(wcxb.truth).filter(([, t]) => t.split === split),
      );
      const t = scoreWcxb(subset, wcxbPreds);
      const [ok, n] = t.perField[field as keyof typeof t.perField];
      g.tally[split] = [ok, n];
      for (const w of t.wrong.filter((x) => x.field === field)) {
        const page = byId.get(`wcxb-dev/${w.id}`)!;
        g.misses.push(classifyWcxb(w, split, wcxb.truth[w.id]!, wcxbPreds[w.id]!, page, docOf('wcxb-dev', w.id)));
      }
    }
    goals.push(g);
  };
  devGoal('metadata-dev author', 85, ['author']);
  devGoal('metadata-dev published_at', 93, ['published_at']);
  devGoal('metadata-dev headline', 90, ['headline']);
  devGoal('metadata-dev overall', 92, ['headline', 'description', 'image', 'author', 'published_at', 'site_name']);
  wcxbGoal('wcxb-dev headline', 88, 'headline');
  wcxbGoal('wcxb-dev author', 90, 'author');
  wcxbGoal('wcxb-dev date', 95, 'date');
  wcxbGoal('wcxb-dev no author where none', 90, 'no_author_where_none');
  wcxbGoal('wcxb-dev no date where none', 85, 'no_date_where_none');

  report(goals);
  reach(goals, (m) => pageOf(docOf(m.set, m.id), byId.get(`${m.set}/${m.id}`)!));
  conventions(pages, dev.expected, wcxb.truth, docOf, asked.preds);
  mkdirSync(OUT, { recursive: true });
  const file = resolve(OUT, 'metadata-ceiling.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(goals.map((g) => [g.name, g.misses])), null, 1));
  console.log(`\nevery miss with its class and reason: ${file}`);
}

const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '-');

function report(goals: Goal[]): void {
  const examples = Number(flag('examples') ?? 2);
  console.log('\nEvery miss classified: (a) ruled, (c) fixable, (d) unclear / data; (b), the sets disagreeing, is');
  console.log('shown for the headline after the tables. Ceiling: every (c) and (d) miss fixed, (a) as ruled.\n');
  console.log('| goal | split | scored | now | (a) | (c) | (d) | ceiling | target | reachable? |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const g of goals)
    for (const split of ['all', 'tune', 'check'] as const) {
      const [ok, n] =
        split === 'all' ? [g.tally.tune[0] + g.tally.check[0], g.tally.tune[1] + g.tally.check[1]] : g.tally[split];
      const ms = g.misses.filter((m) => split === 'all' || m.split === split);
      const c = Object.fromEntries(CLASSES.map((k) => [k, ms.filter((m) => m.cls === k).length])) as Record<
        Cls,
        number
      >;
      const ceiling = (100 * (n - c.a)) / n;
      const verdict = split !== 'all' ? '' : ceiling < g.goal ? `**no: ceiling ${ceiling.toFixed(1)}**` : 'yes';
      console.log(
        `| ${g.name} | ${split} | ${n} | ${pct(ok, n)} | ${c.a} | ${c.c} | ${c.d} | ` +
          `${ceiling.toFixed(1)} | ${g.goal} | ${verdict} |`,
      );
    }
  console.log('\nBy reason (both splits):\n');
  console.log('| goal | class | reason | tune | check | example pages |');
  console.log('|---|---|---|---:|---:|---|');
  for (const g of goals) {
    const reasons = new Map<string, Miss[]>();
    for (const m of g.misses) {
      const k = `${m.cls}\t${m.reason}`;
      reasons.set(k, [...(reasons.get(k) ?? []), m]);
    }
    for (const [k, ms] of [...reasons].sort()) {
      const [cls, reason] = k.split('\t');
      const tune = ms.filter((m) => m.split === 'tune').length;
      const ex = ms
        .slice(0, examples)
        .map((m) => `${m.id} (want ${short(m.want)}, got ${short(m.got)}${m.pair ? `; pair ${m.pair}` : ''})`)
        .join('; ');
      console.log(`| ${g.name} | ${cls} | ${reason} | ${tune} | ${ms.length - tune} | ${ex} |`);
    }
  }
}

/** The date goals' reachability bound (metadata-date-reach.ts). */
function reach(goals: Goal[], pageFor: (m: Miss) => ReturnType<typeof pageOf>): void {
  const examples = Number(flag('examples') ?? 2);
  const dated = goals.filter((g) => g.name === 'metadata-dev published_at' || g.name === 'wcxb-dev date');
  const rows = new Map<string, ReachRow[]>(dated.map((g) => [g.name, g.misses.map((m) => dateReach(m, pageFor(m)))]));
  console.log('\nDates: can the goal be reached at all? Every miss is ruled (the page declares another date, or');
  console.log('shows a day where the set wants an instant), absent (the expected day is nowhere in the served page,');
  console.log(
    'scripts and address included, in any form or time zone) or reachable. Bound = scored - ruled - absent.\n',
  );
  console.log('| goal | split | scored | now | misses | ruled | absent | reachable | bound | target | reachable? |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const g of dated) printReach(g.name, g.goal, g.tally, rows.get(g.name)!);
  console.log('\n| goal | kind | reason | tune | check | example pages |');
  console.log('|---|---|---|---:|---:|---|');
  for (const g of dated) printReachReasons(g.name, rows.get(g.name)!, examples);
}

/**
 * (b) for the headline: on pages that print an <h1> telling the same story as a different declared
 * title, which one each set expects. The cleaners' title ruling answers the <h1>. Then the same
 * pages by how the two differ, with how many we answer as the set expects: no way of differing
 * puts all of one set's choices on one side.
 */
function conventions(
  pages: BenchPage[],
  expected: Record<string, Entry>,
  truth: Record<string, WcxbTruth>,
  docOf: (set: string, id: string) => ReturnType<typeof parseHtml>,
  preds: Map<BenchPage['set'], Record<string, Pred>>,
): void {
  type Row = Record<'printed' | 'declared', Array<{ id: string; split: Split }>> & { n: Record<Split, number> };
  type KindRow = Record<'printed' | 'declared', [number, number]>;
  const seen: Record<string, Row> = {};
  const kinds: Record<string, Map<string, KindRow>> = {};
  for (const page of pages) {
    const want = page.set === 'metadata-dev' ? expected[page.id]?.expected.headline : truth[page.id]?.title;
    if (typeof want !== 'string' || !want) continue;
    const split = page.set === 'metadata-dev' ? splitOf(siteOf(page.url)) : truth[page.id]!.split;
    const row = (seen[page.set] ??= { printed: [], declared: [], n: { tune: 0, check: 0 } });
    row.n[split]++;
    const c = headlineChoice(docOf(page.set, page.id), page, want);
    if (!c) continue;
    row[c.convention].push({ id: page.id, split });
    const got = preds.get(page.set)?.[page.id]?.content_title;
    const fold = page.set === 'metadata-dev';
    const right = !!got && titleForms(got).some((f) => text(f, fold) === text(want, fold));
    const byKind = (kinds[page.set] ??= new Map());
    const k = byKind.get(c.kind) ?? { printed: [0, 0], declared: [0, 0] };
    k[c.convention][0] += right ? 1 : 0;
    k[c.convention][1]++;
    byKind.set(c.kind, k);
  }
  console.log('\nHeadline where the page prints an <h1> telling the same story as a different declared title');
  console.log(
    '(the cleaners\' title ruling: "the visible <h1> ... when it tells the same story as a declared title").',
  );
  console.log('Strict ceiling: every such page answered with its <h1>, everything else right.\n');
  console.log(
    '| set | split | headlines | expects the printed <h1> | expects the declared title | strict ceiling | examples |',
  );
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const [set, row] of Object.entries(seen))
    for (const split of ['all', 'tune', 'check'] as const) {
      const n = split === 'all' ? row.n.tune + row.n.check : row.n[split];
      const of = (xs: Array<{ id: string; split: Split }>) => xs.filter((x) => split === 'all' || x.split === split);
      const ex =
        split === 'all'
          ? `${of(row.printed)
              .slice(0, 3)
              .map((x) => x.id)
              .join(', ')}; ${of(row.declared)
              .slice(0, 3)
              .map((x) => x.id)
              .join(', ')}`
          : '';
      console.log(
        `| ${set} | ${split} | ${n} | ${of(row.printed).length} | ${of(row.declared).length} | ` +
          `${pct(n - of(row.declared).length, n)} | ${ex} |`,
      );
    }
  console.log('\nThe same pages by how the <h1> and the declared title differ (we answer as the set expects / pages).');
  console.log('A rule that answers by the row alone is right on at most the larger side of it.\n');
  console.log('| set | how they differ | expects the printed <h1> | expects the declared title | best by this row |');
  console.log('|---|---|---:|---:|---:|');
  for (const [set, byKind] of Object.entries(kinds)) {
    let best = 0;
    let all = 0;
    for (const kind of HEADLINE_KINDS) {
      const k = byKind.get(kind);
      if (!k) continue;
      best += Math.max(k.printed[1], k.declared[1]);
      all += k.printed[1] + k.declared[1];
      console.log(
        `| ${set} | ${kind} | ${k.printed[0]} / ${k.printed[1]} | ${k.declared[0]} / ${k.declared[1]} | ` +
          `${Math.max(k.printed[1], k.declared[1])} |`,
      );
    }
    console.log(`| ${set} | all | | | ${best} of ${all} |`);
  }
}

function short(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return (s ?? 'null').replace(/\|/g, '/').slice(0, 60);
}

await main();
