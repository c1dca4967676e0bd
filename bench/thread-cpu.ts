// The CPU time of a process's threads, read from /proc/<pid>/task/*/stat (Linux), and split into
// the main thread, the worker threads and the rest, for the benches that count where a service's
// CPU goes (bench:cpu, bench:hostile); a whole process's CPU and a main thread's run-queue wait
// (bench:load).
import { readFileSync, readdirSync } from 'node:fs';

/** Milliseconds per clock tick of /proc's utime and stime (USER_HZ is 100 on Linux). */
export const TICK_MS = 10;

/** CPU ticks by thread id ('main' for the process's main thread). */
export type Ticks = Map<string, number>;

/** CPU ticks by thread of `pid` now (empty where /proc cannot be read). */
export function threadTicks(pid: number): Ticks {
  const out: Ticks = new Map();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(tid === String(pid) ? 'main' : tid, Number(fields[11]) + Number(fields[12]));
  }
  return out;
}

/**
 * The ticks from `a` to `b` of the main thread, of the `workers` busiest other threads (every
 * thread is named "node": the worker threads are told apart as the busiest besides the main one)
 * and of the rest (V8's platform threads, which run garbage collection and compilation for every
 * thread, and libuv's). A thread that ended between the two reads is not counted.
 */
export function threadSplit(a: Ticks, b: Ticks, workers: number): { main: number; workers: number; other: number } {
  const others: number[] = [];
  let main = 0;
  for (const [k, v] of b) {
    const d = v - (a.get(k) ?? 0);
    if (k === 'main') main = d;
    else others.push(d);
  }
  others.sort((x, y) => y - x);
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  return { main, workers: sum(others.slice(0, workers)), other: sum(others.slice(workers)) };
}

/**
 * The fields of `pid`'s /proc stat after its name (stat's field 3 is index 0), or null off Linux.
 * The name is cut at its last ")": it may hold spaces and parentheses itself.
 */
function statFields(pid: number | undefined): string[] | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU time `pid` has used so far, every thread, in ms (its /proc stat), or null off Linux. */
export function processCpuMs(pid: number | undefined): number | null {
  const fields = statFields(pid);
  // utime and stime: fields 14 and 15 of stat.
  return fields && (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * Minor page faults `pid` has taken so far, every thread (its /proc stat), or null off Linux. A
 * minor fault is a first touch of memory the process was just given: on this project's VM each
 * costs tens of microseconds, so fresh memory per call shows here, exactly, when CPU time is too
 * noisy to show it.
 */
export function processFaults(pid: number | undefined): number | null {
  const fields = statFields(pid);
  // minflt: field 10 of stat.
  return fields && Number(fields[7]);
}

/**
 * The main thread's CPU time and run-queue wait so far, in ms (/proc/<pid>/task/<pid>/schedstat:
 * time on a CPU, time runnable but waiting for one), or null off Linux.
 */
export function mainThreadClock(pid: number | undefined): { runMs: number; waitMs: number } | null {
  if (pid === undefined) return null;
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { runMs: run! / 1e6, waitMs: wait! / 1e6 };
  } catch {
    return null;
  }
}

/** Key of the ended children's total in childTicks (no process has pid 0). */
const ENDED = 0;

/**
 * CPU ticks of each child process of `pid` now (all its threads), by child pid, and under key 0
 * those of its children that have ended (the kernel adds a child's ticks to its parent's once
 * the parent has reaped it, as node does at once). A PDF process ends at its memory limit on
 * each bomb of hostile row 5, so its CPU shows only there.
 */
export function childTicks(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime: fields 16 and 17 of stat.
    out.set(ENDED, Number(fields[13]) + Number(fields[14]));
  } catch {
    // the process ended
  }
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) out.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/**
 * Ticks the child processes spent from `a` to `b`, those that ended in between included: the
 * ended total holds the whole life of a child alive at `a`, so its ticks at `a` come off.
 */
export function childTicksSpent(a: Map<number, number>, b: Map<number, number>): number {
  let sum = 0;
  for (const [child, v] of b) sum += v - (a.get(child) ?? 0);
  for (const [child, v] of a) if (child !== ENDED && !b.has(child)) sum -= v;
  return sum;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Watches the thread set of `pid` every `everyMs` until stopped: when threads were born and
 * ended (ms from `t0`, performance.now() time). Every node thread is named "node", but after
 * start-up the threads that come and go are the worker threads (a worker thread started, or
 * one retired or replaced).
 */
export function threadWatcher(pid: number, t0: number, everyMs = 100) {
  const born: number[] = [];
  const ended: number[] = [];
  const tids = () => new Set(safeReaddir(`/proc/${pid}/task`));
  let last = tids();
  const timer = setInterval(() => {
    const now = tids();
    const at = Math.round(performance.now() - t0);
    for (const t of now) if (!last.has(t)) born.push(at);
    for (const t of last) if (!now.has(t)) ended.push(at);
    last = now;
  }, everyMs);
  return {
    stop(): { born: number[]; ended: number[] } {
      clearInterval(timer);
      return { born, ended };
    },
  };
}
