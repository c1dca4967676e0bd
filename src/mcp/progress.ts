// Progress for batch tools without teaching the tools about MCP: a tool runs its batch through
// services.dispatcher, chunk by chunk, so a dispatcher that counts the items of each chunk as
// it settles (results or a chunk failure, both final for those URLs) measures the call's
// progress. The wrapper is per call; it delegates everything else to the shared dispatcher and
// never closes it.
import type { ChunkDispatcher } from '../batch/types.js';
import type { Services } from '../app/services.js';

export type ProgressReport = (done: number, total: number) => void;

export function servicesWithProgress(services: Services, total: number, report: ProgressReport): Services {
  let done = 0;
  const inner = services.dispatcher;
  const dispatcher: ChunkDispatcher = {
    register: (name, handler) => inner.register(name, handler),
    async runChunk(job, signal, itemReport) {
      try {
        // The per-item reports go on to runBatch: a chunk stopped part-way keeps what finished.
        return await inner.runChunk(job, signal, itemReport);
      } finally {
        done = Math.min(total, done + job.items.length);
        report(done, total);
      }
    },
    close: async () => {},
  };
  return { ...services, dispatcher, close: async () => {} };
}
