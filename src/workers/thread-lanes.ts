// CPU priority by caller (issue 31 row 7). The worker reserve (fair-slots.ts) keeps a worker
// *thread* free for other callers, not a CPU: on a 2-CPU machine one caller's pages that each cost
// the whole task budget took a CPU from every other caller's call. So some of the pool's threads
// run at a higher nice value, for good (raising a thread's nice is unprivileged, lowering it back
// is not), and a task of a caller that has, or had in the last seconds, other tasks holding or
// waiting for a worker goes to such a thread, while any other caller's task goes to one at the
// service's priority. When nothing
// competes a niced thread gets the whole CPU, so a lone caller's batch loses nothing; when a
// caller with one page competes with a caller with forty, the one page gets the CPU first.
// The threads are the pool's own (partitioned, not added): the reserve's share runs at the
// service's priority, the rest niced. On Linux a nice value belongs to a thread (its tid,
// /proc/thread-self); elsewhere, or when the worker cannot say its tid, no thread is niced.
import os from 'node:os';
import { queueOptionsSymbol, type PiscinaTask } from 'piscina';
import { fairReserve } from '../admission/fair-slots.js';

/**
 * What a niced worker thread adds to the service's nice value. At 10 a CPU-bound thread gets
 * about a tenth of a CPU against one at the service's when they compete (docs/admission.md).
 */
export const LOW_LANE_NICE_STEP = 10;

export type Lane = 'normal' | 'low';

/**
 * How long a caller that had more than one task holding or waiting for a worker keeps getting
 * niced threads. A batch's pages reach the pool as they are fetched, so its line is often empty
 * for a moment between two pages; without the memory, the page that came alone would go to the
 * thread kept for callers with one task.
 */
export const HEAVY_MEMORY_MS = 10_000;

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

/** Which lane a caller's task goes to, by its tasks now and in the last HEAVY_MEMORY_MS. */
export class LaneByLoad {
  private readonly heavyAt = new Map<string, number>();
  private lastSweep = 0;

  /** The lane of a task of `caller`, which has `tasks` tasks holding or waiting for a worker (this one included). */
  laneOf(caller: string, tasks: number, now = performance.now()): Lane {
    this.sweep(now);
    if (tasks > 1) this.heavyAt.set(caller, now);
    const at = this.heavyAt.get(caller);
    return at !== undefined && now - at < HEAVY_MEMORY_MS ? 'low' : 'normal';
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < HEAVY_MEMORY_MS) return;
    this.lastSweep = now;
    for (const [caller, at] of this.heavyAt) if (now - at >= HEAVY_MEMORY_MS) this.heavyAt.delete(caller);
  }
}

interface BalancedWorker {
  id: number;
  currentUsage: number;
}

export class ThreadLanes {
  /** threadIds of live workers at the service's priority and of the niced ones. */
  private readonly normal = new Set<number>();
  private readonly low = new Set<number>();

  constructor(
    private readonly normalCount: number,
    private readonly step = LOW_LANE_NICE_STEP,
  ) {}

  /** A worker started: it stays at the service's priority while fewer than normalCount do. */
  started(message: ThreadStarted): void {
    if (this.normal.size < this.normalCount || message.tid === null || !this.renice(message.tid)) {
      this.normal.add(message.threadId);
      return;
    }
    this.low.add(message.threadId);
  }

  /** Forgets the workers not in `alive`. */
  keep(alive: Set<number>): void {
    for (const lane of [this.normal, this.low]) for (const id of lane) if (!alive.has(id)) lane.delete(id);
  }

  /** Live workers by lane. */
  counts(): Record<Lane, number> {
    return { normal: this.normal.size, low: this.low.size };
  }

  /**
   * piscina's load balancer: an idle worker of the task's lane, else any idle one (a lone caller
   * uses every thread), else none (piscina then starts a worker if it may, as its own does).
   */
  readonly balance = <W extends BalancedWorker>(task: PiscinaTask, workers: W[]): W | null => {
    const wanted = (task[queueOptionsSymbol] as { lane?: Lane } | null)?.lane;
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

  private renice(tid: number): boolean {
    try {
      os.setPriority(tid, Math.min(19, os.getPriority() + this.step));
      return true;
    } catch {
      return false;
    }
  }
}
