// Which renderer processes a render started, and when they have exited. A render's browser slot
// is given back only once they have: a closed context's renderer goes on holding its memory
// until its process ends, and the memory cap (launch-options.ts) is per renderer, so the bound
// on the renders' memory (slots x cap) holds only if no renderer outlives its slot.
// The browser names its renderers (DevTools' SystemInfo.getProcessInfo); a render's are those
// that appear while its context and page open. Renders open one at a time for that, which is
// a few milliseconds of the browser's time, not the page's. With the switches of
// launch-options.ts a render keeps the processes it opened with: its page's renderer (its
// frames and the windows it opens live in it) and the browser's own UI renderer for its window.
import type { Browser, CDPSession } from 'playwright-core';
import { ItemFailure } from '../errors/codes.js';
import { within } from '../util/before-time.js';
import { hasExited } from './process-table.js';

/** How often a closed render's renderers are looked for. */
const EXIT_POLL_MS = 25;

export interface OpeningLimits {
  /** The render's own: once aborted, its turn is skipped (or its wait given up). */
  signal: AbortSignal;
  /**
   * How long an opening may take once its turn has come before the browser is taken to be hung
   * (`onHung` runs and the opening fails), whoever's turn it is.
   */
  withinMs: number;
}

export class RendererProcesses {
  private session: Promise<CDPSession> | null = null;
  /** The last opening; the next waits for it. */
  private opening: Promise<unknown> = Promise.resolve();

  /** `onHung` runs when an opening does not end in time (the pool then kills the browser). */
  constructor(
    private readonly browser: Browser,
    private readonly onHung: () => void,
  ) {}

  /** The pids of the browser's renderer processes now. */
  async list(): Promise<Set<number>> {
    this.session ??= this.browser.newBrowserCDPSession();
    const { processInfo } = await (await this.session).send('SystemInfo.getProcessInfo');
    return new Set(processInfo.filter((p) => p.type === 'renderer').map((p) => p.id));
  }

  /** The browser process's own pid, as the browser says (null if it does not say). */
  async browserPid(): Promise<number | null> {
    this.session ??= this.browser.newBrowserCDPSession();
    const { processInfo } = await (await this.session).send('SystemInfo.getProcessInfo');
    return processInfo.find((p) => p.type === 'browser')?.id ?? null;
  }

  /**
   * Runs `open` while no other render opens, and hands the renderers that appeared meanwhile to
   * `started` before `open`'s own result is used (so they are known even when opening fails later).
   * A render whose signal is aborted stops waiting at once; an opening that does not end within
   * `limits.withinMs` (a browser or renderer that stopped answering) fails, and the next turn
   * does not wait for it.
   */
  started<T>(open: () => Promise<T>, started: (pids: number[]) => void, limits: OpeningLimits): Promise<T> {
    const turn = this.opening.then(() => {
      limits.signal.throwIfAborted();
      const opened = async () => {
        const before = await this.list();
        try {
          return await open();
        } finally {
          const after = await this.list().catch(() => new Set<number>());
          started([...after].filter((pid) => !before.has(pid)));
        }
      };
      return within(opened(), { ms: limits.withinMs, timeUp: () => this.hung(limits.withinMs) });
    });
    this.opening = turn.catch(() => {});
    return within(turn, { signal: limits.signal });
  }

  /** An opening that did not end in time: the browser is taken to be hung. */
  private hung(withinMs: number): ItemFailure {
    this.onHung();
    return new ItemFailure('timeout', `The browser did not open a page within ${withinMs / 1000} s; it is restarted.`, {
      retryable: true,
    });
  }
}

/** Whether every pid has exited (gone, or a zombie its parent has not yet reaped). */
export function allExited(pids: readonly number[]): boolean {
  return pids.every(hasExited);
}

/** Resolves true once every pid has exited, false if some are still there after `withinMs`. */
export async function whenExited(pids: readonly number[], withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    if (allExited(pids)) return true;
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, EXIT_POLL_MS).unref());
  }
}
