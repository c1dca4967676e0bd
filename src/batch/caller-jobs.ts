// How many jobs one caller may have in the queue at once. A worker process runs
// URLKIT_QUEUE_CONCURRENCY jobs at once, whoever they are for, and a job holds its slot while its
// items wait for a slow site: one caller's batches to a host that answers in 14 s (100 items each,
// four chunks in flight per call) held every slot of every worker, and another caller's job, first
// in the queue by priority, waited a minute for a slot to free. So a caller may have at most the
// workers' slots less a reserve (admission's fairReserve, a quarter) queued or running, counted
// over every API process (a lease each, in Redis: caller-leases.ts). Its further chunks wait here,
// in order within this process, for a lease to be given back, and that wait counts against the
// chunk's deadline. The slots are counted from the workers Redis knows of.
import { fairReserve } from '../admission/fair-slots.js';
import type { Redis as RedisClass, RedisOptions } from 'ioredis';
import { callerKey } from '../admission/callers.js';
import { redisCallerLeases, type CallerLeases } from './caller-leases.js';

/** How often chunks waiting for a lease ask again with no lease given back (a lapsed one, a lost message). */
export const RETRY_MS = 1000;

interface Waiter {
  lease: string;
  lapsesAt: number;
  /** Aborted (its chunk gave up); a lease it was given meanwhile goes back. */
  gone: boolean;
  go(ahead: number): void;
  fail(err: Error): void;
}

/**
 * Callers' jobs counted in Redis with `commands` (a connection that fails at once when Redis is
 * unreachable), hearing of leases given back by any API process on a subscriber of its own.
 */
export function redisCallerJobs(
  Redis: typeof RedisClass,
  connection: RedisOptions,
  commands: RedisClass,
  perWorker: number,
  onError: (err: Error) => void,
): CallerJobs {
  const jobs: CallerJobs = new CallerJobs(
    perWorker,
    redisCallerLeases(Redis, connection, commands, (key) => jobs.givenBack(key), onError),
  );
  return jobs;
}

/** Redis could not count the caller's jobs (unreachable, or out of memory): the chunk is not queued. */
export class LeasesUnavailable extends Error {
  override readonly name = 'LeasesUnavailable';
}

export class CallerJobs {
  /** Chunks waiting for a lease, by caller key, in order. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** Callers whose head chunk is asking Redis now, and those told of a lease given back meanwhile. */
  private readonly asking = new Set<string>();
  private readonly askAgain = new Set<string>();
  private readonly retry: NodeJS.Timeout;
  /** The job slots of every worker process (at least one worker's). */
  private slots: number;

  constructor(
    private readonly perWorker: number,
    private readonly leases: CallerLeases,
  ) {
    this.slots = perWorker;
    this.retry = setInterval(() => {
      for (const key of this.waiting.keys()) this.pump(key);
    }, RETRY_MS).unref();
  }

  /** Jobs a caller may have out at once: the slots less the reserve kept for other callers. */
  limit(): number {
    return Math.max(1, this.slots - fairReserve(this.slots));
  }

  /** The number of worker processes now taking jobs (0: none seen; one is assumed). */
  setWorkers(workers: number): void {
    this.slots = Math.max(1, workers) * this.perWorker;
    for (const key of this.waiting.keys()) this.pump(key);
  }

  /** A lease of the caller of `key` was given back, by this API process or another. */
  givenBack(key: string): void {
    if (this.waiting.has(key)) this.pump(key);
  }

  /**
   * Takes a lease for one of the caller's jobs (`lease`, its id; lapsing at `lapsesAt` if never
   * given back), waiting while the caller holds all it may. Resolves with how many the caller
   * held before (its queue priority); rejects with `signal`'s reason when it ends the wait, or
   * LeasesUnavailable when Redis cannot take it.
   */
  acquire(caller: string, lease: string, lapsesAt: number, signal: AbortSignal): Promise<number> {
    signal.throwIfAborted();
    const key = callerKey(caller);
    return new Promise<number>((resolve, reject) => {
      const onAbort = () => {
        waiter.gone = true;
        const queue = this.waiting.get(key);
        const at = queue?.indexOf(waiter) ?? -1;
        if (at >= 0) queue!.splice(at, 1);
        if (queue?.length === 0 && !this.asking.has(key)) this.waiting.delete(key);
        reject(signal.reason as Error);
      };
      const waiter: Waiter = {
        lease,
        lapsesAt,
        gone: false,
        go: (ahead) => {
          signal.removeEventListener('abort', onAbort);
          resolve(ahead);
        },
        fail: (err) => {
          signal.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const queue = this.waiting.get(key);
      if (queue) queue.push(waiter);
      else this.waiting.set(key, [waiter]);
      this.pump(key);
    });
  }

  /** One of the caller's jobs ended: its lease goes back (and to the caller's next waiting chunk). */
  release(caller: string, lease: string): void {
    // Given back on the connection that takes leases, so a take asked after it counts without it.
    this.leases.give(callerKey(caller), lease);
  }

  close(): void {
    clearInterval(this.retry);
    this.leases.close();
  }

  /** Asks for leases for the caller's waiting chunks, first first, until one is refused. */
  private pump(key: string): void {
    if (this.asking.has(key)) {
      this.askAgain.add(key);
      return;
    }
    this.asking.add(key);
    void this.ask(key).finally(() => {
      this.asking.delete(key);
      this.askAgain.delete(key);
      if (this.waiting.get(key)?.length === 0) this.waiting.delete(key);
    });
  }

  private async ask(key: string): Promise<void> {
    for (;;) {
      const head = this.waiting.get(key)?.[0];
      if (!head) return;
      this.askAgain.delete(key);
      let ahead: number;
      try {
        ahead = await this.leases.take(key, head.lease, this.limit(), head.lapsesAt);
      } catch (err) {
        const queue = this.waiting.get(key) ?? [];
        this.waiting.delete(key);
        const cause = new LeasesUnavailable(err instanceof Error ? err.message : String(err), { cause: err });
        for (const waiter of queue.splice(0)) waiter.fail(cause);
        return;
      }
      if (ahead < 0) {
        // Refused: unless a lease was given back while Redis was asked, wait to be told of one.
        if (this.askAgain.has(key)) continue;
        return;
      }
      if (head.gone) {
        this.leases.give(key, head.lease);
        continue;
      }
      this.waiting.get(key)!.shift();
      head.go(ahead);
    }
  }
}
