// The read of process-table.ts whose cost a page drives, made off the main thread: the kernel
// builds /proc/<pid>/smaps_rollup by walking the process's page tables, which takes longer the
// more memory a page made the process map (about 21 ms for 1.5 GiB resident, against 1 ms for
// a small process). fs's asynchronous reads run in libuv's thread pool, so the main thread only
// issues the read and parses the short text it returns (about 0.5 ms).
import { readFile } from 'node:fs/promises';
import { parseRollup, type ProcMemory } from './process-table.js';

/** The process's memory now, or null when it has ended (or there is no /proc). */
export async function readMemory(pid: number): Promise<ProcMemory | null> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => null);
  return rollup === null ? null : parseRollup(rollup);
}
