// Lowers the OS priority of the whole calling process, every thread of it. On Linux a nice value
// belongs to a thread, and a thread starts with its creator's: V8's platform threads (which
// collect every isolate's garbage and compile) and libuv's exist before any module code runs, so
// each is reniced by its id from /proc/self/task, the main thread first; threads started later
// inherit the value. Elsewhere setpriority() on the process covers it.
import { readdirSync } from 'node:fs';
import os from 'node:os';

/**
 * The nice value added to the service's for a child process that reads a target's bytes (a large
 * page, a PDF) and for the worker threads of heavy callers (thread-lanes.ts): 10, so a CPU-bound
 * thread of it gets about a tenth of a CPU against one of the service's when they compete, and
 * the whole CPU when nothing else wants it.
 */
export const NICE_STEP = 10;

/** Raises the nice value of every thread of this process by `step` (to at most 19). */
export function lowerPriority(step: number): void {
  // Read once, before the calling thread's own value changes.
  const target = loweredBy(step);
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    os.setPriority(target);
    return;
  }
  // A thread that ended meanwhile cannot be reniced: the others still run lower.
  for (const tid of [process.pid, ...threads.filter((t) => t !== process.pid)]) setThreadPriority(tid, target);
}

/** The calling thread's nice value raised by `step`, at most 19. */
export function loweredBy(step: number): number {
  return Math.min(19, os.getPriority() + step);
}

/** Sets the nice value of the thread `tid` (Linux: a kernel thread id); false when it cannot (the
 *  thread is gone, or the value is below its own and raising priority needs a privilege). */
export function setThreadPriority(tid: number, nice: number): boolean {
  try {
    os.setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
