// The shared worker-thread pool: HTML parsing and extraction run here, off the event loop,
// each task with a time budget; a worker that overruns its time or memory is terminated and
// replaced by piscina. A PDF is read in a process of its own under a memory limit
// (pdf-processes.ts), then rendered in a worker thread: it takes a slot of the pool for that
// render step only, so a PDF that waits for, or is read in, the PDF process (a bomb runs there
// to its memory limit) leaves the worker threads to other work.
import { Piscina } from 'piscina';
import type { Config } from '../config/config.js';
import { bodyConsumed } from '../admission/body-memory.js';
import { currentClaimant, type Claimant } from '../admission/call-scope.js';
import { ItemFailure } from '../errors/codes.js';
import { isHeapReport, type HeapReport } from './heap-report.js';
import { TaskSlots, type SlotWindow } from './task-slots.js';
import { PdfProcesses } from './pdf-processes.js';
import { PageProcesses, isLargePage } from './page-processes.js';
import type { PdfRequest, PdfResult } from './pdf-task.js';
import { linkedSignal } from '../util/linked-signal.js';
import { parsingReporter } from './item-parsing.js';
import { startWaitTimedOut, TaskBudget, untilDeadline, workerWaitTimedOut } from './task-budget.js';
import { isTakenLate, isTaskStart, type Posted } from './task-start.js';
import { posting, transferOf } from './posted-task.js';
import { WorkerEnds, type WorkerEndReason } from './worker-ends.js';
import { WarmThreads, warmThreads, WORKER_IDLE_MS } from './warm-threads.js';
import { WorkerCrashed } from './worker-crashed.js';
import { Recycling } from './recycling.js';
import { isThreadStarted, laneOptions, normalThreads, ThreadLanes } from './thread-lanes.js';
import type { WorkerTask, WorkerTaskResult } from './worker.js';

export { compactTask } from './posted-task.js';
export { WorkerCrashed } from './worker-crashed.js';
export { RECYCLE_HEAP_BYTES, RECYCLE_IDLE_MS } from './recycling.js';
export { WORKER_IDLE_MS } from './warm-threads.js';

export interface RunOptions {
  signal?: AbortSignal;
  /** Overrides the configured task budget (ms). */
  timeoutMs?: number;
  /**
   * Epoch ms by which the task must have a worker: the item's own deadline (its `timeout`
   * counted from its start), so the wait for a worker counts against it. Past it, the task
   * is not run and the call rejects with ItemFailure('timeout').
   */
  startBy?: number;
}

/**
 * Young-generation cap of a worker (V8's default is several times larger). Parsing a page
 * allocates short-lived objects fast; with the default, each worker's resident memory rose by
 * 92 MiB on 5 MiB pages, with 8 MiB by 52 MiB, at the same speed (also on 50-150 KB pages).
 */
export const WORKER_YOUNG_GENERATION_MB = 8;
/**
 * A task whose caller went away (client disconnected, call stopped) keeps its worker this long
 * before the worker is terminated. Terminating a worker costs far more than the few
 * milliseconds a page usually has left: a fresh worker loads its modules and compiles its code
 * again (hundreds of ms of CPU), so under load, where clients give up all the time, killing the
 * worker for each one threw capacity away. A task that is still running after the grace is
 * pathological enough to stop.
 */
export const ABANDON_GRACE_MS = 1000;
/** The longest a timer can wait (a wait with no deadline of its own). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class WorkerPool {
  private readonly piscina: Piscina;
  private readonly taskTimeoutMs: number;
  private readonly slots: TaskSlots;
  /** Where PDF tasks run. */
  readonly pdfProcesses: PdfProcesses;
  /** Where pages of LARGE_PAGE_CHARS or more are parsed, at a lower priority (null: in the workers). */
  readonly pageProcesses: PageProcesses | null;
  /** The last heap report of each worker thread, by threadId. */
  private readonly reports = new Map<number, HeapReport>();
  /** Budgets of tasks handed to piscina that no worker has taken yet, by start id. */
  private readonly unstarted = new Map<number, TaskBudget>();
  private nextStartId = 1;
  private readonly recycling: Recycling;
  private closing = false;
  private readonly ends: WorkerEnds;
  private readonly warm: WarmThreads;
  /** Which threads run niced, and which thread a task goes to (thread-lanes.ts). */
  private readonly lanes: ThreadLanes;

  constructor(config: Config) {
    this.taskTimeoutMs = config.workerTaskTimeoutMs;
    this.slots = new TaskSlots(config.workerThreads);
    this.lanes = new ThreadLanes(normalThreads(config.workerThreads));
    this.pdfProcesses = new PdfProcesses(config.pdfMaxMemoryMb, config.pdfProcesses);
    this.pageProcesses =
      config.largePageProcesses > 0 ? new PageProcesses(config, (cause) => new WorkerCrashed(cause)) : null;
    this.piscina = new Piscina({
      // A CommonJS entry that imports worker.js: see worker-entry.cts for why.
      filename: new URL('./worker-entry.cjs', import.meta.url).href,
      // Workers above the warm ones retire after WORKER_IDLE_MS, taking their heaps with them;
      // the warm ones stay (replaced by fresh ones when they grew, below), so the call that
      // follows a pause does not wait half a second for a thread to load (docs/admission.md).
      minThreads: warmThreads(config),
      maxThreads: config.workerThreads,
      idleTimeout: WORKER_IDLE_MS,
      loadBalancer: this.lanes.balance,
      resourceLimits: {
        maxOldGenerationSizeMb: config.workerMaxMemoryMb,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
    });
    // A worker that fails outside a task (e.g. its module cannot load) is reported here; with no
    // listener the EventEmitter would throw it as an uncaught exception and end the process.
    this.piscina.on('error', (err: unknown) => {
      this.lastWorkerError = err;
    });
    this.piscina.on('message', (message: unknown) => {
      if (isThreadStarted(message)) return this.lanes.started(message);
      if (isTaskStart(message)) {
        this.unstarted.get(message.urlkitTaskStart)?.start();
        this.unstarted.delete(message.urlkitTaskStart);
        return;
      }
      if (!isHeapReport(message)) return;
      this.reports.set(message.threadId, message);
      this.recycling.heapReported(message.threadId, message.heapBytes);
    });
    this.warm = new WarmThreads(
      this.piscina,
      config,
      () => this.slots.busy,
      () => this.closing,
    );
    this.ends = new WorkerEnds(
      this.piscina,
      () => this.closing,
      () => this.warm.failedStart(),
    );
    this.recycling = new Recycling(this.piscina, this.slots, this.ends, () => this.closing);
    this.piscina.on('workerDestroy', () => this.forgetGoneThreads());
  }

  /** Worker threads that ended since start, by reason (worker-ends.ts). */
  workerEnds(): Record<WorkerEndReason, number> {
    return this.ends.byReason();
  }

  /** Worker threads that ended since start, for any reason. */
  get workersEnded(): number {
    return this.ends.total;
  }

  /** Workers replaced because their heap had grown, since start. */
  get recycled(): number {
    return this.ends.byReason().recycled;
  }

  /** The last error a worker raised outside any task, for diagnostics. */
  lastWorkerError: unknown = null;

  /**
   * Runs a task in a worker. Workers are shared fairly between callers (task-slots.ts); the
   * wait for one is bounded by options.startBy. The budget counts from the moment a worker
   * takes the task (time spent waiting for a free worker, or for a new one to load, is not
   * charged to it; see task-budget.ts for the bound on the latter). A task over its
   * budget is aborted (its worker is terminated); that surfaces as ItemFailure('timeout'). Other worker deaths reject
   * with WorkerCrashed. An abort of options.signal rejects with its reason at once, waiting or
   * running; a running task is then given ABANDON_GRACE_MS to finish before its worker is
   * terminated (see below), and holds its worker slot until it ends either way.
   */
  run<K extends WorkerTask['kind']>(
    task: Extract<WorkerTask, { kind: K }>,
    options: RunOptions = {},
  ): Promise<WorkerTaskResult<K>> {
    // Handed over in a box the pool empties once the task is posted: a page's text (5 MiB for a
    // large page) is then the worker's copy alone, not also held here while the task runs.
    return this.runHanded({ task }, options);
  }

  private async runHanded<K extends WorkerTask['kind']>(
    hand: { task: WorkerTask | null },
    options: RunOptions,
  ): Promise<WorkerTaskResult<K>> {
    // A large page waits for a page process, in its caller's line there, not for a worker thread;
    // without page processes, for its turn on the worker threads (task-slots.ts).
    const large = isLargePage(hand.task!);
    const pages = large ? this.pageProcesses : null;
    // A PDF waits for a PDF process in its caller's line there, and for a worker thread only when
    // its render step comes (runPdf).
    const pdf = hand.task!.kind === 'pdf';
    const slot: HeldSlot = { release: pages || pdf ? () => {} : await this.waitForWorker(options, { large }) };
    // One signal for the task: its time budget, or the end of the grace after the caller left.
    const budget = options.timeoutMs ?? this.taskTimeoutMs;
    // Once a worker thread's task has its slot, its item's deadline is checked by the worker that
    // takes it (task-start.ts): aborting a task handed to a worker terminates that worker (issue 31
    // row 7, docs/admission.md). Here only a worker that cannot come up is bounded, and never
    // before the item's own deadline: a thread loading on a busy machine (seconds) must not fail an
    // item whose timeout is longer than the task budget. One in a process lane (a large page, a
    // PDF) waits there by the item's own deadline.
    const { startBy } = options;
    const stop = new TaskBudget(
      budget,
      pages || pdf
        ? startBy === undefined
          ? MAX_TIMER_MS
          : untilDeadline(startBy)
        : Math.max(this.taskTimeoutMs, untilDeadline(startBy)),
      parsingReporter(),
    );
    const startId = this.nextStartId++;
    const caller = options.signal;
    let graceTimer: NodeJS.Timeout | undefined;
    let callerLeft: (v: { ok: false; err: unknown }) => void = () => {};
    const left = new Promise<{ ok: false; err: unknown }>((resolve) => (callerLeft = resolve));
    const onCallerAbort = () => {
      callerLeft({ ok: false, err: caller!.reason });
      graceTimer = setTimeout(() => stop.abort(caller!.reason), ABANDON_GRACE_MS);
      graceTimer.unref();
    };
    let running: Promise<WorkerTaskResult<K>>;
    try {
      running = this.start(hand, pages, stop, startId, options.startBy, slot, caller) as Promise<WorkerTaskResult<K>>;
    } catch (err) {
      this.unstarted.delete(startId);
      stop.dispose();
      this.taskEnded(slot.release);
      throw new WorkerCrashed(err);
    }
    const settled = running.then(
      (result) => ({ ok: true as const, result }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    void settled.then(() => {
      this.unstarted.delete(startId);
      stop.dispose();
      clearTimeout(graceTimer);
      caller?.removeEventListener('abort', onCallerAbort);
      this.taskEnded(slot.release);
    });
    if (caller?.aborted) onCallerAbort();
    else caller?.addEventListener('abort', onCallerAbort, { once: true });
    const outcome = caller ? await Promise.race([settled, left]) : await settled;
    if (outcome.ok && isTakenLate(outcome.result)) throw startWaitTimedOut(false);
    if (outcome.ok) return outcome.result;
    const err = outcome.err;
    if (caller?.aborted) throw caller.reason ?? err;
    if (stop.timedOut && !stop.started) throw startWaitTimedOut(pdf, err);
    if (stop.timedOut)
      throw new ItemFailure('timeout', 'Parsing and extraction exceeded their time budget.', {
        cause: err,
        retryable: false,
      });
    // An item's own failure (a PDF past its memory limit): that item's answer, not a crash.
    if (err instanceof ItemFailure) throw err;
    throw new WorkerCrashed(err);
  }

  /**
   * Starts the task `hand` holds, and empties `hand`: no variable of run()'s, which waits for the
   * task's end, keeps the task (V8 keeps a suspended async function's locals).
   */
  private start(
    hand: { task: WorkerTask | null },
    pages: PageProcesses | null,
    stop: TaskBudget,
    startId: number,
    startBy: number | undefined,
    slot: HeldSlot,
    caller: AbortSignal | undefined,
  ): Promise<unknown> {
    const given = hand.task!;
    hand.task = null;
    if (pages && isLargePage(given)) {
      // Its budget counts from when a process takes it.
      return pages.run(given, stop.signal, () => stop.start());
    }
    this.watchAbort(stop);
    if (given.kind === 'pdf') {
      // A PDF's budget counts from when a PDF process takes it, and covers its read there and its
      // wait for a worker thread for the render step.
      return this.runPdf(given.input, stop, { signal: caller, startBy }, slot);
    }
    this.unstarted.set(startId, stop);
    // A fetched page's bytes move to the worker (page-bytes.ts): the task here keeps an empty buffer.
    // Its caller's worker time lately decides the thread it goes to (thread-lanes.ts).
    const lane = laneOptions(this.slots.laneOf(currentClaimant()));
    const posted = { ...posting(given, startId, startBy), ...lane };
    return this.piscina.run(posted, { signal: stop.signal, transferList: transferOf(posted.task) });
  }

  /** A worker piscina drops because `stop` aborted is counted under the abort's reason. */
  private watchAbort(stop: TaskBudget): void {
    this.ends.watchAbort(stop.signal, () =>
      !stop.timedOut ? 'abandoned' : stop.started ? 'task_budget' : 'start_wait',
    );
  }

  /**
   * A PDF: read in a PDF process, then rendered (and its tokens counted) in a worker thread. The
   * worker slot is taken for the render only, in the caller's line, by the item's deadline and
   * within the PDF's budget; `slot` holds it so that the task's end gives it back.
   */
  private async runPdf(input: PdfRequest, stop: TaskBudget, run: RunOptions, slot: HeldSlot): Promise<PdfResult> {
    // Read now, before the wait below: the claimant is the caller's whichever code awaits later.
    const claimant = currentClaimant();
    const read = await this.pdfProcesses.run(input, stop.signal, () => stop.start());
    const { bytes: _bytes, giveBytes: _give, maxPages: _pages, ...options } = input;
    slot.release = await this.waitForWorker(run, { claimant, budget: stop.signal });
    // Its budget already runs (run()): no start id to wait for.
    const lane = laneOptions(this.slots.laneOf(claimant));
    const posted: Posted<WorkerTask> = { task: { kind: 'pdf-render', input: { read, options } }, startId: 0, ...lane };
    return (await this.piscina.run(posted, { signal: stop.signal })) as PdfResult;
  }

  /**
   * Waits for a worker slot in `claimant`'s line (a `large` page for a large-page slot first:
   * task-slots.ts), until options.startBy (then ItemFailure 'timeout'), options.signal or `budget`
   * aborts. The deadline is the slots' own (one timer and one error for the items of a chunk, which
   * share it), not a timer and signal per task.
   */
  private async waitForWorker(
    options: RunOptions,
    {
      claimant = currentClaimant(),
      budget,
      large = false,
    }: { claimant?: Claimant; budget?: AbortSignal; large?: boolean },
  ): Promise<() => void> {
    const due = options.startBy === undefined ? undefined : { at: options.startBy, timedOut: workerWaitTimedOut };
    if (!budget || !options.signal) return this.slots.acquire(budget ?? options.signal, claimant, due, large);
    const both = linkedSignal([options.signal, budget]);
    try {
      return await this.slots.acquire(both.signal, claimant, due, large);
    } finally {
      both.dispose();
    }
  }

  private taskEnded(release: () => void): void {
    release();
    // The page this task parsed is no longer needed: its share of body memory goes back now,
    // not when the whole call ends.
    bodyConsumed();
    this.recycling.taskEnded();
  }

  private forgetGoneThreads(): void {
    const alive = new Set(this.piscina.threads.map((w) => w.threadId));
    for (const id of this.reports.keys()) if (!alive.has(id)) this.reports.delete(id);
    this.lanes.keep(alive);
  }

  /** Each live worker's heap and tasks as it reported them after its last task (for metrics). */
  workerHeaps(): Array<{ threadId: number; tid: number | null; usedBytes: number; tasks: number }> {
    return [...this.reports.values()].map(({ urlkitHeapReport: _, heapBytes: _bytes, ...report }) => report);
  }

  /** Tasks waiting for a free worker. */
  get queued(): number {
    return this.slots.queued;
  }

  /** Tasks running in a worker now. */
  get busy(): number {
    return this.slots.busy;
  }

  /** Worker slots (URLKIT_WORKER_THREADS). */
  get capacity(): number {
    return this.slots.capacity;
  }

  /** Wait and run-time statistics since the previous call (admission control's congestion signal). */
  takeWindow(): SlotWindow {
    return this.slots.takeWindow();
  }

  /** Worker-milliseconds spent on tasks since start (utilisation = its rate / capacity). */
  busyMs(): number {
    return this.slots.busyMs();
  }

  get threads(): number {
    return this.piscina.threads.length;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.recycling.stop();
    this.warm.stop();
    await Promise.all([this.piscina.destroy(), this.pdfProcesses.close(), this.pageProcesses?.close()]);
  }
}

/** A task's worker slot: its release, replaced when the slot is taken after the task began (a PDF's render). */
interface HeldSlot {
  release: () => void;
}
