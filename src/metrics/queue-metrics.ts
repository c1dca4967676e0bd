// Scale-out metrics: the job queue as the API sees it (jobs enqueued and how they ended), as a
// worker sees it (running, finished, time waited in the queue), the queue's depth in Redis at
// scrape time, and the fetch cache. Kept apart from metrics.ts; registered on the same registry.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { CacheObserver } from '../cache/cache.js';

export type QueueCallOutcome = 'completed' | 'failed' | 'stalled' | 'deadline' | 'unavailable' | 'aborted';
export type WorkerJobOutcome = 'completed' | 'failed' | 'dropped';

export interface QueueObserver {
  enqueued(): void;
  /** The API's view of one job it waited for. */
  answered(outcome: QueueCallOutcome): void;
  /** A worker took a job after it waited this long in the queue. */
  started(waitMs: number): void;
  finished(outcome: WorkerJobOutcome): void;
}

export interface ScaleMetrics {
  cache: CacheObserver;
  queue: QueueObserver;
  /** Called at scrape time for the queue's depth by state; may reject (Redis unreachable). */
  setQueueDepthSource(source: () => Promise<Record<string, number>>): void;
}

const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createScaleMetrics(registry: Registry): ScaleMetrics {
  const cacheLookups = new Counter({
    name: 'urlkit_cache_lookups_total',
    help:
      'Fetch cache: hit, miss, stale (stored but older than max_age), bypass (max_age 0), stored, error (store ' +
      'unreachable).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const enqueued = new Counter({
    name: 'urlkit_queue_jobs_enqueued_total',
    help: 'Jobs this API process put on the queue.',
    registers: [registry],
  });
  const answered = new Counter({
    name: 'urlkit_queue_jobs_answered_total',
    help:
      'Jobs this API process waited for, by how they ended: completed, failed, stalled (worker died or hung), ' +
      'deadline, unavailable (Redis unreachable), aborted (call stopped).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const running = new Gauge({
    name: 'urlkit_queue_jobs_running',
    help: 'Jobs this worker process is running now.',
    registers: [registry],
  });
  const finished = new Counter({
    name: 'urlkit_queue_jobs_processed_total',
    help: 'Jobs this worker process finished: completed, failed, dropped (its caller had already answered).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const wait = new Histogram({
    name: 'urlkit_queue_wait_seconds',
    help: 'Time a job waited in the queue before a worker took it.',
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  let depthSource: (() => Promise<Record<string, number>>) | null = null;
  new Gauge({
    name: 'urlkit_queue_jobs',
    help: 'Jobs in the queue by state (waiting, active, delayed, prioritized), read from Redis at scrape time.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!depthSource) return;
      try {
        for (const [state, n] of Object.entries(await depthSource())) this.set({ state }, n);
      } catch {
        // Redis unreachable: no depth to report; /readyz says why.
      }
    },
  });
  return {
    cache: { onCache: (outcome) => cacheLookups.inc({ outcome }) },
    queue: {
      enqueued: () => enqueued.inc(),
      answered: (outcome) => answered.inc({ outcome }),
      started: (waitMs) => {
        running.inc();
        wait.observe(Math.max(0, waitMs) / 1000);
      },
      finished: (outcome) => {
        if (outcome !== 'dropped') running.dec();
        finished.inc({ outcome });
      },
    },
    setQueueDepthSource(source) {
      depthSource = source;
    },
  };
}
