// Builds the process's Admission from the settings: the limit floats between a floor and
// URLKIT_MAX_IN_FLIGHT. The floor is two calls per worker thread (enough to keep every worker
// fed while others fetch) but at least 16: a call that waits on a slow remote site holds its
// slot without using a worker, and a floor at the worker count let a few slow sites starve the
// queue into 503s while the workers were busy with large pages (measured in bench:soak).
import { performance } from 'node:perf_hooks';
import type { Config } from '../config/config.js';
import { Admission, type AdmissionObserver, type CapacitySource } from './admission.js';
import { sharesFromConfig, type Shares } from './run-as-caller.js';

/** The lowest the adaptive limit goes, whatever the worker count. */
export const MIN_CONCURRENCY_FLOOR = 32;

export function admissionFromConfig(
  config: Config,
  capacity: CapacitySource | undefined,
  observer?: AdmissionObserver,
  /** The process's callers and body budget (shared with queue jobs run here). @default new ones from config */
  shares: Shares = sharesFromConfig(config),
): Admission {
  return new Admission({
    maxConcurrency: config.maxInFlight,
    minConcurrency: Math.max(MIN_CONCURRENCY_FLOOR, 2 * config.workerThreads),
    initialConcurrency: Math.max(MIN_CONCURRENCY_FLOOR, 4 * config.workerThreads),
    queueMax: config.admissionQueueMax,
    queueTimeoutMs: config.admissionQueueTimeoutMs,
    capacity: withMainThreadBusy(capacity),
    bodyMemory: shares.bodyMemory,
    callers: shares.callers,
    ...(observer ? { observer } : {}),
  });
}

/**
 * The congestion source with the main event loop's utilisation over each window added: the
 * signal for calls that use no worker (gradient-limit.ts). Time the loop spent running,
 * including time it waited for a CPU while running, counts as busy.
 */
export function withMainThreadBusy(workers: CapacitySource | undefined): CapacitySource {
  let mark = performance.eventLoopUtilization();
  return {
    takeWindow() {
      const window = workers?.takeWindow() ?? { minWaitMs: null, meanHoldMs: null };
      const now = performance.eventLoopUtilization();
      const used = performance.eventLoopUtilization(now, mark);
      mark = now;
      return { ...window, mainThreadBusy: used.idle + used.active > 0 ? used.utilization : null };
    },
  };
}
