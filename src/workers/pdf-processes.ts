// PDFs are read in child processes of their own (a lane of child-processes.ts), each under a
// data-segment limit: pdf.js keeps decoded streams in typed arrays, which live outside a worker
// thread's V8 heap limit, so a 2.5 KB PDF whose content stream is two layers of FlateDecode over
// 1 GiB of spaces took 2.2 GB of the service's memory in a worker thread. Under the limit, an
// allocation past it fails and the process dies at once, having held at most the limit; the task
// is answered as too large and the next PDF gets a new process. pdf.js has no public setting
// that caps decoded bytes.
//
// A PDF task waits here for a process, in its caller's line, holding no worker-thread slot, until
// its item's deadline (the URL's `timeout`: issue 31, the wait for a worker counts against it); its
// time budget counts from when a process takes it (pool.ts). The process only reads and lays the
// file out: rendering and token counting (the tokenizer's tables) happen in a worker thread
// afterwards, which the task takes a slot for only then (pool.ts). Starting a process costs about
// 0.3 s of CPU (node and pdf.js load again).
//
// What the data-segment limit counts is every private writable mapping, resident or not: each
// thread's stack and V8's young generation are reserved in full. The process runs with one V8
// helper thread and one libuv thread, 2 MiB thread stacks and a small young generation, so the
// limit goes to what reading a PDF needs (measured: bench/pdf-memory.ts).
import { fileURLToPath } from 'node:url';
import { ItemFailure } from '../errors/codes.js';
import { ChildLane, LaneOwner } from './child-processes.js';
import type { PdfJobInput } from './pdf-process-entry.js';
import type { PdfRead, PdfRequest } from './pdf-read-blocks.js';

export { IDLE_MS } from './child-processes.js';
/** Resident memory of a PDF process with node and pdf.js loaded, before any PDF (measured: 54 MiB). */
const BASE_RSS_MB = 55;
/** Stack of each thread of a PDF process (KiB): its main thread's JavaScript stack is V8's 984 KiB. */
const STACK_KB = 2048;
/** Young-generation semi-space of a PDF process (MiB); 1 made reading 500 pages 1.6x slower. */
const SEMI_SPACE_MB = 2;
const ENTRY = fileURLToPath(new URL('./pdf-process-entry.js', import.meta.url));

export class PdfProcesses extends LaneOwner<PdfJobInput, PdfRead> {
  /**
   * `memoryMb`: the data-segment limit of each process (its heap, decoded streams, everything it
   * allocates); `processes`: how many may be alive at once.
   */
  constructor(memoryMb: number, processes = 1) {
    super(
      new ChildLane({
        entry: ENTRY,
        memoryMb,
        processes,
        // Node's own old-generation limit below the data limit, so that a heap that outgrows it
        // ends in V8's out-of-memory exit rather than a failed allocation somewhere else.
        nodeArgs: [
          `--max-old-space-size=${Math.max(32, Math.floor(memoryMb * 0.75))}`,
          `--max-semi-space-size=${SEMI_SPACE_MB}`,
          '--v8-pool-size=1',
        ],
        stackKb: STACK_KB,
        baseRssMb: BASE_RSS_MB,
        // A PDF whose item's deadline passes while its process loads does not throw the loading away.
        keepLoading: true,
        died: (cause) =>
          new ItemFailure(
            'response_too_large',
            `The PDF needs more memory than a PDF may take (URLKIT_PDF_MAX_MEMORY_MB, ${memoryMb} MiB) to be read.`,
            { cause, retryable: false },
          ),
      }),
    );
  }

  /**
   * Reads one PDF (waiting for a process while `processes` are busy). Rejects with
   * ItemFailure('response_too_large') when its process dies (past its memory limit), and with
   * `signal`'s reason when it aborts (a process reading is killed).
   */
  run(input: PdfRequest, signal: AbortSignal, started?: () => void): Promise<PdfRead> {
    const { bytes, ...rest } = input;
    return this.lane.run(rest, bytes, signal, started);
  }
}
