// One Chromium process for the service, started on first use (playwright-core is imported only
// then, so a service without URLKIT_BROWSER never loads it), a fresh context per render, and a
// bounded number of renders at once. A browser that crashes or hangs is dropped and the next
// render starts a new one. capacity / inUse / waiting let admission control see how busy it is.
import type { Browser, BrowserContext } from 'playwright-core';
import type { Config } from '../config/config.js';
import { ItemFailure } from '../errors/codes.js';
import type { Fetcher } from '../fetch/types.js';
import { TaskSlots } from '../workers/task-slots.js';
import { chromiumArgs } from './launch-options.js';
import { renderPage, type RenderJob, type RenderedPage } from './render-page.js';
import { openSinkhole, type Sinkhole } from './sinkhole.js';

/** How long closing a context may take before the browser is presumed wedged and killed. */
const CONTEXT_CLOSE_MS = 3000;
const LAUNCH_TIMEOUT_MS = 30_000;

export class BrowserPool {
  private readonly slots: TaskSlots;
  private browser: Promise<Browser> | null = null;
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
    const release = await this.slots.acquire(AbortSignal.any([job.signal, AbortSignal.timeout(Math.max(1, job.deadlineAt - Date.now()))])).catch((err) => {
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
    try {
      const browser = await this.ensureBrowser();
      // The slot is held until the context is really closed, so a wedged page counts against capacity.
      return await renderPage(browser, this.fetcher, job, { maxRequests: this.config.browserMaxRequests, maxBytes: this.config.browserMaxBytes }, (ctx) => {
        void this.dispose(browser, ctx).finally(done);
      });
    } catch (err) {
      done();
      throw err;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    const sinkhole = this.sinkhole;
    this.browser = null;
    this.sinkhole = null;
    if (browser) await browser.then((b) => killBrowser(b), () => {});
    if (sinkhole) await sinkhole.then((s) => s.close(), () => {});
  }

  private async dispose(browser: Browser, context: BrowserContext): Promise<void> {
    const closed = await Promise.race([
      context.close().then(() => true, () => true),
      new Promise<boolean>((resolve) => setTimeout(resolve, CONTEXT_CLOSE_MS, false).unref()),
    ]);
    if (!closed) this.drop(browser);
  }

  /** Forgets a browser that crashed or wedged and kills what is left of it; the next render starts another. */
  private drop(browser: Browser): void {
    if (this.browser) {
      void this.browser.then((b) => {
        if (b === browser) this.browser = null;
      }, () => {});
    }
    void killBrowser(browser);
  }

  private ensureBrowser(): Promise<Browser> {
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
    const sinkhole = await this.sinkhole!;
    const { chromium } = await import('playwright-core');
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath: this.config.browserPath!,
        args: chromiumArgs(sinkhole.address),
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
    browser.on('disconnected', () => this.drop(browser));
    if (this.closed) {
      await killBrowser(browser);
      throw new ItemFailure('connect_error', 'The browser pool is closed.');
    }
    return browser;
  }
}

async function killBrowser(browser: Browser): Promise<void> {
  const closing = browser.close().catch(() => {});
  const timedOut = await Promise.race([closing.then(() => false), new Promise<boolean>((r) => setTimeout(r, 2000, true).unref())]);
  if (timedOut) {
    // browser.close() waits on the browser; a wedged one is ended by signal.
    try {
      (browser as unknown as { process?: () => { kill(sig: string): void } | null }).process?.()?.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
