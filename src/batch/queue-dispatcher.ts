// The scale-out dispatcher: chunks travel as BullMQ jobs through Redis to `urlkit worker`
// processes (and to this process too with URLKIT_ROLE=all; job-runner.ts), which run them with
// the same named handlers as in process. Results come back through one QueueEvents stream per
// API process: a job's 'completed' event carries its results, 'failed' its reason, keyed by a job
// id we mint before enqueueing, so nothing can arrive before we listen.
//
// Failure semantics (docs/scale-out.md):
// - a worker killed or hung stops renewing its job lock; after queueStallMs the stalled check
//   (run by every live worker) fails the job (maxStalledCount 0: never run twice), and its
//   caller reports that chunk worker_chunk_failed (worker_lost: the item's message says the worker
//   was lost, or blocked past its job lock);
// - every job carries its deadline: the API stops waiting at it, a worker drops a job taken
//   after it (its caller has answered), and a running job is aborted at it, or earlier when its
//   caller leaves (job-cancel.ts);
// - Redis unreachable: calls fail at once per chunk (no enqueue into a dead connection), every
//   waiting call is answered when the connection drops, ready() turns false; Redis refusing the
//   job over its maxmemory is told apart (queue_out_of_memory);
// - a job no worker took before its deadline is not_started, one taken and not finished is
//   deadline (the item's message says which: no worker free, or too slow a chunk); a job whose
//   items' own timeout (startBy) passes before a worker takes it is answered item_timeout then,
//   and one a worker took but has not answered by then item_unanswered (job-waits.ts);
// - a job of several items reports each item as it finishes (a BullMQ progress event), so a
//   call that gives up on the job keeps the items already done;
// - a large result (a job's or an item's) comes in a key of its own that the event names, and
//   this process takes and deletes it as the event arrives (job-results.ts): the event stream
//   holds only small values, so answers already delivered cannot fill Redis.
//
// Fairness between callers: a job carries its caller, and the worker process runs it as that
// caller (job-runner.ts). The queue itself is ordered by BullMQ priority = 1 + the caller's jobs
// already outstanding (from every API process): a caller's first job goes ahead of another
// caller's tenth, and jobs of equal priority keep their order. And a caller has at most the
// workers' job slots less a reserve out at once, over every API process (caller-jobs.ts), so
// another caller's job finds a free slot instead of waiting for one of the first caller's to end.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Queue as QueueClass, QueueEvents as QueueEventsClass, Worker as WorkerClass } from 'bullmq';
import type { Redis as RedisClass } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { QueueObserver } from '../metrics/queue-metrics.js';
import { currentClaimant } from '../admission/call-scope.js';
import { sharesFromConfig, type Shares } from '../admission/run-as-caller.js';
import { beforeTime } from '../util/before-time.js';
import { redisCallerJobs } from './caller-jobs.js';
import { takeTurn } from './caller-turn.js';
import { ChunkFailed, chunkResults, failureReasonOf, isRedisOutOfMemory } from './chunk-failed.js';
import { publishCancel } from './job-cancel.js';
import { armJobWaits, type JobWaits } from './job-waits.js';
import { dropStoredResult, isStoredResult, takeStoredResult } from './job-results.js';
import { QUEUE_NAME, startJobRunner, type WireJob } from './job-runner.js';
import { redisOptionsFromUrl } from './redis-options.js';
import type { ChunkDispatcher, ChunkJob, ItemReport } from './types.js';

export { QUEUE_NAME };
const CLOSE_TIMEOUT_MS = 3000;
/** How often the API counts the worker processes taking jobs (their job slots bound a caller's jobs). */
const WORKERS_COUNT_MS = 5000;
const START_TIMEOUT_MS = 10_000;

export interface QueueDispatcherOptions {
  config: Config;
  /** Runs the jobs this process takes; its handlers are the registered ones. */
  local: ChunkDispatcher;
  /** api: enqueue only; worker: run jobs only; all: both. */
  role: 'api' | 'worker' | 'all';
  logger: Logger;
  observer: QueueObserver;
  /** The process's callers and body budget: jobs run here as their callers. @default new ones from config */
  shares?: Shares;
}

export interface QueueDispatcher extends ChunkDispatcher {
  /** Redis is reachable (for /readyz). */
  ready(): boolean;
  /**
   * Resolves once the queue connections are up and a job can be queued (the API listens for
   * results from here on, and ready() is true).
   */
  start(): Promise<void>;
  /** Queue depth by state, for /metrics. */
  depth(): Promise<Record<string, number>>;
  /**
   * Stops taking jobs, lets the running ones finish within `graceMs`, then stops the rest
   * (job-runner.ts); resolves once they are answered, or `answerMs` after the grace at most.
   * Nothing to do in an API-only process.
   */
  drainJobs(graceMs: number, answerMs: number): Promise<void>;
}

interface Pending {
  index: number;
  /** A worker took the job (its 'active' event came). */
  started?: boolean;
  report?: ItemReport<unknown>;
  /** The job's waits (job-waits.ts), once armed. */
  waits?: JobWaits;
  resolve(results: unknown[]): void;
  reject(err: ChunkFailed): void;
}

/** BullMQ's highest priority number. */
const LOWEST_PRIORITY = 2_097_151;

// Loaded on first use: a process without URLKIT_REDIS_URL (the CLI, the embedded default)
// never pays for loading BullMQ and ioredis.
const require = createRequire(import.meta.url);

export function createQueueDispatcher(opts: QueueDispatcherOptions): QueueDispatcher {
  const { Queue, QueueEvents, Worker } = require('bullmq') as {
    Queue: typeof QueueClass;
    QueueEvents: typeof QueueEventsClass;
    Worker: typeof WorkerClass;
  };
  const { Redis } = require('ioredis') as { Redis: typeof RedisClass };
  const { config, local, role, logger, observer } = opts;
  const shares = opts.shares ?? sharesFromConfig(config);
  const connection = redisOptionsFromUrl(config.redisUrl!);
  const enqueues = role !== 'worker';
  const pending = new Map<string, Pending>();

  // A plain connection that only tells whether Redis is reachable: commands on it fail at once
  // when it is not, and its 'close' answers every waiting call.
  const health = new Redis({
    ...connection,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (n) => Math.min(200 * n, 2000),
    connectionName: 'urlkit-health',
  });
  let lastError = '';
  const logError = (source: string) => (err: Error) => {
    // Reconnect attempts repeat the same error; log each distinct one once.
    const line = `${source}: ${err.message}`;
    if (line !== lastError) logger.warn({ err: err.message, source }, 'redis connection error');
    lastError = line;
  };
  health.on('error', logError('health'));
  health.on('ready', () => {
    lastError = '';
  });
  health.on('close', () =>
    failAll(() => new ChunkFailed('queue_unavailable', -1, 'Redis connection lost.'), 'unavailable'),
  );

  /** Each caller's jobs enqueued and not yet answered, over every API process (their priority, and their bound). */
  const callerJobs = enqueues
    ? redisCallerJobs(Redis, connection, health, config.queueConcurrency, logError('leases'))
    : null;
  const queue = enqueues ? new Queue(QUEUE_NAME, { connection }) : null;
  queue?.on('error', logError('queue'));
  const events = enqueues ? new QueueEvents(QUEUE_NAME, { connection }) : null;
  events?.on('error', logError('events'));

  const settle = (jobId: string): Pending | undefined => {
    const p = pending.get(jobId);
    if (p) pending.delete(jobId);
    return p;
  };
  /** This process's jobs name it as the one waiting for them; their large results' keys begin with it. */
  const apiId = randomUUID();
  /** A stored result nobody waits for any more (its caller answered) is deleted at once. */
  const dropStored = (value: unknown) => dropStoredResult(health, apiId, value);
  events?.on('completed', ({ jobId, returnvalue }) => {
    const p = settle(jobId);
    if (!p) return dropStored(returnvalue); // its caller already answered
    if (!isStoredResult(returnvalue)) {
      observer.answered('completed');
      return p.resolve(returnvalue as unknown as unknown[]);
    }
    takeStoredResult(health, returnvalue).then(
      (results) => {
        observer.answered('completed');
        p.resolve(results as unknown[]);
      },
      (err: unknown) => {
        observer.answered('unavailable');
        p.reject(new ChunkFailed('queue_unavailable', p.index, `Chunk ${p.index}: ${String(err)}`));
      },
    );
  });
  events?.on('active', ({ jobId }) => {
    const p = pending.get(jobId);
    if (p) p.started = true;
  });
  events?.on('progress', ({ jobId, data }) => {
    const item = data as { index?: unknown; result?: unknown; parsingMs?: unknown } | number;
    if (typeof item !== 'object' || typeof item.index !== 'number') return;
    // An item's parse began and may run past its timeout (item-parsing.ts).
    if (typeof item.parsingMs === 'number') return pending.get(jobId)?.waits?.parsing(item.parsingMs);
    const { index, result } = item;
    const report = pending.get(jobId)?.report;
    if (!report) return dropStored(result);
    if (!isStoredResult(result)) return report(index, result);
    // Lost with Redis: the item is then answered with its chunk, as an unreported one is.
    takeStoredResult(health, result).then(
      (taken) => report(index, taken),
      () => {},
    );
  });
  events?.on('failed', ({ jobId, failedReason }) => {
    const p = settle(jobId);
    if (!p) return;
    const stalled = /stalled/i.test(failedReason);
    observer.answered(stalled ? 'stalled' : 'failed');
    p.reject(
      new ChunkFailed(
        stalled ? 'worker_lost' : failureReasonOf(failedReason),
        p.index,
        `Chunk ${p.index}: ${failedReason}`,
      ),
    );
  });

  function failAll(make: () => ChunkFailed, outcome: 'unavailable' | 'aborted'): void {
    for (const [jobId, p] of pending) {
      pending.delete(jobId);
      observer.answered(outcome);
      const err = make();
      p.reject(new ChunkFailed(err.reason, p.index, err.message));
    }
  }

  const countWorkers = () =>
    queue?.getWorkersCount().then(
      (n) => callerJobs?.setWorkers(n),
      () => {},
    );
  const workersTimer = queue ? setInterval(() => void countWorkers(), WORKERS_COUNT_MS).unref() : undefined;

  const runner =
    role !== 'api'
      ? startJobRunner({ Worker, Redis, connection, config, local, logger, observer, shares, logError })
      : null;

  return {
    remote: enqueues,

    register(name, handler) {
      local.register(name, handler);
    },

    async runChunk<Item, Options, Result>(
      job: ChunkJob<Item, Options>,
      signal: AbortSignal,
      report?: ItemReport<Result>,
    ): Promise<Result[]> {
      if (!queue || !events || !callerJobs) return local.runChunk<Item, Options, Result>(job, signal, report);
      if (signal.aborted)
        throw new ChunkFailed('aborted', job.index, 'The request was aborted before this chunk ran.', {
          cause: signal.reason,
        });
      if (health.status !== 'ready') {
        observer.answered('unavailable');
        throw new ChunkFailed('queue_unavailable', job.index, 'Redis is unreachable: the job could not be queued.');
      }
      const caller = currentClaimant().caller;
      const jobId = randomUUID();
      const ahead = await takeTurn(callerJobs, caller, jobId, job, signal, {
        timeout: () => observer.answered('deadline'),
        unavailable: () => observer.answered('unavailable'),
      });
      let waits: JobWaits | undefined;
      let onAbort: (() => void) | undefined;
      const answer = new Promise<unknown[]>((resolve, reject) => {
        pending.set(jobId, {
          index: job.index,
          resolve,
          reject,
          ...(report ? { report: report as ItemReport<unknown> } : {}),
        });
        const giveUp = (err: ChunkFailed, outcome: 'deadline' | 'aborted') => {
          if (!settle(jobId)) return;
          observer.answered(outcome);
          reject(err);
          // Best effort: a job still waiting is removed; one running is cancelled when its caller
          // left, else dropped or aborted by its deadline.
          queue.remove(jobId).catch(() => {});
          if (outcome === 'aborted') publishCancel(health, jobId);
        };
        waits = armJobWaits(
          job,
          () => pending.get(jobId)?.started === true,
          (err) => giveUp(err, 'deadline'),
        );
        pending.get(jobId)!.waits = waits;
        onAbort = () =>
          giveUp(
            new ChunkFailed('aborted', job.index, 'The request was aborted.', { cause: signal.reason }),
            'aborted',
          );
        signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        const data: WireJob = {
          handler: job.handler,
          index: job.index,
          items: job.items,
          options: job.options,
          deadline: job.deadline,
          ...(job.startBy !== undefined ? { startBy: job.startBy } : {}),
          caller,
          replyTo: apiId,
        };
        const priority = Math.min(LOWEST_PRIORITY, 1 + ahead);
        queue.add(job.handler, data, { jobId, priority, attempts: 1, removeOnComplete: true, removeOnFail: true }).then(
          () => observer.enqueued(),
          (err: unknown) => {
            const p = settle(jobId);
            if (!p) return;
            observer.answered('unavailable');
            const message = err instanceof Error ? err.message : String(err);
            p.reject(
              new ChunkFailed(
                isRedisOutOfMemory(message) ? 'queue_out_of_memory' : 'queue_unavailable',
                job.index,
                `The job could not be queued: ${message}`,
              ),
            );
          },
        );
        return chunkResults<Result>(await answer, job.index, job.items.length);
      } finally {
        waits?.clear();
        if (onAbort) signal.removeEventListener('abort', onAbort);
        callerJobs.release(caller, jobId);
      }
    },

    ready() {
      return health.status === 'ready';
    },

    async start() {
      // The health connection is the one runChunk asks before it enqueues: until it is ready,
      // every chunk fails at once as queue_unavailable. It is usually up before BullMQ's
      // connections (they add a round trip after their handshake), but nothing orders them.
      const healthUp = new Promise<void>((resolve) => {
        if (health.status === 'ready') resolve();
        else health.once('ready', () => resolve());
      });
      const up = Promise.all([healthUp, queue?.waitUntilReady(), events?.waitUntilReady(), runner?.waitUntilReady()]);
      up.catch(() => {});
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the job queue did not connect to Redis within ${START_TIMEOUT_MS} ms`)),
          START_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([up, late]);
      } finally {
        clearTimeout(timer);
      }
      await countWorkers();
    },

    async depth() {
      if (health.status !== 'ready') throw new Error('Redis is unreachable');
      const q = queue ?? new Queue(QUEUE_NAME, { connection });
      try {
        return await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      } finally {
        if (!queue) await q.close();
      }
    },

    async drainJobs(graceMs, answerMs) {
      await runner?.drain(graceMs, answerMs);
    },

    async close() {
      clearInterval(workersTimer);
      callerJobs?.close();
      failAll(() => new ChunkFailed('aborted', -1, 'The dispatcher is closing.'), 'aborted');
      await beforeTime(Promise.allSettled([runner?.close(), events?.close(), queue?.close()]), CLOSE_TIMEOUT_MS).catch(
        () => {},
      );
      health.disconnect();
      runner?.disconnect();
      await local.close();
    },
  };
}
