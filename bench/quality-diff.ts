// npm run bench:quality-diff -- A.json B.json [--top=N]: two runs saved by bench:quality-pages
// compared (quality-run-diff.ts): per set, page type and split (whole, tune, check), the figure
// in each run and the change, how many answers changed, and the N pages (default 30) whose F1
// moved most, with their site, type and split. Reads the files only; runs neither build.
import { formatDiff, diffRuns } from './quality-run-diff.js';
import { readRun } from './quality-runs.js';

function main(): void {
  const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const topArg = process.argv.find((a) => a.startsWith('--top='))?.slice(6);
  const top = topArg === undefined ? 30 : Number(topArg);
  if (files.length !== 2 || !Number.isInteger(top) || top < 0) {
    console.error('usage: quality-diff.js A.json B.json [--top=N]  (files from bench:quality-pages)');
    process.exitCode = 2;
    return;
  }
  const [fileA, fileB] = files as [string, string];
  try {
    const a = readRun(fileA);
    const b = readRun(fileB);
    const name = (file: string, run: typeof a): string =>
      `${file} (${run.build}${run.commit ? ` at ${run.commit}` : ''}, ${run.pages.length} pages)`;
    console.log(formatDiff(diffRuns(a, b), top, { a: name(fileA, a), b: name(fileB, b) }).join('\n'));
  } catch (err) {
    console.error(`quality-diff: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}

main();
