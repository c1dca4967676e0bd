// A batch: items -> chunks -> dispatcher, at most `concurrency` chunks at once, results back
// in request order. A chunk that fails as a unit becomes one failure result per item it had
// not already reported (nothing finished is thrown away); the other chunks are untouched.
// Each chunk's deadline starts when that chunk starts, so a chunk that waited its turn still
// gets its full budget.
import { setMaxListeners } from 'node:events';
import type { MemoryBudget } from '../admission/memory-budget.js';
import { ChunkFailed } from './chunk-failed.js';
import { HeldResults, type AfterAnswer } from './held-results.js';
import { mapWithConcurrency, splitIntoChunks } from './chunking.js';
import type { ChunkDispatcher } from './types.js';

export interface BatchRequest<Item, Options, Result> {
  handler: string;
  items: readonly Item[];
  options: Options;
  chunkSize: number;
  concurrency: number;
  /** Budget of one chunk, from its start (ms). */
  chunkTimeoutMs: number;
  /**
   * The items' own timeout (ms), from their chunk's start: a chunk whose items could not start
   * within it (it waited for a worker) fails as item_timeout. Absent: bounded by chunkTimeoutMs only.
   */
  itemTimeoutMs?: number;
  signal: AbortSignal;
  /** The result to report for an item of a chunk that failed as a unit. */
  onChunkFailed(item: Item, failure: ChunkFailed): Result;
  /**
   * Each item's result as soon as it is known (index in `items`), exactly once per item: when
   * its chunk reports it, else when its chunk returns or fails. For answers sent as they come.
   */
  onResult?(index: number, result: Result): void;
  /**
   * The budget the results of running batches share (held-results.ts), the most one item's
   * result may hold, and when the answer made of them has been sent (until then they stay
   * counted; absent: the batch's end). Absent: results are not counted.
   */
  results?: { budget: MemoryBudget; itemBytes: number; answered?: AfterAnswer | undefined } | undefined;
}

export async function runBatch<Item, Options, Result>(
  dispatcher: ChunkDispatcher,
  req: BatchRequest<Item, Options, Result>,
): Promise<Result[]> {
  const chunks = splitIntoChunks(req.items, req.chunkSize);
  // One listener on the caller's signal, however many chunks listen to ours.
  const batch = new AbortController();
  setMaxListeners(0, batch.signal);
  const onAbort = () => batch.abort(req.signal.reason);
  if (req.signal.aborted) onAbort();
  else req.signal.addEventListener('abort', onAbort, { once: true });
  const held = req.results ? await HeldResults.open(req.results.budget, req.results.itemBytes) : null;
  try {
    const perChunk = await mapWithConcurrency(chunks, req.concurrency, async (items, index) => {
      // What the chunk's items reported before it failed (if it does) is kept; a report that
      // comes after the chunk settled (a handler still winding down) is not news any more.
      const reported = new Map<number, Result>();
      const offset = index * req.chunkSize;
      let settled = false;
      let reserved = false;
      const take = (i: number, result: Result) => {
        if (settled || reported.has(i)) return;
        reported.set(i, result);
        held?.took(result, reserved);
        req.onResult?.(offset + i, result);
      };
      const settle = (results: Result[]) => {
        results.forEach((result, i) => take(i, result));
        settled = true;
        return results;
      };
      try {
        if (batch.signal.aborted)
          throw new ChunkFailed('aborted', index, 'The request was aborted before this chunk ran.', {
            cause: batch.signal.reason,
          });
        // The items' clock starts now: a wait for room for their results counts against it.
        const now = Date.now();
        if (held) {
          await reserveRoom(held, items.length, index, batch.signal, now + (req.itemTimeoutMs ?? req.chunkTimeoutMs));
          reserved = true;
        }
        const job = {
          handler: req.handler,
          index,
          items,
          options: req.options,
          deadline: now + req.chunkTimeoutMs,
          ...(req.itemTimeoutMs !== undefined ? { startBy: now + req.itemTimeoutMs } : {}),
        };
        return settle(await dispatcher.runChunk<Item, Options, Result>(job, batch.signal, take));
      } catch (err) {
        const failure =
          err instanceof ChunkFailed ? err : new ChunkFailed('handler_threw', index, String(err), { cause: err });
        return settle(items.map((item, i) => (reported.has(i) ? reported.get(i)! : req.onChunkFailed(item, failure))));
      }
    });
    return perChunk.flat();
  } finally {
    held?.close(req.results?.answered);
    req.signal.removeEventListener('abort', onAbort);
  }
}

/** Room for a chunk's results by `until` (epoch ms), or its items answer timeout (results_held). */
async function reserveRoom(
  held: HeldResults,
  items: number,
  index: number,
  signal: AbortSignal,
  until: number,
): Promise<void> {
  try {
    await held.reserve(items, AbortSignal.any([signal, AbortSignal.timeout(Math.max(0, until - Date.now()))]));
  } catch (err) {
    if (signal.aborted)
      throw new ChunkFailed('aborted', index, 'The request was aborted before this chunk ran.', { cause: err });
    throw new ChunkFailed(
      'results_held',
      index,
      `Chunk ${index}: its items' timeout passed while its caller's batches (running, or their answers ` +
        'unread) held the result memory.',
      { cause: err },
    );
  }
}
