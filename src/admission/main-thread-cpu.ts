// The CPU time the main thread itself has used, apart from the worker threads of the same process
// (process.cpuUsage() counts every thread, and busy workers are the normal state at capacity).
// Where Node has it, process.threadCpuUsage() (getrusage of the calling thread) is used; on older
// Node on Linux, the first field of the main thread's schedstat (nanoseconds on the CPU). The
// main thread's task id is the process id, so the file is the same from whichever thread reads it.
import { openSync, readSync } from 'node:fs';

/** Reads the main thread's CPU time so far, in ms. */
export type CpuClock = () => number;

type ThreadCpuUsage = () => { user: number; system: number };

/** A clock of the main thread's own CPU time, or null where this platform offers none. */
export function mainThreadCpuClock(): CpuClock | null {
  const threadCpuUsage = (process as { threadCpuUsage?: ThreadCpuUsage }).threadCpuUsage;
  if (typeof threadCpuUsage === 'function') {
    return () => {
      const { user, system } = threadCpuUsage.call(process);
      return (user + system) / 1000;
    };
  }
  // Opened once and read again from offset 0 (procfs regenerates it): 2-14 us a read here,
  // against 30-117 us for opening and closing it each time.
  const buf = Buffer.alloc(128);
  let fd: number;
  try {
    fd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
  } catch {
    return null;
  }
  const read = (): number => {
    const n = readSync(fd, buf, 0, buf.length, 0);
    return Number(buf.toString('latin1', 0, n).split(' ', 1)[0]) / 1e6;
  };
  try {
    return Number.isFinite(read()) ? read : null;
  } catch {
    return null;
  }
}
