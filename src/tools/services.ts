// The long-lived pieces a tool call uses, built once per process from the config and shared
// by the HTTP app and the CLI.
import type { Config } from '../config/config.js';
import type { ChunkDispatcher } from '../batch/types.js';
import { createInProcessDispatcher } from '../batch/in-process-dispatcher.js';
import type { FetchObserver, Fetcher } from '../fetch/types.js';
import { createFetcher } from '../fetch/fetch-page.js';
import { WorkerPool } from '../workers/pool.js';
import { BrowserPool } from '../browser/browser-pool.js';
import { METADATA_HANDLER, createMetadataChunkHandler } from './metadata/chunk-handler.js';

export interface Services {
  fetcher: Fetcher;
  pool: WorkerPool;
  dispatcher: ChunkDispatcher;
  /** Renders script-built pages for clean_web_index; present only when URLKIT_BROWSER is set. */
  browser?: BrowserPool;
  close(): Promise<void>;
}

export function createServices(config: Config, observer?: FetchObserver): Services {
  const fetcher = createFetcher(config, observer);
  const pool = new WorkerPool(config);
  const dispatcher = createInProcessDispatcher(config, pool);
  // Chunk handlers are registered by name, so a queue-backed dispatcher's workers can do the same.
  dispatcher.register(METADATA_HANDLER, createMetadataChunkHandler({ fetcher, pool, pdfLimits: { maxPdfPages: config.maxPdfPages, maxPdfBytes: config.maxPdfBytes } }));
  // Cheap to build: the browser starts (and playwright-core loads) on the first render.
  const browser = config.browserPath ? new BrowserPool(config, fetcher) : undefined;
  return {
    fetcher,
    pool,
    dispatcher,
    browser,
    async close() {
      // The browser first: its pages' requests go through the fetcher.
      await browser?.close();
      await Promise.allSettled([fetcher.close(), pool.close(), dispatcher.close()]);
    },
  };
}
