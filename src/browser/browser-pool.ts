// One Chromium process for the service, started on first use (playwright-core is imported only
// then, so a service without URLKIT_BROWSER never loads it), a fresh context per render, and a
// bounded number of renders at once. A browser that crashes or hangs is dropped and the next
// render starts a new one. capacity / inUse / waiting let admission control see how busy it is.
import type { Browser, BrowserContext } from 'playwright-core';
import type { Config } from '../config/config.js';
import { ItemFailure } from '../errors/codes.js';
import type { Fetcher } from '../fetch/types.js';
import { TaskSlots } from '../workers/task-slots.js';
import { chromiumArgs, findPrlimit, rendererMemoryArgs } from './launch-options.js';
import { renderPage, type RenderJob, type RenderedPage } from './render-page.js';
import { RendererProcesses, whenExited } from './renderer-processes.js';
import { openSinkhole, type Sinkhole } from './sinkhole.js';

/** How long closing a context may take before the browser is presumed wedged and killed. */
const CONTEXT_CLOSE_MS = 3000;
/** How long a closed context's renderers may take to exit before the browser is killed instead. */
const RENDERER_EXIT_MS = 3000;
const LAUNCH_TIMEOUT_MS = 30_000;

export class BrowserPool {
  private readonly slots: TaskSlots;
  private browser: Promise<Browser> | null = null;
  /** The browser `browser` resolved to, once launched. */
  private launched: Browser | null = null;
  /** Each browser's renderer processes (a browser that died is forgotten with its entry). */
  private readonly renderers = new WeakMap<Browser, RendererProcesses>();
  private sinkhole: Promise<Sinkhole> | null = null;
  private closed = false;
  private active = 0;
  /** Browser processes started so far (a restart after a crash adds one). */
  launches = 0;

  constructor(
    private readonly config: Config,
    private readonly fetcher: Fetcher,
  ) {
    this.slots = new TaskSlots(config.browserConcurrency);
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
    const release = await this.slots
      .acquire(AbortSignal.any([job.signal, AbortSignal.timeout(Math.max(1, job.deadlineAt - Date.now()))]))
      .catch((err) => {
        if (job.signal.aborted) throw err;
        throw new ItemFailure('timeout', 'No browser slot came free within the time left for this URL.');
      });
    this.active++;
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      this.active--;
      release();
    };
    const limits = {
      maxRequests: this.config.browserMaxRequests,
      maxBytes: this.config.browserMaxBytes,
      maxHtmlChars: this.config.maxBodyBytes,
      maxMemoryMb: this.config.browserMaxMemoryMb,
    };
    let closing: Promise<void> | null = null;
    try {
      for (let attempt = 0; ; attempt++) {
        const browser = await beforeDeadline(this.ensureBrowser(), job);
        let started: number[] = [];
        try {
          return await renderPage(browser, this.fetcher, job, limits, {
            opening: (open) => this.renderersOf(browser).started(open, (pids) => (started = pids)),
            dispose: (ctx) => {
              closing = this.dispose(browser, ctx, () => started);
            },
          });
        } catch (err) {
          // A browser that died before or while this page was set up: start another, once.
          if (browser.isConnected() || attempt > 0 || job.signal.aborted || job.deadlineAt - Date.now() < 1000)
            throw err;
          void this.drop(browser);
        }
      }
    } finally {
      // The slot is held until the context is really closed and the renderers it started have
      // exited, so a wedged page or a renderer still holding memory counts against capacity; the
      // answer does not wait for that.
      const last = closing as Promise<void> | null;
      if (last) void last.finally(done);
      else done();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    const sinkhole = this.sinkhole;
    this.browser = null;
    this.launched = null;
    this.sinkhole = null;
    if (browser)
      await browser.then(
        (b) => killBrowser(b),
        () => {},
      );
    if (sinkhole)
      await sinkhole.then(
        (s) => s.close(),
        () => {},
      );
  }

  private async dispose(browser: Browser, context: BrowserContext, started: () => number[]): Promise<void> {
    const closed = await Promise.race([
      context.close().then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => setTimeout(resolve, CONTEXT_CLOSE_MS, false).unref()),
    ]);
    if (!closed || !(await whenExited(started(), RENDERER_EXIT_MS))) await this.drop(browser);
  }

  private renderersOf(browser: Browser): RendererProcesses {
    let renderers = this.renderers.get(browser);
    if (!renderers) {
      renderers = new RendererProcesses(browser);
      this.renderers.set(browser, renderers);
    }
    return renderers;
  }

  /** Forgets a browser that crashed or wedged and kills what is left of it; the next render starts another. */
  private drop(browser: Browser): Promise<void> {
    if (this.launched === browser) {
      this.launched = null;
      this.browser = null;
    }
    return killBrowser(browser);
  }

  private async ensureBrowser(): Promise<Browser> {
    if (this.browser) {
      // 'disconnected' may not have been delivered yet for a browser that just died.
      const current = await this.browser.catch(() => null);
      if (current && !current.isConnected()) void this.drop(current);
    }
    if (!this.browser) {
      const launching = this.launch();
      this.browser = launching;
      // A failed launch is not cached: the next render tries again.
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
    }
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    if (!this.sinkhole) {
      const opening = openSinkhole();
      this.sinkhole = opening;
      opening.catch(() => {
        if (this.sinkhole === opening) this.sinkhole = null;
      });
    }
    const sinkhole = await this.sinkhole;
    const args = chromiumArgs(sinkhole.address);
    const maxMemoryMb = this.config.browserMaxMemoryMb;
    if (maxMemoryMb > 0) {
      const prlimit = findPrlimit();
      if (!prlimit)
        throw new ItemFailure(
          'connect_error',
          'The browser was not started: capping a page at URLKIT_BROWSER_MAX_MEMORY_MB needs prlimit (util-linux); ' +
            'install it, or set URLKIT_BROWSER_MAX_MEMORY_MB=0 to render without a cap.',
        );
      args.push(...rendererMemoryArgs(maxMemoryMb, prlimit));
    }
    const { chromium } = await import('playwright-core');
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath: this.config.browserPath!,
        args,
        headless: true,
        chromiumSandbox: false,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        timeout: LAUNCH_TIMEOUT_MS,
      });
    } catch (err) {
      throw new ItemFailure('connect_error', 'The browser could not be started.', { cause: err, retryable: true });
    }
    this.launches++;
    this.launched = browser;
    browser.on('disconnected', () => void this.drop(browser));
    if (this.closed) {
      await killBrowser(browser);
      throw new ItemFailure('connect_error', 'The browser pool is closed.');
    }
    return browser;
  }
}

/** Closes a browser; Playwright ends the process when it does not exit. Bounded for shutdown. */
async function killBrowser(browser: Browser): Promise<void> {
  await Promise.race([browser.close().catch(() => {}), new Promise<void>((r) => setTimeout(r, 5000).unref())]);
}

/**
 * A browser still starting when the item's time is up does not hold the answer back (it goes on
 * starting for the next one).
 */
function beforeDeadline<T>(p: Promise<T>, job: RenderJob): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ItemFailure('timeout', 'The browser did not start within the time left for this URL.')),
      Math.max(1, job.deadlineAt - Date.now()),
    );
    const onAbort = () => reject(job.signal.reason as Error);
    job.signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      job.signal.removeEventListener('abort', onAbort);
    });
  });
}
