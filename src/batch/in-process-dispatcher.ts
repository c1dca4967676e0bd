// Runs chunks in this process. Each chunk gets its own deadline and abort signal, so a
// stuck or crashed chunk fails alone while the others finish. Handlers are registered by
// name and jobs are plain data, so a queue-backed dispatcher can replace this one later.
import { setMaxListeners } from 'node:events';
import { WorkerCrashed } from '../workers/pool.js';
import { ChunkFailed } from './chunk-failed.js';
import type { ChunkDispatcher, ChunkHandler, ChunkJob } from './types.js';

export function createInProcessDispatcher(): ChunkDispatcher {
  const handlers = new Map<string, ChunkHandler<unknown, unknown, unknown>>();
  const running = new Set<AbortController>();

  return {
    register(name, handler) {
      if (handlers.has(name)) throw new Error(`chunk handler "${name}" is already registered`);
      handlers.set(name, handler as ChunkHandler<unknown, unknown, unknown>);
    },

    async runChunk<Item, Options, Result>(job: ChunkJob<Item, Options>, signal: AbortSignal): Promise<Result[]> {
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
        const work = handler(job, controller.signal);
        // The deadline wins even over a handler that ignores its signal.
        work.catch(() => {});
        const results = await Promise.race([work, rejectOnAbort(controller.signal)]);
        if (!Array.isArray(results) || results.length !== job.items.length) {
          throw new ChunkFailed(
            'bad_result',
            job.index,
            `Chunk ${job.index} returned ${Array.isArray(results) ? results.length : 'no'} results ` +
              `for ${job.items.length} items.`,
          );
        }
        return results;
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

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    // The reasons are ours (ChunkFailed) or the caller's abort reason, passed on as they are.
    const fail = () => reject(signal.reason as Error);
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}
