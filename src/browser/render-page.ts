// One render: a fresh browser context (no cookies, storage or cache from any other call), the
// request gate on every request, the document the tool already fetched served for the first
// navigation, then the DOM as serialised HTML once the page is quiet or its time is up.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';
import { ItemFailure } from '../errors/codes.js';
import type { FetchResult, Fetcher } from '../fetch/types.js';
import { within } from '../util/before-time.js';
import { DomReader } from './dom-reader.js';
import { INIT_SCRIPT } from './launch-options.js';
import { RequestGate, type GateStats } from './request-gate.js';

/** After network idle, the gate must also have had no request in flight for this long. */
const QUIET_MS = 100;
/**
 * A page whose network never falls quiet (a script polling, reloading the page or sending beacons
 * without end, an ad rotating) is read once its DOM has looked the same this long, with no request
 * being answered: otherwise it would hold its browser slot until its deadline, whatever it shows.
 */
const DOM_STILL_MS = 2000;
/** Time kept back from the render deadline to read the DOM. */
const READ_RESERVE_MS = 1500;
/** How long after its page closed a dying browser may take to be seen disconnected. */
const DEATH_SEEN_MS = 1000;

export interface RenderLimits {
  maxRequests: number;
  maxBytes: number;
  /** Characters of the rendered DOM read back at most (the rest is cut, like a fetched body). */
  maxHtmlChars: number;
  /** The renderer's memory cap (launch-options.ts), for the message when it crashes; 0: none. */
  maxMemoryMb: number;
}

export interface RenderJob {
  /** The guarded fetch of the page: its final URL is navigated to and answered with its body. */
  document: FetchResult;
  /** Epoch ms by which the rendered HTML must be in hand, whatever happens. */
  deadlineAt: number;
  /** The page's own time budget, counted once the browser is ready (starting it is not the page's time). */
  budgetMs: number;
  signal: AbortSignal;
}

export interface RenderHooks {
  /**
   * Runs the opening of the render's context and page (the pool notes which renderers it starts,
   * and bounds how long the opening may take); it may give up before `open` has ended.
   */
  opening: <T>(open: () => Promise<T>) => Promise<T>;
  /** Takes the context once the render is over (not closed here). */
  dispose: (context: BrowserContext) => void;
}

export interface RenderedPage {
  html: string;
  /** From the guarded fetch of the document the main frame shows. */
  finalUrl: string;
  /** The page reached its load event and fell quiet before the deadline. */
  settled: boolean;
  stats: GateStats;
}

/**
 * Renders in `browser`. Resolves with the DOM; rejects with ItemFailure('timeout') when the
 * page cannot even be read before the deadline (a script that never yields). The context is
 * handed to `hooks.dispose` (not closed here), so the caller can close it, or kill the browser
 * when closing hangs, without delaying the answer.
 */
export async function renderPage(
  browser: Browser,
  fetcher: Fetcher,
  job: RenderJob,
  limits: RenderLimits,
  hooks: RenderHooks,
): Promise<RenderedPage> {
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, job.signal]);
  const gate = new RequestGate({
    fetcher,
    document: job.document,
    deadlineAt: job.deadlineAt - READ_RESERVE_MS,
    maxRequests: limits.maxRequests,
    maxBytes: limits.maxBytes,
    signal,
  });
  /** Set once the context exists, so it is disposed of whatever fails after. */
  const made: { context?: BrowserContext } = {};
  /** The render is over: a context whose opening it stopped waiting for is disposed of as it comes. */
  let over = false;
  try {
    const page = await hooks.opening(async () => {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        acceptDownloads: false,
        javaScriptEnabled: true,
        viewport: { width: 1280, height: 900 },
      });
      made.context = context;
      if (over) {
        hooks.dispose(context);
        throw new ItemFailure('timeout', 'The render was over before its page opened.');
      }
      await context.addInitScript(INIT_SCRIPT);
      await context.route('**/*', gate.handle);
      // Every WebSocket is answered by a mock that closes at once: none reaches a server.
      await context.routeWebSocket(
        () => true,
        (ws) => ws.close({ code: 1008, reason: 'WebSockets are refused while rendering.' }),
      );
      return context.newPage();
    });
    // A renderer that crashed (past its memory cap, as a rule) shows nothing more: the render
    // ends now rather than at its deadline.
    page.once('crash', () => stop.abort(rendererCrashed(limits.maxMemoryMb)));
    // Popups and new windows: closed as they open (their requests would meet the gate anyway).
    page.context().on('page', (other) => {
      if (other !== page) other.close().catch(() => {});
    });
    page.on('dialog', (d) => d.dismiss().catch(() => {}));

    // The page's budget starts now: setting up a context on a busy machine is not the page's time.
    const deadlineAt = Math.min(job.deadlineAt, Date.now() + job.budgetMs);
    gate.deadlineAt = deadlineAt - READ_RESERVE_MS;
    const reader = new DomReader(page, limits.maxHtmlChars);
    reader.startSnapshots();
    let settled: boolean;
    try {
      settled = await load(page, job.document.finalUrl, gate, reader, deadlineAt - READ_RESERVE_MS, signal);
    } finally {
      reader.stopSnapshots();
    }
    const html = (await reader.fresh(deadlineAt, signal)) ?? reader.latest;
    if (signal.aborted) throw signal.reason;
    // A browser that died (a crash, or killed from outside) closed the page; the copy taken before
    // may predate its text. Not an ItemFailure: the pool renders the page again on a new browser.
    if (page.isClosed() && (await ends(browser, DEATH_SEEN_MS)))
      throw new Error('The browser ended while it rendered the page.');
    if (html === null)
      throw new ItemFailure('timeout', "The page's scripts did not let it be read within the render time budget.");
    return { html, finalUrl: gate.mainFinalUrl, settled, stats: { ...gate.stats } };
  } finally {
    over = true;
    stop.abort();
    if (made.context) hooks.dispose(made.context);
  }
}

/**
 * Navigates and waits for the load event, then until the page is quiet, all until `until`. Quiet
 * is network idle (Playwright's: 500 ms without a request, judged from the browser's own events,
 * so a request a script issued just before load is not missed) and then no request answered by
 * the gate for QUIET_MS; or, for a page whose requests never stop, a DOM that has not changed for
 * DOM_STILL_MS since the load event while no request is being answered (a request still coming, such as a slow API's
 * answer the page waits for, keeps the render waiting).
 */
async function load(
  page: Page,
  url: string,
  gate: RequestGate,
  reader: DomReader,
  until: number,
  signal: AbortSignal,
): Promise<boolean> {
  const left = () => Math.max(1, until - Date.now());
  try {
    await within(page.goto(url, { waitUntil: 'load', timeout: left() }), { signal });
    // Copies taken before the load event do not count: a page whose scripts came slowly showed the
    // same DOM while it waited for them, and may only now ask for what it shows.
    const loadedAt = Date.now();
    let networkIdle = false;
    void page.waitForLoadState('networkidle', { timeout: left() }).then(
      () => (networkIdle = true),
      () => {},
    );
    // A page that closed (its browser died) is read, or found gone, at once.
    while (Date.now() < until && !page.isClosed()) {
      if (networkIdle && gate.isQuiet(QUIET_MS)) return true;
      if (gate.isIdle() && reader.unchangedForMs(loadedAt) >= DOM_STILL_MS) return true;
      await sleep(Math.min(50, left()), undefined, { signal });
    }
  } catch {
    // A page that never finishes loading is read as it stands at the deadline; an abort (the
    // renderer crashed, the caller left) ends the render with its own reason.
    if (signal.aborted) throw signal.reason;
  }
  return false;
}

/**
 * Whether `browser` is or becomes disconnected within `ms`: the page of a browser that dies is
 * seen closed a moment before the browser is seen gone. A page that closed itself leaves it
 * connected, and is read as it stood.
 */
function ends(browser: Browser, ms: number): Promise<boolean> {
  if (!browser.isConnected()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const gone = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      browser.off('disconnected', gone);
      resolve(false);
    }, ms);
    browser.once('disconnected', gone);
  });
}

function rendererCrashed(maxMemoryMb: number): ItemFailure {
  const cap = maxMemoryMb > 0 ? ` (URLKIT_BROWSER_MAX_MEMORY_MB, ${maxMemoryMb} MiB)` : '';
  return new ItemFailure(
    'response_too_large',
    `The page's renderer crashed: the page took more memory than a render may${cap}.`,
    { retryable: false },
  );
}
