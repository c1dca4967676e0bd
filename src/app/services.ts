// The long-lived pieces a tool call uses, built once per process from the config and shared
// by the HTTP app and the CLI.
import { pino, type Logger } from 'pino';
import { Registry } from 'prom-client';
import type { Config } from '../config/config.js';
import type { ChunkDispatcher } from '../batch/types.js';
import { createInProcessDispatcher } from '../batch/in-process-dispatcher.js';
import { createQueueDispatcher, type QueueDispatcher } from '../batch/queue-dispatcher.js';
import type { FetchObserver } from '../fetch/types.js';
import { createFetcher } from '../fetch/fetch-page.js';
import { createCachingFetcher } from '../cache/cached-fetch.js';
import { RobotsCheck, robotsCheckedCachingFetcher, robotsCheckedFetcher } from '../robots/robots-check.js';
import type { FetchCache } from '../cache/cache.js';
import { createMemoryCache } from '../cache/memory-cache.js';
import { createRedisCache } from '../cache/redis-cache.js';
import { createScaleMetrics } from '../metrics/queue-metrics.js';
import { WorkerPool } from '../workers/pool.js';
import { BrowserPool } from '../browser/browser-pool.js';
import { sharesFromConfig } from '../admission/run-as-caller.js';
import { ItemGate } from '../batch/item-gate.js';
import { METADATA_HANDLER, createMetadataChunkHandler } from '../tools/metadata/chunk-handler.js';
import { CLEAN_HANDLER, STATUS_HANDLER, createCleanHandler, createStatusHandler } from '../tools/queue-handlers.js';
import type { Services } from '../tools/types.js';
import { ABORT_GRACE_MS } from '../tools/invoke.js';

export type { Services };

export interface ServicesOptions {
  /** Where the scale-out and cache metrics go (the app's registry). */
  registry?: Registry;
  /**
   * local: everything in process, no Redis (the CLI); api/worker/all: as URLKIT_ROLE, used
   * only with URLKIT_REDIS_URL. @default config.role with Redis, else local
   */
  role?: 'local' | 'api' | 'worker' | 'all';
  logger?: Logger;
}

export function createServices(config: Config, observer?: FetchObserver, options: ServicesOptions = {}): Services {
  const role = config.redisUrl ? (options.role ?? config.role) : 'local';
  const logger =
    options.logger ?? pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel }, pino.destination(2));
  const scale = createScaleMetrics(options.registry ?? new Registry());
  // The egress policy tells callers little (no resolved address, no hint whether an internal name
  // exists); the operator's log gets every address and verdict.
  const unchecked = createFetcher(config, {
    onOutcome: (outcome) => observer?.onOutcome(outcome),
    onEgressDenied: (denial) => {
      observer?.onEgressDenied?.(denial);
      logger.warn({ egress_denied: denial }, 'egress policy refused a host');
    },
    onCauseWithheld: ({ cause, ...failure }) => {
      observer?.onCauseWithheld?.({ cause, ...failure });
      logger.warn({ fetch_failure: failure, err: cause }, 'fetch failed; the caller was told less');
    },
  });
  let cache: FetchCache | null = null;
  if (config.cacheMaxBytes > 0)
    cache =
      role !== 'local'
        ? createRedisCache(config.redisUrl!, config.cacheMaxBytes, (err) =>
            logger.debug({ err: err.message }, 'cache redis error'),
          )
        : createMemoryCache(config.cacheMaxBytes);
  // respect_robots is applied in front of both fetchers (so in front of the cache too); robots.txt
  // itself is fetched (and cached) without the check.
  const uncheckedCaching = createCachingFetcher(unchecked, cache, scale.cache);
  const robots = new RobotsCheck(uncheckedCaching, config.userAgent);
  const fetcher = robotsCheckedFetcher(unchecked, robots);
  const cachingFetcher = robotsCheckedCachingFetcher(uncheckedCaching, robots);
  const pool = new WorkerPool(config);
  const shares = sharesFromConfig(config);
  const local = createInProcessDispatcher();
  const queue: QueueDispatcher | null =
    role === 'local' ? null : createQueueDispatcher({ config, local, role, logger, observer: scale.queue, shares });
  if (queue) scale.setQueueDepthSource(() => queue.depth());
  const dispatcher: ChunkDispatcher = queue ?? local;
  // Cheap to build: the browser starts (and playwright-core loads) on the first render.
  const browser = config.browserPath ? new BrowserPool(config, fetcher) : undefined;

  const services: Services = {
    fetcher,
    cachingFetcher,
    pool,
    dispatcher,
    shares,
    browser,
    ready: () => (queue ? queue.ready() : true),
    start: async () => {
      await queue?.start();
    },
    // A stopped job has a tool's time to answer (invoke.ts).
    drainJobs: async (graceMs) => {
      await queue?.drainJobs(graceMs, ABORT_GRACE_MS);
    },
    async close() {
      // The browser first: its pages' requests go through the fetcher.
      await browser?.close();
      await Promise.allSettled([fetcher.close(), pool.close(), dispatcher.close(), cache?.close()]);
    },
  };
  // Chunk handlers are registered by name, so queue workers on other machines run the same ones.
  local.register(
    METADATA_HANDLER,
    createMetadataChunkHandler(
      {
        fetcher,
        pool,
        cachingFetcher,
        pdfLimits: { maxPdfPages: config.maxPdfPages, maxPdfBytes: config.maxPdfBytes },
      },
      // A caller's items of one host: as many as the host's slots fetch at once, and as many
      // again being read in the workers, so fetching and reading overlap.
      new ItemGate(2 * Math.max(1, config.perHostConcurrency)),
    ),
  );
  local.register(CLEAN_HANDLER, createCleanHandler(config, services, logger));
  local.register(STATUS_HANDLER, createStatusHandler(services));
  return services;
}
