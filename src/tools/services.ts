// The long-lived pieces a tool call uses, built once per process from the config and shared
// by the HTTP app and the CLI.
import type { Config } from '../config/config.js';
import type { ChunkDispatcher } from '../batch/types.js';
import { createInProcessDispatcher } from '../batch/in-process-dispatcher.js';
import type { FetchObserver, Fetcher } from '../fetch/types.js';
import { createFetcher } from '../fetch/fetch-page.js';
import { WorkerPool } from '../workers/pool.js';
import { METADATA_HANDLER, createMetadataChunkHandler } from './metadata/chunk-handler.js';

export interface Services {
  fetcher: Fetcher;
  pool: WorkerPool;
  dispatcher: ChunkDispatcher;
  close(): Promise<void>;
}

export function createServices(config: Config, observer?: FetchObserver): Services {
  const fetcher = createFetcher(config, observer);
  const pool = new WorkerPool(config);
  const dispatcher = createInProcessDispatcher(config, pool);
  // Chunk handlers are registered by name, so a queue-backed dispatcher's workers can do the same.
  dispatcher.register(METADATA_HANDLER, createMetadataChunkHandler({ fetcher, pool, pdfLimits: { maxPdfPages: config.maxPdfPages, maxPdfBytes: config.maxPdfBytes } }));
  return {
    fetcher,
    pool,
    dispatcher,
    async close() {
      await Promise.allSettled([fetcher.close(), pool.close(), dispatcher.close()]);
    },
  };
}
