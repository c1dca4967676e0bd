// The worker side of the job queue: a BullMQ worker that takes chunk jobs from Redis and runs
// them with this process's named handlers, each as the caller it carries (so worker slots, body
// memory and per-host slots here are shared between callers as in the API process). A job taken
// after its deadline or its items' own timeout (startBy), or after its caller left
// (job-cancel.ts), is dropped unrun; a running job
// is aborted when its caller leaves, or when this process closes (at once, or at the end of a
// drain's grace: drain()).
import type { Job, Worker as WorkerClass } from 'bullmq';
import type { Redis as RedisClass, RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { QueueObserver } from '../metrics/queue-metrics.js';
import { LOCAL_CALLER } from '../admission/callers.js';
import { runAsCaller, type Shares } from '../admission/run-as-caller.js';
import { ChunkFailed } from './chunk-failed.js';
import { watchParsing } from '../workers/item-parsing.js';
import { cancelledJobs, subscribeCancels } from './job-cancel.js';
import { RESULT_PREFIX, resultForEvent } from './job-results.js';
import type { ChunkDispatcher, ChunkJob, ItemReport } from './types.js';

export const QUEUE_NAME = 'urlkit-jobs';

/**
 * What a job carries through Redis: the chunk job as is (plain JSON), whose work it is, and the
 * id of the API process waiting for it (the keys of its large results are named by it;
 * job-results.ts).
 */
export type WireJob = ChunkJob & { caller?: string; replyTo?: string };

/** How long after a job's deadline its stored results are kept: the API waits 1 s past it. */
const RESULT_KEEP_MS = 5000;

export interface JobRunnerOptions {
  Worker: typeof WorkerClass;
  Redis: typeof RedisClass;
  connection: RedisOptions;
  config: Config;
  /** Runs the jobs; its handlers are the registered ones. */
  local: ChunkDispatcher;
  logger: Logger;
  observer: QueueObserver;
  shares: Shares;
  /** Logs a connection's errors (`source` names the connection). */
  logError: (source: string) => (err: Error) => void;
}

export interface JobRunner {
  waitUntilReady(): Promise<unknown>;
  /**
   * Stops taking jobs at once and lets the running ones finish for up to `graceMs`, then stops
   * what is left (answered as retryable timeouts, as close() does); resolves once every job is
   * answered and the BullMQ worker is closed, or `answerMs` after the grace (what a stopped job
   * has to answer).
   */
  drain(graceMs: number, answerMs: number): Promise<void>;
  /** Aborts the running jobs, then closes the BullMQ worker (its caller bounds the wait; after drain(), no-op). */
  close(): Promise<void>;
  /** Drops the subscription to callers' cancels. */
  disconnect(): void;
}

export function startJobRunner(opts: JobRunnerOptions): JobRunner {
  const { Worker, Redis, connection, config, local, logger, observer, shares, logError } = opts;
  const worker = new Worker<WireJob, unknown>(QUEUE_NAME, (job, _token, cancelled) => runJob(job, cancelled), {
    connection,
    concurrency: config.queueConcurrency,
    lockDuration: config.queueStallMs,
    stalledInterval: Math.max(500, Math.floor(config.queueStallMs / 2)),
    // A job whose worker died is failed, never run again: its caller has answered.
    maxStalledCount: 0,
    removeOnComplete: { count: 0 },
    removeOnFail: { count: 0 },
    autorun: true,
  });
  worker.on('error', logError('worker'));
  // Where large results are stored (job-results.ts); a failed store fails the job at once.
  const results = new Redis({
    ...connection,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'urlkit-results',
  });
  results.on('error', logError('results'));
  const workerAbort = new AbortController();
  // drain() (at the end of its grace) and close() stop the running jobs with the same reason.
  const stopRunning = () => workerAbort.abort(new Error('worker closing'));
  // A caller that leaves stops its running job here, or the job when this process takes it
  // (job-cancel.ts). A job's deadline is at most a request's time away.
  const cancelledEarly = cancelledJobs(config.requestTimeoutMs);
  const cancels = subscribeCancels(
    Redis,
    connection,
    (jobId) =>
      cancelledEarly.cancel(jobId, (id) => {
        if (worker.cancelJob(id, 'its caller left')) return true;
        logger.debug({ job: id }, 'cancel of a job not running here: dropped if taken');
        return false;
      }),
    logError('cancel'),
  );

  async function runJob(job: Job<WireJob, unknown>, cancelled?: AbortSignal): Promise<unknown> {
    const data = job.data;
    if (Date.now() >= data.deadline) {
      observer.finished('dropped');
      throw new Error('deadline: dropped, its caller has already answered');
    }
    if (data.startBy !== undefined && Date.now() >= data.startBy) {
      observer.finished('dropped');
      throw new Error("item_timeout: dropped, its items' timeout passed while it waited for a worker");
    }
    if (job.id !== undefined && cancelledEarly.take(job.id)) {
      observer.finished('dropped');
      throw new Error('aborted: dropped, its caller left before it started');
    }
    observer.started((job.processedOn ?? Date.now()) - job.timestamp);
    logger.debug({ job: job.id, handler: data.handler, chunk: data.index, items: data.items.length }, 'job started');
    // A large result goes in a key of its own, named for the API process that waits for it; an
    // API of an older version names none and gets every result in the event, as before.
    const keyBase =
      data.replyTo !== undefined && job.id !== undefined ? `${RESULT_PREFIX}${data.replyTo}:${job.id}` : null;
    const forEvent = (suffix: string, result: unknown) =>
      keyBase === null
        ? Promise.resolve(result)
        : resultForEvent(results, keyBase + suffix, result, data.deadline + RESULT_KEEP_MS - Date.now());
    // One item needs no report: its result and the job's are the same answer.
    const report: ItemReport<unknown> | undefined =
      data.items.length > 1
        ? (index, result) =>
            void forEvent(`:${index}`, result)
              .then((sent) => job.updateProgress({ index, result: sent }))
              .catch(() => {})
        : undefined;
    const run = () =>
      local.runChunk<unknown, unknown, unknown>(
        data,
        cancelled ? AbortSignal.any([workerAbort.signal, cancelled]) : workerAbort.signal,
        report,
      );
    // An item whose parse may run past its start-by time tells the API, which then waits for it
    // (item-parsing.ts).
    const startBy = data.startBy;
    const parsing = (index: number, budgetMs: number) =>
      void job.updateProgress({ index, parsingMs: budgetMs }).catch(() => {});
    try {
      const answer = await runAsCaller(shares, data.caller ?? LOCAL_CALLER, () =>
        startBy === undefined ? run() : watchParsing({ startBy, parsing }, run),
      );
      const sent = await forEvent('', answer);
      observer.finished('completed');
      return sent;
    } catch (err) {
      observer.finished('failed');
      // BullMQ keeps only the message (failedReason): the reason travels at its head.
      if (err instanceof ChunkFailed) throw new Error(`${err.reason}: ${err.message}`, { cause: err });
      throw err;
    }
  }

  return {
    waitUntilReady: () => worker.waitUntilReady(),
    async drain(graceMs, answerMs) {
      // BullMQ's close without force takes no further job and waits for the running ones (it
      // keeps renewing their locks meanwhile, so no other worker takes them as stalled); a job
      // still running at the end of the grace is stopped, and the close ends once it answers.
      // An answer BullMQ cannot store (Redis lost) would keep the close waiting for ever: past
      // the stopped jobs' time to answer, the wait is left to close(), which bounds it.
      const stopLeft = setTimeout(stopRunning, graceMs);
      let giveUp: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          worker.close(),
          new Promise((resolve) => (giveUp = setTimeout(resolve, graceMs + answerMs))),
        ]);
      } finally {
        clearTimeout(stopLeft);
        clearTimeout(giveUp);
      }
    },
    close() {
      stopRunning();
      return worker.close();
    },
    disconnect() {
      cancels.disconnect();
      results.disconnect();
    },
  };
}
