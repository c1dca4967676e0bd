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
import { hasExited } from './process-table.js';

/** How often a closed render's renderers are looked for. */
const EXIT_POLL_MS = 25;

export class RendererProcesses {
  private session: Promise<CDPSession> | null = null;
  /** The last opening; the next waits for it. */
  private opening: Promise<unknown> = Promise.resolve();

  constructor(private readonly browser: Browser) {}

  /** The pids of the browser's renderer processes now. */
  async list(): Promise<Set<number>> {
    this.session ??= this.browser.newBrowserCDPSession();
    const { processInfo } = await (await this.session).send('SystemInfo.getProcessInfo');
    return new Set(processInfo.filter((p) => p.type === 'renderer').map((p) => p.id));
  }

  /**
   * Runs `open` while no other render opens, and hands the renderers that appeared meanwhile to
   * `started` before `open`'s own result is used (so they are known even when opening fails later).
   */
  async started<T>(open: () => Promise<T>, started: (pids: number[]) => void): Promise<T> {
    const turn = this.opening.then(async () => {
      const before = await this.list();
      try {
        return await open();
      } finally {
        const after = await this.list().catch(() => new Set<number>());
        started([...after].filter((pid) => !before.has(pid)));
      }
    });
    this.opening = turn.catch(() => {});
    return turn;
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
