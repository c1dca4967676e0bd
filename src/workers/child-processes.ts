// A lane of child processes that run one job at a time each: the PDF processes (pdf-processes.ts)
// and the large-page processes (page-processes.ts). A process has a memory limit of its own
// (a data-segment limit, RLIMIT_DATA, set by `ulimit -d` in the shell that execs node, and
// node's heap limits in `nodeArgs`), and may run at a lower OS priority than the service. A
// process is kept for the next job for IDLE_MS (starting one costs node and its modules loading
// again), then exits; one that grew by more than half its limit over what it takes loaded
// (`baseRssMb`) is not reused. At most `processes` of them are alive at once, reading or idle,
// so all of them together hold at most that many limits. Jobs wait for a process in a line per
// caller served round robin (admission/fair-slots.ts).
//
// A job comes to the process as a message on the IPC channel (its input without its bytes, and
// their length) and its bytes follow on stdin, read straight into one buffer of that length
// (child-jobs.ts), so the bytes are in memory once in the child. They are written from the
// buffer they are given (a fetched page's or a PDF's own): no copy of them is made here.
//
// With `keepLoading` (both lanes), a job that stops waiting (its deadline passed, its caller
// left) before its process has taken it is answered at once, but the process is not killed: it is
// most likely still loading (node, the extraction code and the token encoding: about a second of
// CPU, at the lower priority), and killing it threw that loading away. On a busy machine every
// page then reached its deadline while its fresh process loaded, and no page was ever parsed
// (bench:hostile row 7 at load 17-24). The process is told to skip the job (child-jobs.ts) and
// serves the next one once it says it did. A job stopped after its process took it still ends the
// process: that stops its CPU at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { currentClaimant } from '../admission/call-scope.js';
import { FairSlots } from '../admission/fair-slots.js';
import type { ChildJob, ChildReply, ChildSkip } from './child-jobs.js';

/** An idle process exits after this long without a job. */
export const IDLE_MS = 30_000;
const SHELL = '/bin/sh';

export interface ChildLaneOptions {
  /** The program each process runs (a child-jobs.ts server). */
  entry: string;
  /** Data-segment limit of each process (MiB): its heap and everything else it allocates. */
  memoryMb: number;
  /** Processes alive at once (reading or idle). */
  processes: number;
  /** Node options before the entry (heap limits, thread pool). */
  nodeArgs: readonly string[];
  /** Stack of each thread of a process (KiB). */
  stackKb: number;
  /** Resident memory of a process with its modules loaded, before any job (MiB). */
  baseRssMb: number;
  /** A process that grew more than this over baseRssMb is not reused (MiB; default half of memoryMb). */
  reuseGrowthMb?: number;
  /** A job that stops waiting before its process took it leaves the process alive (see the header). */
  keepLoading?: boolean;
  /** Environment added to the service's. */
  env?: Record<string, string>;
  /** The error of a job whose process died in it (past its memory limit, or crashed). */
  died(cause: Error): Error;
}

/** A job that stopped waiting before its process took it: the caller's answer is `reason`. */
class Skipped extends Error {
  constructor(readonly reason: Error) {
    super('The job was skipped.');
  }
}

/** A job's bytes. */
export type Payload = Uint8Array;

/** A job's answer: its result or what it threw. */
type JobDone = Exclude<ChildReply<unknown>, { started: true }>;

interface LaneProcess {
  child: ChildProcess;
  /** Its job, while it has one (a job skipped after its caller stopped waiting included). */
  current: { id: number; started(): void; settle(reply: JobDone | Error): void } | null;
  idleTimer: NodeJS.Timeout | null;
}

export class ChildLane<Input, Result> {
  private readonly slots: FairSlots;
  private readonly idle: LaneProcess[] = [];
  private readonly all = new Set<LaneProcess>();
  private nextId = 1;
  private closed = false;
  /** Processes started since start (each job that needed a fresh one, or after a death). */
  started = 0;
  /** Processes that died in a job, at their memory limit (or of anything else but our kill). */
  died = 0;
  /** Most processes alive at once since start (at most `processes`). */
  peakAlive = 0;

  constructor(private readonly options: ChildLaneOptions) {
    this.slots = new FairSlots({ capacity: () => Math.max(1, options.processes) });
  }

  /**
   * Runs one job (waiting for a process while `processes` are busy); `started` is called when a
   * process has loaded and takes it. Rejects with options.died(...) when its process dies, with `signal`'s
   * reason when it aborts (a process at work is killed), and with an Error carrying the
   * process's message when the job itself threw.
   */
  async run(input: Input, bytes: Payload, signal: AbortSignal, started?: () => void): Promise<Result> {
    if (this.closed) throw new Error('The processes are closed.');
    signal.throwIfAborted();
    const release = await this.slots.acquire(currentClaimant(), signal);
    // The slot is the process's: it goes back when the process is free again, which for a job
    // skipped before it started is after the job has been answered (send).
    let freed = false;
    const free = () => {
      if (!freed) release();
      freed = true;
    };
    try {
      return await this.send(input, bytes, signal, free, started);
    } catch (err) {
      if (err instanceof Skipped) throw err.reason;
      // Every other way out has freed the slot already; this covers a throw nobody foresaw.
      free();
      throw err;
    }
  }

  /** Jobs waiting for a process. */
  get queued(): number {
    return this.slots.queued;
  }

  /** Processes alive now (at work or idle). */
  get alive(): number {
    return this.all.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.all].map((p) => this.kill(p)));
  }

  /**
   * Runs the job on an idle or a new process; calls `free` once the process can take another job
   * or is gone (for a job skipped, which throws Skipped, when the process says it skipped it).
   */
  private async send(
    input: Input,
    bytes: Payload,
    signal: AbortSignal,
    free: () => void,
    started?: () => void,
  ): Promise<Result> {
    if (this.closed) {
      free();
      throw new Error('The processes are closed.');
    }
    const proc = this.idle.pop() ?? this.spawn();
    if (proc.idleTimer) clearTimeout(proc.idleTimer);
    proc.idleTimer = null;
    const id = this.nextId++;
    // A job in flight keeps the service alive (and its process's exit is heard); an idle process does not.
    proc.child.ref();
    proc.child.channel?.ref();
    let taken = false;
    const reply = await new Promise<JobDone | Error | Skipped>((resolve) => {
      const onAbort = () => {
        const reason = signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));
        if (!taken && this.options.keepLoading) {
          // Not taken yet: the process skips it and stays (see the header).
          proc.child.send({ id, skip: true } satisfies ChildSkip, () => {});
          proc.current!.started = () => {};
          proc.current!.settle = (r) => void this.done(proc, r, free);
          resolve(new Skipped(reason));
          return;
        }
        // Its slot goes to the next job once the process has exited, not while it still holds memory.
        void this.kill(proc).then(() => resolve(reason));
      };
      proc.current = {
        id,
        started: () => {
          taken = true;
          started?.();
        },
        settle: (r) => {
          signal.removeEventListener('abort', onAbort);
          resolve(r);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const job: ChildJob<Input> = { id, input, byteLength: bytes.byteLength };
      proc.child.send(job, (err) => {
        if (err) proc.current?.settle(err);
      });
      // A pipe that breaks (the process died) is reported by its exit.
      proc.child.stdin!.write(bytes, () => {});
    });
    if (reply instanceof Skipped) throw reply;
    if (reply instanceof Error && signal.aborted) {
      // Killed for it (above), and exited.
      this.idleOut(proc);
      free();
      throw signal.reason;
    }
    const answer = await this.done(proc, reply, free);
    if (!answer.ok) throw answer.err;
    return answer.result as Result;
  }

  /**
   * The process answered its job (or died in it): it is kept or ended, and `free` is called once
   * it can take the next job or has exited. Never rejects: a skipped job's answer has no caller.
   */
  private async done(
    proc: LaneProcess,
    reply: JobDone | Error,
    free: () => void,
  ): Promise<{ ok: true; result: unknown } | { ok: false; err: Error }> {
    this.idleOut(proc);
    if (reply instanceof Error) {
      this.died++;
      await this.kill(proc);
      free();
      return { ok: false, err: this.options.died(reply) };
    }
    this.release(proc, reply.rssBytes);
    free();
    return reply.ok
      ? { ok: true, result: reply.result }
      : { ok: false, err: new Error(`The process failed: ${reply.message}`) };
  }

  /** The process has no job now: nothing of it keeps the service alive. */
  private idleOut(proc: LaneProcess): void {
    proc.current = null;
    proc.child.unref();
    proc.child.channel?.unref();
  }

  private spawn(): LaneProcess {
    const { memoryMb, stackKb, nodeArgs, entry, env } = this.options;
    const limits = `ulimit -d ${memoryMb * 1024} && ulimit -s ${stackKb}`;
    const [command, args] = existsSync(SHELL)
      ? [SHELL, ['-c', `${limits} && exec "$0" "$@"`, process.execPath, ...nodeArgs, entry]]
      : [process.execPath, [...nodeArgs, entry]];
    const child = spawn(command, args, {
      stdio: ['pipe', 'ignore', 'ignore', 'ipc'],
      env: { ...process.env, UV_THREADPOOL_SIZE: '1', ...env },
    });
    child.stdin!.on('error', () => {});
    this.started++;
    const proc: LaneProcess = { child, current: null, idleTimer: null };
    this.all.add(proc);
    this.peakAlive = Math.max(this.peakAlive, this.all.size);
    child.on('message', (reply: ChildReply<unknown>) => {
      if (proc.current?.id !== reply.id) return;
      if ('started' in reply) proc.current.started();
      else proc.current.settle(reply);
    });
    const gone = (why: Error) => {
      this.forget(proc);
      proc.current?.settle(why);
    };
    child.once('exit', (code, sig) => gone(new Error(`The process ended (${sig ?? `exit ${code}`}).`)));
    child.once('error', (err) => gone(err));
    // The process, its channel and its stdin are not what keeps the service alive.
    child.unref();
    child.channel?.unref();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return proc;
  }

  private release(proc: LaneProcess, rssBytes: number): void {
    const grownMb = rssBytes / 2 ** 20 - this.options.baseRssMb;
    const mark = this.options.reuseGrowthMb ?? this.options.memoryMb / 2;
    if (this.closed || grownMb > mark || proc.child.exitCode !== null) {
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

  private forget(proc: LaneProcess): void {
    this.all.delete(proc);
    const i = this.idle.indexOf(proc);
    if (i >= 0) this.idle.splice(i, 1);
    if (proc.idleTimer) clearTimeout(proc.idleTimer);
  }

  private kill(proc: LaneProcess): Promise<void> {
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

/** What the owner of a lane (the PDF and the page processes) shows of it: its counts, and close(). */
export abstract class LaneOwner<Input, Result> {
  protected constructor(protected readonly lane: ChildLane<Input, Result>) {}

  /** Jobs waiting for a process. */
  get queued(): number {
    return this.lane.queued;
  }

  /** Processes alive now (at work or idle). */
  get alive(): number {
    return this.lane.alive;
  }

  /** Processes started since start (each job that needed a fresh one, or after a death). */
  get started(): number {
    return this.lane.started;
  }

  /** Processes that died in a job (past their memory limit, or of anything else but our kill). */
  get died(): number {
    return this.lane.died;
  }

  /** Most processes alive at once since start. */
  get peakAlive(): number {
    return this.lane.peakAlive;
  }

  close(): Promise<void> {
    return this.lane.close();
  }
}
