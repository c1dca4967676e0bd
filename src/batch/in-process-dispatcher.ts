// Runs chunks in this process. Each chunk gets its own deadline and abort signal, so a
// stuck or crashed chunk fails alone while the others finish. Handlers are registered by
// name and jobs are plain data, so a queue-backed dispatcher can replace this one later.
import { setMaxListeners } from 'node:events';
import { WorkerCrashed } from '../workers/pool.js';
import { ChunkFailed, chunkResults } from './chunk-failed.js';
import type { ChunkDispatcher, ChunkHandler, ChunkJob, ItemReport } from './types.js';

/**
 * How long a stopped chunk's handler may take to report the items it was working on (a fetch
 * that had its headers still knows its status) before the chunk fails without them. Well
 * under the tool's own grace (tools/invoke.ts ABORT_GRACE_MS).
 */
export const STOP_REPORT_GRACE_MS = 400;

export function createInProcessDispatcher(): ChunkDispatcher {
  const handlers = new Map<string, ChunkHandler<unknown, unknown, unknown>>();
  const running = new Set<AbortController>();

  return {
    register(name, handler) {
      if (handlers.has(name)) throw new Error(`chunk handler "${name}" is already registered`);
      handlers.set(name, handler as ChunkHandler<unknown, unknown, unknown>);
    },

    async runChunk<Item, Options, Result>(
      job: ChunkJob<Item, Options>,
      signal: AbortSignal,
      report?: ItemReport<Result>,
    ): Promise<Result[]> {
      const handler = handlers.get(job.handler) as ChunkHandler<Item, Options, Result> | undefined;
      if (!handler) throw new ChunkFailed('no_handler', job.index, `No chunk handler named "${job.handler}".`);
      if (signal.aborted)
        throw new ChunkFailed('aborted', job.index, 'The request was aborted before this chunk ran.', {
          cause: signal.reason,
        });

      const controller = new AbortController();
      // Every item of the chunk (fetch, worker slot, worker task) listens to this one signal.
      setMaxListeners(0, controller.signal);
      running.add(controller);
      const remaining = job.deadline - Date.now();
      const timer = setTimeout(
        () => controller.abort(new ChunkFailed('deadline', job.index, `Chunk ${job.index} passed its deadline.`)),
        Math.max(0, remaining),
      );
      const onOuterAbort = () =>
        controller.abort(new ChunkFailed('aborted', job.index, 'The request was aborted.', { cause: signal.reason }));
      signal.addEventListener('abort', onOuterAbort, { once: true });
      try {
        const work = handler(job, controller.signal, report);
        // The deadline wins even over a handler that ignores its signal, after a short grace
        // for the reports of items that stop cleanly.
        work.catch(() => {});
        const results = await Promise.race([work, rejectOnAbort(controller.signal, STOP_REPORT_GRACE_MS)]);
        return chunkResults<Result>(results, job.index, job.items.length);
      } catch (err) {
        if (err instanceof ChunkFailed) throw err;
        if (controller.signal.aborted && controller.signal.reason instanceof ChunkFailed)
          throw controller.signal.reason;
        if (err instanceof WorkerCrashed)
          throw new ChunkFailed('worker_died', job.index, `Chunk ${job.index}: ${err.message}`, { cause: err });
        throw new ChunkFailed(
          'handler_threw',
          job.index,
          `Chunk ${job.index} failed: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onOuterAbort);
        running.delete(controller);
      }
    },

    close() {
      for (const c of running) c.abort(new Error('dispatcher closed'));
      running.clear();
      return Promise.resolve();
    },
  };
}

function rejectOnAbort(signal: AbortSignal, graceMs: number): Promise<never> {
  return new Promise((_, reject) => {
    // The reasons are ours (ChunkFailed) or the caller's abort reason, passed on as they are.
    const later = () => setTimeout(() => reject(signal.reason as Error), graceMs);
    if (signal.aborted) later();
    else signal.addEventListener('abort', later, { once: true });
  });
}
