// Lowers the OS priority of the whole calling process, every thread of it. On Linux a nice value
// belongs to a thread, and a thread starts with its creator's: V8's platform threads (which
// collect every isolate's garbage and compile) and libuv's exist before any module code runs, so
// each is reniced by its id from /proc/self/task, the main thread first; threads started later
// inherit the value. Elsewhere setpriority() on the process covers it.
import { readdirSync } from 'node:fs';
import os from 'node:os';

/**
 * The nice value a child process that reads a target's bytes (a large page, a PDF) adds to the
 * service's (10: a CPU-bound thread of it gets about a tenth of a CPU against one of the
 * service's when they compete, and the whole CPU when nothing else wants it).
 */
export const CHILD_NICE_STEP = 10;

/** Raises the nice value of every thread of this process by `step` (to at most 19). */
export function lowerPriority(step: number): void {
  const target = Math.min(19, os.getPriority() + step);
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    os.setPriority(target);
    return;
  }
  for (const tid of [process.pid, ...threads.filter((t) => t !== process.pid)]) {
    try {
      os.setPriority(tid, target);
    } catch {
      // A thread that ended meanwhile: the others still run lower.
    }
  }
}
