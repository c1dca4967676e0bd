// One Chromium process for the service, started on first use (start-chromium.ts), a fresh
// context per render, and a bounded number of renders at once. A browser that crashes or hangs
// is dropped and the next render starts a new one. capacity / inUse / waiting let admission control see how busy it is.
import type { Browser, BrowserContext } from 'playwright-core';
import type { Config } from '../config/config.js';
import { ItemFailure } from '../errors/codes.js';
import type { Fetcher } from '../fetch/types.js';
import { TaskSlots } from '../workers/task-slots.js';
import { beforeTime, within } from '../util/before-time.js';
import { Turns } from '../util/turns.js';
import { BrowserOwnMemory, browserOverMemory } from './browser-memory.js';
import { killBrowser } from './kill-browser.js';
import { MemoryWatch } from './memory-watch.js';
import { renderPage, type RenderJob, type RenderedPage } from './render-page.js';
import { RendererProcesses, whenExited } from './renderer-processes.js';
import { openSinkhole, type Sinkhole } from './sinkhole.js';
import { LAUNCH_TIMEOUT_MS, startChromium } from './start-chromium.js';

/** How long closing a context may take before the browser is presumed wedged and killed. */
const CONTEXT_CLOSE_MS = 3000;
/** How long a closed context's renderers may take to exit before the browser is killed instead. */
const RENDERER_EXIT_MS = 3000;
/**
 * How long a render's opening (its context and page; tens of milliseconds, a few seconds on a
 * loaded machine) may take once its turn has come before the browser is taken to be hung and
 * killed: openings take turns, so one that never ends would hold every later render.
 */
const OPENING_MS = 15_000;
/**
 * The least the browser's own processes may grow past what they held once started: ordinary
 * renders take them from about 200 to 280 MiB PSS (network and storage services start, caches
 * fill), which a small render cap must not take for a page's Blobs.
 */
const MIN_OWN_GROWTH_MB = 256;

/** A launched browser and what the pool knows of it. */
interface Running {
  browser: Browser;
  /** The browser process (its process group's leader); null if the browser did not say. */
  pid: number | null;
  /** Reads its own processes' memory (null with pid). */
  own: BrowserOwnMemory | null;
  renderers: RendererProcesses;
  /** Renders that took it and have not yet given their slot back. */
  renders: number;
  /** Dropped (crashed, hung or killed): the next render starts another. */
  dropped: boolean;
  /** Grown past its bound: no render is given it, and it is closed once its last render ends. */
  retiring: (() => void) | null;
  /** What its own processes held (PSS, bytes) once started: its bound is this plus the render cap. */
  baseline: number;
  /** Watches its own memory while renders run. */
  watch: MemoryWatch | null;
  /** Killed because its own processes passed their bound while rendering. */
  overMemory: boolean;
}

export class BrowserPool {
  private readonly slots: TaskSlots;
  private browser: Promise<Running> | null = null;
  /** A browser being retired (drained, then closed): the next one starts once it is gone. */
  private draining: Promise<void> = Promise.resolve();
  private readonly retiring = new Set<Running>();
  /** Renders tried again after a memory kill run one at a time (see render). */
  private readonly retriesAfterKill = new Turns();
  private sinkhole: Promise<Sinkhole> | null = null;
  private closed = false;
  private active = 0;
  /** Browser processes started so far (a restart after a crash adds one). */
  launches = 0;
  /** Browsers replaced because their own processes had grown past their bound. */
  retirements = 0;
  /**
   * How much (PSS, bytes) the browser's own processes (all but its renderers) may grow past what
   * they held once started: the render cap, so a page's Blobs, kept in the browser process, are
   * held to what its renderer may hold, but never less than what ordinary renders grow them by
   * (MIN_OWN_GROWTH_MB). 0 when the cap is off: so is this.
   */
  readonly ownMemoryGrowth: number;

  constructor(
    private readonly config: Config,
    private readonly fetcher: Fetcher,
  ) {
    this.slots = new TaskSlots(config.browserConcurrency);
    this.ownMemoryGrowth =
      config.browserMaxMemoryMb > 0 ? Math.max(config.browserMaxMemoryMb, MIN_OWN_GROWTH_MB) * 1024 * 1024 : 0;
  }

  /** Renders that may run at once. */
  get capacity(): number {
    return this.config.browserConcurrency;
  }

  /** Renders running now. */
  get inUse(): number {
    return this.active;
  }

  /** Renders waiting for a free slot. */
  get waiting(): number {
    return this.slots.queued;
  }

  /**
   * Connections the browser opened outside request interception, all of which ended at the
   * sinkhole: 0 unless something slipped past the gate (then it still reached nothing).
   */
  async strayConnections(): Promise<number> {
    return this.sinkhole ? (await this.sinkhole).connections() : 0;
  }

  async render(job: RenderJob): Promise<RenderedPage> {
    if (this.closed) throw new ItemFailure('connect_error', 'The browser pool is closed.');
    const inTime = AbortSignal.any([job.signal, AbortSignal.timeout(Math.max(1, job.deadlineAt - Date.now()))]);
    const release = await this.slots.acquire(inTime).catch((err) => {
      if (job.signal.aborted) throw err;
      throw new ItemFailure('timeout', 'No browser slot came free within the time left for this URL.');
    });
    this.active++;
    const limits = {
      maxRequests: this.config.browserMaxRequests,
      maxBytes: this.config.browserMaxBytes,
      maxHtmlChars: this.config.maxBodyBytes,
      maxMemoryMb: this.config.browserMaxMemoryMb,
    };
    /** Each attempt's end: its context closed and its renderers gone. */
    const ends: Promise<void>[] = [];
    /** Set once this render's browser was killed for its memory: it is tried again, in turn. */
    let afterMemoryKill = false;
    let endRetryTurn = () => {};
    try {
      for (let attempt = 0; ; attempt++) {
        // A retry whose turn does not come within its time answers as its first try did.
        if (afterMemoryKill)
          endRetryTurn = await this.retriesAfterKill.take(inTime).catch(() => {
            throw browserOverMemory(limits.maxMemoryMb);
          });
        // A browser still starting when the item's time is up does not hold the answer back (it
        // goes on starting for the next one).
        const run = await within(this.ensureBrowser(), {
          signal: job.signal,
          ms: Math.max(1, job.deadlineAt - Date.now()),
          timeUp: () => new ItemFailure('timeout', 'The browser did not start within the time left for this URL.'),
        });
        run.renders++;
        this.startWatch(run);
        let started: number[] = [];
        let closing: Promise<void> | null = null;
        try {
          const page = await renderPage(run.browser, this.fetcher, job, limits, {
            opening: (open) =>
              run.renderers.started(open, (pids) => (started = pids), {
                signal: inTime,
                withinMs: OPENING_MS,
              }),
            dispose: (ctx) => {
              closing = this.dispose(run, ctx, () => started);
            },
          });
          // Read as the browser was killed: not the page's whole story.
          if (run.overMemory) throw browserOverMemory(limits.maxMemoryMb);
          // Nor is a retry's page read at its deadline before it fell quiet (a retry's turn may
          // come with little time left): it answers as its first try did, as a turn that does not
          // come in time does.
          if (afterMemoryKill && !page.settled) throw browserOverMemory(limits.maxMemoryMb);
          return page;
        } catch (err) {
          if (run.overMemory) {
            // Which render made the browser grow is not known: each on it is tried once more on a
            // new browser, one at a time, so an innocent page answers, and a page that grows it
            // again answers response_too_large (on its own, or beside a first try).
            if (attempt > 0 || job.signal.aborted || job.deadlineAt - Date.now() < 1000)
              throw browserOverMemory(limits.maxMemoryMb);
            afterMemoryKill = true;
            continue;
          }
          if (!(err instanceof ItemFailure) && inTime.aborted && !job.signal.aborted)
            throw new ItemFailure('timeout', 'The browser did not open the page within the time left for this URL.');
          // A browser that died or hung before or while this page was set up: start another, once.
          const gone = run.dropped || !run.browser.isConnected();
          if (!gone || attempt > 0 || job.signal.aborted || job.deadlineAt - Date.now() < 1000) throw err;
          void this.drop(run);
        } finally {
          const last = closing as Promise<void> | null;
          ends.push(
            (last ?? Promise.resolve()).finally(() => {
              run.renders--;
              if (run.renders === 0 && run.watch) {
                run.watch.stop();
                run.watch = null;
              }
              return this.afterRender(run);
            }),
          );
        }
      }
    } finally {
      endRetryTurn();
      // The slot is held until the context is really closed and the renderers it started have
      // exited, so a wedged page or a renderer still holding memory counts against capacity; the
      // answer does not wait for that.
      void Promise.all(ends).finally(() => {
        this.active--;
        release();
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    const sinkhole = this.sinkhole;
    this.browser = null;
    this.sinkhole = null;
    if (browser)
      await browser.then(
        (run) => killBrowser(run.browser, run.pid),
        () => {},
      );
    await Promise.all([...this.retiring].map((run) => killBrowser(run.browser, run.pid)));
    await this.draining;
    if (sinkhole)
      await sinkhole.then(
        (s) => s.close(),
        () => {},
      );
  }

  private async dispose(run: Running, context: BrowserContext, started: () => number[]): Promise<void> {
    // A close that fails has ended the context too; only one that never ends is a wedge.
    const closed = await beforeTime(
      context.close().catch(() => {}),
      CONTEXT_CLOSE_MS,
    ).then(
      () => true,
      () => false,
    );
    if (!closed || !(await whenExited(started(), RENDERER_EXIT_MS))) await this.drop(run);
  }

  /**
   * After each render: a retiring browser is closed once its last render has ended; the current
   * one is retired when its own processes hold more than the bound (a page's Blobs stay in the
   * browser process, and no Chromium switch bounds them).
   */
  private async afterRender(run: Running): Promise<void> {
    if (run.retiring) {
      if (run.renders === 0) run.retiring();
      return;
    }
    if (run.dropped || !(await this.overBound(run))) return;
    // Read meanwhile: another render may have ended and retired it, or it may have died.
    if (run.retiring || run.dropped) return;
    this.retirements++;
    void this.forget(run);
    const previous = this.draining;
    this.retiring.add(run);
    this.draining = new Promise<void>((drained) => {
      run.retiring = () =>
        void killBrowser(run.browser, run.pid).then(() => {
          this.retiring.delete(run);
          drained();
        });
    }).then(() => previous);
    if (run.renders === 0) run.retiring!();
  }

  private async overBound(run: Running): Promise<boolean> {
    if (run.own === null || this.ownMemoryGrowth <= 0) return false;
    return (await run.own.read()) > run.baseline + this.ownMemoryGrowth;
  }

  /**
   * While a browser renders, its own memory is watched (memory-watch.ts): past its bound, it is
   * killed at once (every render on it answers response_too_large). A page's Blobs grow it only
   * while the page is open, so a check after each render alone would let one page hold gigabytes.
   */
  private startWatch(run: Running): void {
    const own = run.own;
    if (run.watch || own === null || this.ownMemoryGrowth <= 0) return;
    run.watch = new MemoryWatch({
      own,
      baseline: run.baseline,
      growth: this.ownMemoryGrowth,
      over: () => {
        if (run.dropped) return;
        run.overMemory = true;
        void this.drop(run, true);
      },
    });
  }

  /**
   * Forgets a browser that crashed or wedged and kills what is left of it; the next render starts
   * another. `now`: no graceful close first (it is hung, or holding too much to wait for).
   */
  private async drop(run: Running, now = false): Promise<void> {
    if (run.dropped) return this.forget(run);
    run.dropped = true;
    if (run.watch) {
      run.watch.stop();
      run.watch = null;
    }
    await this.forget(run);
    await killBrowser(run.browser, run.pid, now);
  }

  /** No render is given `run` any more (the next starts another browser). */
  private async forget(run: Running): Promise<void> {
    const current = this.browser;
    if (current && (await current.catch(() => null)) === run && this.browser === current) this.browser = null;
  }

  private async ensureBrowser(): Promise<Running> {
    if (this.browser) {
      // 'disconnected' may not have been delivered yet for a browser that just died.
      const current = await this.browser.catch(() => null);
      if (current && (current.dropped || current.retiring !== null || !current.browser.isConnected())) {
        if (current.retiring === null) void this.drop(current);
        await this.forget(current);
      }
    }
    if (!this.browser) {
      // A retired browser is gone before the next starts: they do not hold memory together.
      const launching = this.draining.then(() => this.launch());
      this.browser = launching;
      // A failed launch is not cached: the next render tries again.
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
    }
    return this.browser;
  }

  private async launch(): Promise<Running> {
    if (!this.sinkhole) {
      const opening = openSinkhole();
      this.sinkhole = opening;
      opening.catch(() => {
        if (this.sinkhole === opening) this.sinkhole = null;
      });
    }
    const sinkhole = await this.sinkhole;
    const browser = await startChromium(this.config, sinkhole.address);
    this.launches++;
    const run: Running = {
      browser,
      pid: null,
      own: null,
      renderers: new RendererProcesses(browser, () => void this.drop(run, true)),
      renders: 0,
      dropped: false,
      retiring: null,
      baseline: 0,
      watch: null,
      overMemory: false,
    };
    browser.on('disconnected', () => void this.drop(run));
    // A browser that does not even say its pid within the launch time is as good as hung.
    run.pid = await beforeTime(run.renderers.browserPid(), LAUNCH_TIMEOUT_MS).catch(() => null);
    if (run.pid !== null) {
      run.own = new BrowserOwnMemory(run.pid);
      run.baseline = await run.own.read();
    }
    if (this.closed || run.pid === null) {
      await killBrowser(run.browser, run.pid);
      throw new ItemFailure(
        'connect_error',
        this.closed ? 'The browser pool is closed.' : 'The browser did not answer once started.',
      );
    }
    return run;
  }
}
