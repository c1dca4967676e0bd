// What the dumps of bench/*-candidates.ts share: the content profile's readings run as
// extractContent runs them (the rules alone), and the dumps' command line.
import { resolve } from 'node:path';
import { parseHtml } from '../../src/parse/parse-html.js';
import { ContentContext } from '../../src/extract/content/context.js';
import { READINGS } from '../../src/extract/content/readings/readings.js';
import { NOTHING, type Attempt } from '../../src/extract/content/readings/attempt.js';
import { runReading } from '../../src/extract/content/readings/reading.js';

/** The page's context, the attempt the rules chose and the name of the reading that read it.
 *  `explaining` makes the readings note each block's element (found.log.origins). */
export function rulesAnswer(
  html: string,
  finalUrl: string,
  explaining = false,
): { ctx: ContentContext; found: Attempt; reading: string } {
  const ctx = new ContentContext(parseHtml(html), finalUrl, explaining);
  let found = NOTHING;
  for (const r of READINGS) found = runReading(ctx, r, found);
  return { ctx, found, reading: ctx.outcomes.find((o) => o.attempt === found)?.reading ?? 'nothing' };
}

/** `--out=FILE` (else bench/out/<name>.jsonl) and `--limit=N` (pages of each set). */
export function dumpArgs(name: string): { out: string; limit: number } {
  const outArg = process.argv.find((a) => a.startsWith('--out='))?.slice(6);
  const limitArg = process.argv.find((a) => a.startsWith('--limit='))?.slice(8);
  return { out: resolve(outArg ?? `bench/out/${name}.jsonl`), limit: limitArg ? Number(limitArg) : Infinity };
}
