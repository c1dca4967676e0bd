// npm run bench:scanners: times every scanner that reads a target's bytes on the main thread on
// the hostile inputs of test/support/scanner-inputs.ts (the test checks their answers; this only
// times them). For each: milliseconds per MiB of input at 1 and 5 MiB (flat when the scanner is
// linear), and, where the code this replaced is kept (bench/legacy-scanners.ts), the old and new
// times on the same smaller inputs, run interleaved, up to the size where the old code still ends
// in a bounded time. The anti-bot scan reads at most BOT_SCAN_BYTES of a body whatever its size.
import { performance } from 'node:perf_hooks';
import { BOT_SCAN_BYTES, CHALLENGE_MAX_TEXT_CHARS, detectBotProtection } from '../src/fetch/bot-protection.js';
import { readableTextExceeds } from '../src/fetch/readable-text-floor.js';
import { scannerCases, type ScannerCase } from '../test/support/scanner-inputs.js';
import { legacyRunsScripts, legacyScanMarkup } from './legacy-scanners.js';
import { upperMedian } from './stats.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const REPS = Number(process.env.BENCH_REPS ?? 5);
/** Sizes the old code is timed at, smallest first, while one run stays under OLD_BUDGET_MS. */
const OLD_SIZES = [16 * KiB, 32 * KiB, 96 * KiB];
const OLD_BUDGET_MS = Number(process.env.BENCH_OLD_BUDGET_MS ?? 2000);

type Run = (input: Buffer | string) => unknown;

/** The code each scanner replaced, on the same input, or null when it did not change. */
function legacyOf(c: ScannerCase): Run | null {
  const text = (x: Buffer | string) => (typeof x === 'string' ? x : x.toString('utf8'));
  if (c.scanner.startsWith('anti-bot markup scan')) return (x) => legacyScanMarkup(text(x));
  if (c.scanner.startsWith('browser script test')) return (x) => legacyRunsScripts(text(x));
  if (c.scanner.startsWith('anti-bot scan')) {
    // The old detector's body path: the same text floor, then the regular expressions.
    return (x) => {
      const bytes = (typeof x === 'string' ? Buffer.from(x) : x).subarray(0, BOT_SCAN_BYTES);
      if (readableTextExceeds(bytes, 2 * CHALLENGE_MAX_TEXT_CHARS)) return 'content';
      return legacyScanMarkup(bytes.toString('utf8'));
    };
  }
  return null;
}

function timeOnce(run: Run, input: Buffer | string): number {
  const t = performance.now();
  run(input);
  return performance.now() - t;
}

/** Median ms of `reps` runs after one warm-up. */
function timeNew(run: Run, input: Buffer | string, reps = REPS): number {
  run(input);
  return upperMedian(Array.from({ length: reps }, () => timeOnce(run, input)));
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const perMiB = (ms: number, bytes: number) => fmt((ms * MiB) / bytes);

interface Row {
  scanner: string;
  input: string;
  at1: string;
  at5: string;
  compare: string;
}

const rows: Row[] = [];
for (const c of scannerCases()) {
  const one = c.make(MiB);
  const five = c.make(5 * MiB);
  const t1 = timeNew(c.run, one);
  const t5 = timeNew(c.run, five, 3);
  const legacy = legacyOf(c);
  const compare: string[] = [];
  if (legacy) {
    for (const size of OLD_SIZES) {
      const input = c.make(size);
      // Interleaved: new, old, new, so machine noise falls on both.
      const before = timeNew(c.run, input, 1);
      const old = timeOnce(legacy, input);
      const after = timeNew(c.run, input, 1);
      compare.push(`${size / KiB} KiB: old ${fmt(old)} ms, new ${fmt(Math.min(before, after))} ms`);
      if (old > OLD_BUDGET_MS) break;
    }
  }
  rows.push({
    scanner: c.scanner,
    input: c.input,
    at1: perMiB(t1, MiB),
    at5: perMiB(t5, 5 * MiB),
    compare: compare.join('; ') || '(no older code kept)',
  });
  process.stderr.write('.');
}
process.stderr.write('\n');

console.log(
  `bench:scanners (node ${process.version}, median of ${REPS} runs; ` +
    `the anti-bot scan reads ${BOT_SCAN_BYTES / KiB} KiB at most)`,
);
console.log('');
console.log('| scanner | input | ms/MiB at 1 MiB | ms/MiB at 5 MiB | old vs new on the same input |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.scanner} | ${r.input} | ${r.at1} | ${r.at5} | ${r.compare} |`);
// A challenge page is still recognised: a sanity line, so a fast but blind scanner shows up here.
const hit = detectBotProtection({
  status: 403,
  headers: {},
  body: '<html><title>Just a moment...</title><script>window._cf_chl_opt={}</script></html>',
});
console.log('');
console.log(`sanity: a Cloudflare challenge page is ${hit ? `recognised (${hit.signal})` : 'NOT recognised'}`);
