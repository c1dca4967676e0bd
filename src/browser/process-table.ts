// What Linux's /proc says of a process: its state and parent, its descendants, its memory. The
// pool reads it for the processes of its browser (which renderers have exited, how much the
// browser's own processes hold); the tests and benches read it the same way. These reads block
// the thread that makes them; process-reads.ts makes the one whose cost a page drives off it.
import { readFileSync, readdirSync } from 'node:fs';

export interface ProcStat {
  /** One letter: R, S, D, T (stopped), Z (zombie), X (dead)... */
  state: string;
  ppid: number;
}

/** The text of /proc/<pid>/<name>, or null when there is no such process (or no /proc). */
function procFile(pid: number, name: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return null;
  }
}

/** /proc/<pid>/stat's state and parent, or null when there is no such process. */
export function procStat(pid: number): ProcStat | null {
  const stat = procFile(pid, 'stat');
  if (stat === null) return null;
  // The command name (in parentheses) may hold spaces and parentheses: the fields after it
  // start after its last ')'.
  const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ', 2);
  return { state, ppid: Number(ppid) };
}

/** Whether the process has ended: gone, or a zombie its parent has not yet reaped. */
export function hasExited(pid: number): boolean {
  const stat = procStat(pid);
  if (stat) return stat.state === 'Z' || stat.state === 'X';
  // No /proc (not Linux): ask the kernel whether the pid is there at all.
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** The pids of `root`'s descendants that are running (zombies left out), `root` not included. */
export function descendantsOf(root: number): number[] {
  const parent = new Map<number, number>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat && stat.state !== 'Z') parent.set(Number(name), stat.ppid);
  }
  const found: number[] = [];
  for (const pid of parent.keys())
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === root) {
        found.push(pid);
        break;
      }
  return found;
}

/** The process's command line, arguments joined by spaces ('' when it has ended). */
export function commandLine(pid: number): string {
  return procFile(pid, 'cmdline')?.replaceAll('\0', ' ') ?? '';
}

/** A process's memory in bytes (/proc/<pid>/smaps_rollup). */
export interface ProcMemory {
  rss: number;
  /** Proportional set size: shared pages split between the processes that map them. */
  pss: number;
  anon: number;
  file: number;
  shmem: number;
}

/**
 * The process's resident anonymous and shared memory in bytes (RssAnon + RssShmem of
 * /proc/<pid>/status), or null when it has ended. The kernel keeps these as counters, so a read
 * costs microseconds however much the process maps, where smaps_rollup walks its mappings.
 */
export function residentCounters(pid: number): number | null {
  const status = procFile(pid, 'status');
  return status === null ? null : kbField(status, 'RssAnon') + kbField(status, 'RssShmem');
}

/** The process's memory now, or null when it has ended (or there is no /proc). */
export function memoryOf(pid: number): ProcMemory | null {
  const rollup = procFile(pid, 'smaps_rollup');
  return rollup === null ? null : parseRollup(rollup);
}

/** /proc/<pid>/smaps_rollup's text, read. */
export function parseRollup(rollup: string): ProcMemory {
  return {
    rss: kbField(rollup, 'Rss'),
    pss: kbField(rollup, 'Pss'),
    anon: kbField(rollup, 'Pss_Anon'),
    file: kbField(rollup, 'Pss_File'),
    shmem: kbField(rollup, 'Pss_Shmem'),
  };
}

/** A "Name:   123 kB" field of a /proc file's text, in bytes (0 when absent). */
export function kbField(text: string, name: string): number {
  const key = name + ':';
  const at = text.startsWith(key) ? 0 : text.indexOf('\n' + key) + 1;
  if (at === 0 && !text.startsWith(key)) return 0;
  const value = Number.parseInt(text.slice(at + key.length).trimStart(), 10);
  return Number.isFinite(value) ? value * 1024 : 0;
}
