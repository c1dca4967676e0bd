// PDFs are read in child processes of their own, each under a data-segment limit (RLIMIT_DATA,
// set by `ulimit -d` in the shell that execs node): pdf.js keeps decoded streams in typed arrays,
// which live outside a worker thread's V8 heap limit, so a 2.5 KB PDF whose content stream is
// two layers of FlateDecode over 1 GiB of spaces took 2.2 GB of the service's memory in a worker
// thread. Under the limit, an allocation past it fails and the process dies at once, having
// held at most the limit; the task is answered as too large and the next PDF gets a new process.
// pdf.js has no public setting that caps decoded bytes.
//
// A process reads one PDF at a time and is kept for the next for IDLE_MS (starting one costs
// about 0.3 s of CPU: node and pdf.js load again), then exits; one that grew by more than half
// its limit over what node and pdf.js take loaded (BASE_RSS_MB) is not reused. At most
// `processes` of them are alive at once, reading or idle, so all of them together hold at most
// that many limits (the service's memory bound counts them: docs/cleaners.md#pdf). A PDF task
// holds a slot of the worker pool and waits here, in a line per caller served round robin
// (admission/fair-slots.ts), for a process; the wait is part of its time budget. The process
// only reads and lays the file out: rendering and token counting (the tokenizer's tables) happen
// in the worker thread afterwards (pool.ts).
//
// What the data-segment limit counts is every private writable mapping, resident or not: each
// thread's stack and V8's young generation are reserved in full. The process runs with one V8
// helper thread and one libuv thread, 2 MiB thread stacks and a small young generation, so the
// limit goes to what reading a PDF needs (measured: bench/pdf-memory.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentClaimant } from '../admission/call-scope.js';
import { FairSlots } from '../admission/fair-slots.js';
import { ItemFailure } from '../errors/codes.js';
import type { PdfJob, PdfReply } from './pdf-process-entry.js';
import type { PdfRead, PdfRequest } from './pdf-read-blocks.js';

/** An idle PDF process exits after this long without a task. */
export const IDLE_MS = 30_000;
const SHELL = '/bin/sh';
/** Resident memory of a PDF process with node and pdf.js loaded, before any PDF (measured: 54 MiB). */
const BASE_RSS_MB = 55;
/** Stack of each thread of a PDF process (KiB): its main thread's JavaScript stack is V8's 984 KiB. */
const STACK_KB = 2048;
/** Young-generation semi-space of a PDF process (MiB); 1 made reading 500 pages 1.6x slower. */
const SEMI_SPACE_MB = 2;
const ENTRY = fileURLToPath(new URL('./pdf-process-entry.js', import.meta.url));

interface PdfProcess {
  child: ChildProcess;
  /** Its task, while it has one. */
  current: { id: number; settle(reply: PdfReply | Error): void } | null;
  idleTimer: NodeJS.Timeout | null;
}

export class PdfProcesses {
  private readonly slots: FairSlots;
  private readonly idle: PdfProcess[] = [];
  private readonly all = new Set<PdfProcess>();
  private nextId = 1;
  private closed = false;
  /** Processes started since start (each PDF that needed a fresh one, or after a death). */
  started = 0;
  /** Processes that died in a task, at their memory limit (or of anything else but our kill). */
  died = 0;
  /** Most processes alive at once since start (at most `processes`). */
  peakAlive = 0;

  /**
   * `memoryMb`: the data-segment limit of each process (its heap, decoded streams, everything it
   * allocates); `processes`: how many may be alive at once.
   */
  constructor(
    private readonly memoryMb: number,
    processes = 1,
  ) {
    this.slots = new FairSlots({ capacity: () => Math.max(1, processes) });
  }

  /**
   * Reads one PDF (waiting for a process while `processes` are busy). Rejects with
   * ItemFailure('response_too_large') when its process dies (past its memory limit), and with
   * `signal`'s reason when it aborts (a process reading is killed).
   */
  async run(input: PdfRequest, signal: AbortSignal): Promise<PdfRead> {
    if (this.closed) throw new Error('The PDF processes are closed.');
    signal.throwIfAborted();
    const release = await this.slots.acquire(currentClaimant(), signal);
    try {
      return await this.read(input, signal);
    } finally {
      release();
    }
  }

  /** PDFs waiting for a process. */
  get queued(): number {
    return this.slots.queued;
  }

  private async read(input: PdfRequest, signal: AbortSignal): Promise<PdfRead> {
    if (this.closed) throw new Error('The PDF processes are closed.');
    const proc = this.idle.pop() ?? this.spawn();
    if (proc.idleTimer) clearTimeout(proc.idleTimer);
    proc.idleTimer = null;
    const id = this.nextId++;
    // A task in flight keeps the service alive; an idle process does not.
    proc.child.channel?.ref();
    const reply = await new Promise<PdfReply | Error>((resolve) => {
      const onAbort = () => {
        // Its slot goes to the next PDF once the process has exited, not while it still holds memory.
        void this.kill(proc).then(() =>
          resolve(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason))),
        );
      };
      proc.current = {
        id,
        settle: (r) => {
          signal.removeEventListener('abort', onAbort);
          resolve(r);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const { bytes, ...rest } = input;
      const job: PdfJob = { id, input: rest, byteLength: bytes.byteLength };
      proc.child.send(job, (err) => {
        if (err) proc.current?.settle(err);
      });
      // A pipe that breaks (the process died) is reported by its exit.
      proc.child.stdin!.write(bytes, () => {});
    });
    proc.current = null;
    proc.child.channel?.unref();
    if (reply instanceof Error) {
      if (signal.aborted) throw signal.reason;
      this.died++;
      await this.kill(proc);
      throw new ItemFailure(
        'response_too_large',
        `The PDF needs more memory than a PDF may take (URLKIT_PDF_MAX_MEMORY_MB, ${this.memoryMb} MiB) to be read.`,
        { cause: reply, retryable: false },
      );
    }
    this.release(proc, reply.rssBytes);
    if (!reply.ok) throw new Error(`The PDF process failed: ${reply.message}`);
    return reply.result;
  }

  /** Processes alive now (reading or idle). */
  get alive(): number {
    return this.all.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    const exits = [...this.all].map((p) => this.kill(p));
    await Promise.all(exits);
  }

  private spawn(): PdfProcess {
    const limitKb = this.memoryMb * 1024;
    // Node's own old-generation limit below the data limit, so that a heap that outgrows it
    // ends in V8's out-of-memory exit rather than a failed allocation somewhere else.
    const nodeArgs = [
      `--max-old-space-size=${Math.max(32, Math.floor(this.memoryMb * 0.75))}`,
      `--max-semi-space-size=${SEMI_SPACE_MB}`,
      '--v8-pool-size=1',
      ENTRY,
    ];
    const limits = `ulimit -d ${limitKb} && ulimit -s ${STACK_KB}`;
    const [command, args] = existsSync(SHELL)
      ? [SHELL, ['-c', `${limits} && exec "$0" "$@"`, process.execPath, ...nodeArgs]]
      : [process.execPath, nodeArgs];
    const child = spawn(command, args, {
      stdio: ['pipe', 'ignore', 'ignore', 'ipc'],
      env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
    });
    child.stdin!.on('error', () => {});
    this.started++;
    const proc: PdfProcess = { child, current: null, idleTimer: null };
    this.all.add(proc);
    this.peakAlive = Math.max(this.peakAlive, this.all.size);
    child.on('message', (reply: PdfReply) => {
      if (proc.current?.id === reply.id) proc.current.settle(reply);
    });
    const gone = (why: Error) => {
      this.forget(proc);
      proc.current?.settle(why);
    };
    child.once('exit', (code, sig) => gone(new Error(`The PDF process ended (${sig ?? `exit ${code}`}).`)));
    child.once('error', (err) => gone(err));
    // The process, its channel and its stdin are not what keeps the service alive.
    child.unref();
    child.channel?.unref();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return proc;
  }

  private release(proc: PdfProcess, rssBytes: number): void {
    const grownMb = rssBytes / 2 ** 20 - BASE_RSS_MB;
    if (this.closed || grownMb > this.memoryMb / 2 || proc.child.exitCode !== null) {
      void this.kill(proc);
      return;
    }
    proc.idleTimer = setTimeout(() => {
      const i = this.idle.indexOf(proc);
      if (i >= 0) this.idle.splice(i, 1);
      void this.kill(proc);
    }, IDLE_MS);
    proc.idleTimer.unref();
    this.idle.push(proc);
  }

  private forget(proc: PdfProcess): void {
    this.all.delete(proc);
    const i = this.idle.indexOf(proc);
    if (i >= 0) this.idle.splice(i, 1);
    if (proc.idleTimer) clearTimeout(proc.idleTimer);
  }

  private kill(proc: PdfProcess): Promise<void> {
    this.forget(proc);
    const { child } = proc;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      // Waited for even when nothing else keeps the event loop going (a CLI call that ends).
      child.ref();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
