// `urlkit <tool> --input FILE|-`: any number of URLs, one a line, run as calls within the limits
// of one HTTP call (a batch tool gets up to its maxItems URLs per call, one call at a time; a
// one-URL tool gets as many calls at once as a batch runs items: chunk size x chunk
// concurrency). Each item is written to stdout as one NDJSON line as soon as it is done, then a
// last line with the counts, exactly as the HTTP API's NDJSON answer (src/http/ndjson-answer.ts).
import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { itemError } from '../errors/codes.js';
import { invokeTool } from '../tools/invoke.js';
import type { Services, Tool, ToolItem } from '../tools/types.js';
import type { RequestValidator } from '../tools/validation.js';
import type { NdjsonCounts } from '../http/ndjson-answer.js';

export interface InputRun {
  tool: Tool<unknown>;
  /** Tool fields from the command line (validated with a URL before the run). */
  fields: Record<string, unknown>;
  validator: RequestValidator;
  config: Config;
  services: Services;
  logger: Logger;
  correlationId: string;
  /** Stops reading new URLs; calls in flight end with their unfinished items as timeouts. */
  signal: AbortSignal;
  out: Writable;
  /** Told when URLs are read and items are done (the progress bar). */
  progress?: { read(total: number): void; done(counts: NdjsonCounts): void };
}

/** Non-blank lines of a file (or stdin for "-"), trimmed, each once, in order. */
export function urlLines(source: string): AsyncIterator<string> {
  const input: Readable = source === '-' ? process.stdin : fs.createReadStream(source);
  const lines = readline.createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  return {
    async next() {
      for (;;) {
        const step = await lines.next();
        if (step.done) return step;
        const url = step.value.trim();
        if (url !== '') return { done: false, value: url };
      }
    },
  };
}

/** How many URLs a file holds (for the progress bar's total); undefined for stdin. */
export async function countUrlLines(source: string): Promise<number | undefined> {
  if (source === '-') return undefined;
  let n = 0;
  const lines = urlLines(source);
  while (!(await lines.next()).done) n++;
  return n;
}

function maxItemsOf(tool: Tool<unknown>): number | undefined {
  const items = (tool.inputSchema.properties as Record<string, { maxItems?: number }> | undefined)?.items;
  return items ? (items.maxItems ?? 1) : undefined;
}

export async function runInput(run: InputRun, urls: AsyncIterator<string>): Promise<NdjsonCounts> {
  const { tool, fields, validator, config, out, signal } = run;
  const counts: NdjsonCounts = { items: 0, ok: 0, failed: 0 };
  const write = (line: object) =>
    new Promise<void>((resolve, reject) => {
      // Waits for stdout to take the line: a slow reader slows the reading of URLs, not memory.
      out.write(`${JSON.stringify(line)}\n`, (err) => (err ? reject(err) : resolve()));
    });
  const pending = new Set<Promise<void>>();
  const emit = (index: number, item: ToolItem) => {
    counts.items++;
    if (item.meta?.error) counts.failed++;
    else counts.ok++;
    run.progress?.done(counts);
    const written = write({ index, data: item.data, meta: item.meta });
    pending.add(written);
    void written.finally(() => pending.delete(written));
  };

  // One URL the schema refuses (empty, too long) is that item's invalid_url, not the whole call's.
  const acceptable = (url: string) => validator.validate(tool.name, { ...fields, url }).ok;
  const refused = (url: string) =>
    tool.failedItem?.(url, itemError('invalid_url')) ?? { data: null, meta: { url, error: itemError('invalid_url') } };

  let read = 0;
  let pulling = Promise.resolve();
  /** Up to n more URLs with their indexes; serialised so that lanes never interleave lines. */
  const take = (n: number) => {
    const taken = pulling.then(async () => {
      const got: Array<{ index: number; url: string }> = [];
      while (got.length < n && !signal.aborted) {
        const step = await urls.next();
        if (step.done) break;
        got.push({ index: read++, url: step.value });
      }
      run.progress?.read(read);
      return got;
    });
    pulling = taken.then(() => undefined);
    return taken;
  };

  const call = async (batch: Array<{ index: number; url: string }>) => {
    const ok = batch.filter((b) => acceptable(b.url));
    for (const b of batch) if (!ok.includes(b)) emit(b.index, refused(b.url));
    if (ok.length === 0) return;
    const input = maxItems === undefined ? { ...fields, url: ok[0]!.url } : { ...fields, items: ok.map((b) => b.url) };
    const checked = validator.validate<Record<string, unknown>>(tool.name, input);
    if (!checked.ok) throw new Error(`a call built from the input was refused: ${checked.message}`);
    await invokeTool(tool, checked.value, {
      config,
      services: run.services,
      logger: run.logger,
      correlationId: run.correlationId,
      timeoutMs: config.requestTimeoutMs,
      signal,
      onItem: (i, item) => emit(ok[i]!.index, item),
    });
    await Promise.all(pending);
  };

  const maxItems = maxItemsOf(tool);
  const lanes = maxItems === undefined ? Math.max(1, config.batchChunkSize * config.batchConcurrency) : 1;
  const perCall = maxItems ?? 1;
  const lane = async () => {
    for (let batch = await take(perCall); batch.length > 0; batch = await take(perCall)) await call(batch);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  await Promise.all(pending);
  await write({ correlation_id: run.correlationId, counts });
  return counts;
}
