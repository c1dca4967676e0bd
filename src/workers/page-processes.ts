// Large pages are parsed and read in a child process at a lower OS priority, not in a worker
// thread (docs/admission.md, "Large pages"). A 5 MiB page costs seconds of CPU, and V8's helper
// threads (garbage collection for every isolate of the process) spend about as much again as the
// worker thread that parses it: one caller sending such pages kept both CPUs of a 2-CPU machine
// busy although the worker reserve left a worker thread free for others, and other callers'
// calls waited for a CPU. A nice value covers every thread of a process, its collector's
// included (lower-priority.ts), so the service's own threads go first and the large page gets
// whatever CPU is left, all of it on an idle machine.
//
// The mark, LARGE_PAGE_CHARS (1 MiB), is above the pages people read: 0.3% of the 4,201 pages of
// the benchmark sets (HTML: p99 754 KiB, p99.9 1.5 MiB) and none of bench:load's 100 KB
// articles reach it, so ordinary pages stay on the worker threads; issue 31's heavy pages (5 MiB)
// are over it. The lane is one child-processes.ts lane: its own memory limit (the worker
// threads' heap limit, in a data-segment limit), `URLKIT_LARGE_PAGE_PROCESSES` processes (1)
// shared round robin between callers, each kept for the next page for a while.
import { fileURLToPath } from 'node:url';
import type { Config } from '../config/config.js';
import { ChildLane, LaneOwner } from './child-processes.js';
import type { CleanRequest } from './clean-task.js';
import type { MetadataRequest } from './metadata-task.js';
import type { WorkerTask } from './worker.js';
import { postedBytes, postedLength, textBytes, wasDecoded } from './page-bytes.js';

/** Characters (or bytes) of page from which a task is a large page. */
export const LARGE_PAGE_CHARS = 1024 * 1024;
/** Resident memory of a page process with its modules and the token encoding loaded (MiB). */
const BASE_RSS_MB = 90;
/** A process that kept more than this over BASE_RSS_MB after a page is not reused (MiB). */
const REUSE_GROWTH_MB = 64;
/** Room in the data-segment limit beside the old generation: young generation, stacks, code, malloc (MiB). */
const LIMIT_ROOM_MB = 160;
/**
 * Young-generation semi-space (MiB). With 1 instead of 4 the process's peak on a 5 MiB page is 6-13
 * MiB lower (121-123 against 127-135 MiB on bench:hostile's page, 138-142 against 144-155 on a real
 * article repeated to 5.7 MiB) at the same CPU a page (363-407 against 398-417 ms; 787-943 against
 * 830-903; one process, 5-8 pages each, 1 4 4 1 at load 15-20).
 */
const SEMI_SPACE_MB = 1;
const STACK_KB = 2048;
const ENTRY = fileURLToPath(new URL('./page-process-entry.js', import.meta.url));

/** A page task as the process gets it: the task without its body, whose bytes follow on stdin. */
export interface PageJobInput {
  task:
    { kind: 'clean'; input: Omit<CleanRequest, 'body'> } | { kind: 'metadata'; input: Omit<MetadataRequest, 'body'> };
  /** The charset of the body's bytes. */
  charset: string;
  /** The bytes are a text decoded already (page-bytes.ts textBytes). */
  decoded: boolean;
}

type PageTask = Extract<WorkerTask, { kind: 'clean' | 'metadata' }>;

/** A clean or metadata task whose page is at least LARGE_PAGE_CHARS long. */
export function isLargePage(task: WorkerTask): task is PageTask {
  if (task.kind !== 'clean' && task.kind !== 'metadata') return false;
  const body = task.input.body;
  return body !== null && postedLength(body) >= LARGE_PAGE_CHARS;
}

export class PageProcesses extends LaneOwner<PageJobInput, unknown> {
  /** `died`: the error of a page whose process died in it (as a worker thread's death). */
  constructor(config: Pick<Config, 'workerMaxMemoryMb' | 'largePageProcesses'>, died: (cause: Error) => Error) {
    super(
      new ChildLane({
        entry: ENTRY,
        memoryMb: config.workerMaxMemoryMb + LIMIT_ROOM_MB,
        processes: config.largePageProcesses,
        nodeArgs: [`--max-old-space-size=${config.workerMaxMemoryMb}`, `--max-semi-space-size=${SEMI_SPACE_MB}`],
        stackKb: STACK_KB,
        baseRssMb: BASE_RSS_MB,
        reuseGrowthMb: REUSE_GROWTH_MB,
        // A page whose wait ends while its process loads does not throw the loading away.
        keepLoading: true,
        died,
      }),
    );
  }

  /** Runs a large page's task; `started` is called when a process takes it. */
  async run(task: PageTask, signal: AbortSignal, started: () => void): Promise<unknown> {
    const { body, ...input } = task.input;
    // A page's bytes (written from them, uncopied; a large body's pieces joined here, on the main
    // thread), or a decoded text's UTF-8 bytes.
    const page = typeof body === 'string' ? textBytes(body) : body!;
    const bytes = postedBytes(page);
    const { charset } = page;
    const job = { task: { kind: task.kind, input }, charset, decoded: wasDecoded(page) } as PageJobInput;
    return this.lane.run(job, bytes, signal, started);
  }
}
