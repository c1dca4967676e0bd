// bench:hostile's report: the honest callers' figures per row against the quiet phases pooled,
// the memory breakdowns, and the verdict on issue 31's goals.
import type { Attack } from './hostile-attacks.js';
import { fmt, type HonestFigures } from './hostile-traffic.js';
import { BREAKDOWN_HEADER, BREAKDOWN_RULE } from './memory-breakdown.js';
import { percentile } from './stats.js';

/** One row's measurement. */
export interface RowResult {
  attack: Attack;
  quiet: HonestFigures;
  loud: HonestFigures;
  /** The table's columns after the ratios. */
  rest: string;
  /** The service tree's peak RSS under the attack (MiB). */
  peak: number;
  /** The memory breakdown at the highest sample, as a table line. */
  breakdown: string | null;
  /** No honest error and the peak within the bound. */
  fine: boolean;
}

/** Prints the table; `breakdowns` are the lines read before the rows (after warm-up). */
export function printReport(results: RowResult[], breakdowns: string[], maxRssMiB: number): void {
  // The quiet phases are the same honest load, so their calls are pooled: a phase has only
  // SECONDS x 8 calls, and its own p99 is then its slowest call or two, which one noisy call
  // decides. Each row is measured against the pooled quiet figures, its own beside them.
  const pooled = results.flatMap((r) => r.quiet.latencies).sort((a, b) => a - b);
  const quietP95 = percentile(pooled, 0.95);
  const quietP99 = percentile(pooled, 0.99);
  let verdict = true;
  console.log(
    `honest quiet, all quiet phases pooled (${pooled.length} calls): p50 ${fmt(percentile(pooled, 0.5))} ms, ` +
      `p95 ${fmt(quietP95)} ms, p99 ${fmt(quietP99)} ms\n`,
  );
  console.log(
    '| row | the hostile caller sends | honest p95 / p99 quiet, this phase ms | honest p95 under attack ms | ' +
      'honest p99 under attack ms | ratio p95 | ratio p99 | honest calls | honest errors | ' +
      'hostile calls answered (by outcome) | peak RSS MiB | threads started / ended under attack | ' +
      'worker ends under attack by reason (/metrics) | ' +
      'CPU s under attack: main thread | worker threads | ' +
      'other threads (V8 GC and compilers, libuv) | child processes (PDF, large pages) | ' +
      'longest event-loop delay under attack ms | attacked site under attack: pages of the row/s / body MiB/s | ' +
      'peak body memory held under attack MiB (/metrics) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const ratio = r.loud.p99 / quietP99;
    verdict &&= r.fine && ratio <= 2;
    console.log(
      `| ${r.attack.row} | ${r.attack.what} | ${fmt(r.quiet.p95)} / ${fmt(r.quiet.p99)} | ${fmt(r.loud.p95)} | ` +
        `${fmt(r.loud.p99)} | ${(r.loud.p95 / quietP95).toFixed(2)} | ${ratio.toFixed(2)} | ${r.rest}`,
    );
  }
  console.log(
    '\nWhere the memory was at the highest sample of each row that the breakdown was read at (MiB; ' +
      'smaps of the service process, /metrics for V8; worker heaps are as last reported):',
  );
  // A row that renders counts the browser's processes, which the bound is not for.
  const peak = Math.max(0, ...results.filter((r) => !r.attack.browser).map((r) => r.peak));
  console.log(BREAKDOWN_HEADER);
  console.log(BREAKDOWN_RULE);
  for (const line of [...breakdowns, ...results.flatMap((r) => (r.breakdown ? [r.breakdown] : []))]) console.log(line);
  console.log(
    '\ngoals: honest p99 under attack <= 2x the pooled quiet p99, 0 honest errors, ' +
      `peak RSS <= ${maxRssMiB.toFixed(1)} MiB (400 MB): ` +
      `${verdict ? 'met' : 'NOT met'} (peak RSS over all attacks without the browser ${fmt(peak)} MiB)`,
  );
}
