// CPU priority by caller (issue 31 row 7). The worker reserve (fair-slots.ts) keeps a worker
// *thread* free for other callers, not a CPU: on a 2-CPU machine one caller's pages that each cost
// the whole task budget took a CPU from every other caller's call. So the pool's threads beyond
// the reserve run at a higher nice value, and a heavy caller's task (one that took much more
// worker time lately than the others, worker-shares.ts) goes to such a thread, while any other
// caller's task goes to one at the service's priority. When nothing competes a niced thread gets
// the whole CPU; when a caller with one page competes with a caller with forty, the one page gets
// the CPU first.
// The threads are the pool's own (partitioned, not added): the reserve's share runs at the
// service's priority, the rest niced. A thread is niced only once a heavy caller's task is sent to
// the pool, and then for good (raising a thread's nice is unprivileged, lowering it back is not):
// a service that never has a heavy caller (one caller alone, however busy) keeps every thread at
// its priority. On Linux a nice value belongs to a thread (its tid, /proc/thread-self); elsewhere,
// or when the worker cannot say its tid, no thread is niced.
import { queueOptionsSymbol, type PiscinaTask } from 'piscina';
import { fairReserve } from '../admission/fair-slots.js';
import { loweredBy, NICE_STEP, setThreadPriority } from './lower-priority.js';

export type Lane = 'normal' | 'low';

/** What a worker thread tells the pool as it starts: its OS thread id (worker-entry.cts). */
export interface ThreadStarted {
  urlkitThreadStarted: true;
  threadId: number;
  /** The kernel's id of the thread (null where there is no /proc/thread-self). */
  tid: number | null;
}

export function isThreadStarted(message: unknown): message is ThreadStarted {
  return (
    typeof message === 'object' && message !== null && (message as Partial<ThreadStarted>).urlkitThreadStarted === true
  );
}

/** The options a posted task carries for the balancer (piscina reads them by its symbol). */
export function laneOptions(lane: Lane): Record<symbol, { lane: Lane }> {
  return { [queueOptionsSymbol]: { lane } };
}

/** Threads kept at the service's priority in a pool of `threads`: the reserve, at least one. */
export function normalThreads(threads: number): number {
  return Math.max(1, fairReserve(threads));
}

interface BalancedWorker {
  id: number;
  currentUsage: number;
}

export class ThreadLanes {
  /** threadIds of live workers at the service's priority. */
  private readonly normal = new Set<number>();
  /** threadIds of live workers for heavy callers, with their kernel ids. */
  private readonly low = new Map<number, number>();
  /** Whether a heavy caller's task has come: the low lane's threads are niced from then on. */
  private niced = false;

  constructor(
    private readonly normalCount: number,
    private readonly step = NICE_STEP,
  ) {}

  /** A worker started: it stays at the service's priority while fewer than normalCount do. */
  started(message: ThreadStarted): void {
    if (this.normal.size < this.normalCount || message.tid === null) {
      this.normal.add(message.threadId);
      return;
    }
    this.low.set(message.threadId, message.tid);
    if (this.niced) this.renice(message.threadId, message.tid);
  }

  /** Forgets the workers not in `alive`. */
  keep(alive: Set<number>): void {
    for (const id of this.normal) if (!alive.has(id)) this.normal.delete(id);
    for (const id of this.low.keys()) if (!alive.has(id)) this.low.delete(id);
  }

  /**
   * piscina's load balancer: an idle worker of the task's lane, else any idle one (a lone caller
   * uses every thread), else none (piscina then starts a worker if it may, as its own does).
   */
  readonly balance = <W extends BalancedWorker>(task: PiscinaTask, workers: W[]): W | null => {
    const wanted = (task[queueOptionsSymbol] as { lane?: Lane } | null)?.lane;
    if (wanted === 'low' && !this.niced) this.niceLowLane();
    let idle: W | null = null;
    for (const worker of workers) {
      if (worker.currentUsage !== 0) continue;
      if (wanted === undefined || this.laneOf(worker.id) === wanted) return worker;
      idle ??= worker;
    }
    return idle;
  };

  private laneOf(threadId: number): Lane {
    return this.low.has(threadId) ? 'low' : 'normal';
  }

  private niceLowLane(): void {
    this.niced = true;
    for (const [threadId, tid] of this.low) this.renice(threadId, tid);
  }

  /** Nices a low-lane thread; one that cannot be niced serves the normal lane. */
  private renice(threadId: number, tid: number): void {
    if (setThreadPriority(tid, loweredBy(this.step))) return;
    this.low.delete(threadId);
    this.normal.add(threadId);
  }
}
