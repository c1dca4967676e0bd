// The OS priority of the calling thread. Linux schedules threads, and setpriority() given a
// thread's id sets that thread's nice value alone (os.setPriority passes the id through); the
// calling thread's id is the last part of /proc/thread-self. Raising one's own nice value needs
// no privilege; lowering it again does, so a thread lowered stays lowered. Elsewhere (no
// /proc/thread-self) nothing changes.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Sets the calling thread's nice value; false when this platform offers no way to. */
export function lowerThisThread(nice: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
