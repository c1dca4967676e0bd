// The progress of `--input` runs on stderr (cli-progress): items done of URLs read (of the
// file's total when known), how many failed, and the rate. Only drawn on a terminal: a script
// reading stderr gets nothing extra.
import cliProgress from 'cli-progress';
import type { NdjsonCounts } from '../http/ndjson-answer.js';

export interface ProgressView {
  read(total: number): void;
  done(counts: NdjsonCounts): void;
  stop(): void;
}

export function progressBar(stream: NodeJS.WriteStream, knownTotal: number | undefined): ProgressView | undefined {
  if (!stream.isTTY) return undefined;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{bar} {value}/{total} | {ok} ok, {failed} failed | {rate}/s | {duration_formatted}',
      hideCursor: true,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let total = knownTotal ?? 0;
  bar.start(total, 0, { ok: 0, failed: 0, rate: '0.0' });
  return {
    read(n) {
      // Reading stdin, the total is what has been read so far.
      if (knownTotal === undefined && n > total) bar.setTotal((total = n));
    },
    done(counts) {
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      bar.update(counts.items, { ok: counts.ok, failed: counts.failed, rate: (counts.items / seconds).toFixed(1) });
    },
    stop: () => bar.stop(),
  };
}
