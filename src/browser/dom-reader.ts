// Reading a page's DOM (page.content(), which runs in the page). While the page loads, a copy
// is taken every SNAPSHOT_MS, one read at a time, so a page that never settles (or a busy
// machine that makes the last read slow) still leaves the latest DOM it showed; a script that
// never yields blocks every read, and then there is none.
import type { Page } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';

const SNAPSHOT_MS = 1000;

export class DomReader {
  /** The latest DOM read, or null. */
  latest: string | null = null;
  private inFlight: Promise<string | null> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly page: Page) {}

  /** Starts taking copies in the background until stopSnapshots(). */
  startSnapshots(): void {
    this.timer ??= setInterval(() => void this.read(), SNAPSHOT_MS);
    this.timer.unref();
  }

  stopSnapshots(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * A read that starts after this call (a read already running is waited for first, it may be
   * stale), tried again while a navigation makes reads fail, until `deadlineAt`. Resolves with
   * the fresh DOM, or null when none came in time.
   */
  async fresh(deadlineAt: number, signal: AbortSignal): Promise<string | null> {
    if (this.inFlight && (await this.within(this.inFlight, deadlineAt)) === undefined) return null;
    while (Date.now() < deadlineAt && !signal.aborted && !this.page.isClosed()) {
      const html = await this.within(this.read(), deadlineAt);
      if (html === undefined) return null;
      if (html !== null) return html;
      await sleep(Math.min(100, Math.max(1, deadlineAt - Date.now())));
    }
    return null;
  }

  /** One read at a time; null when it failed (e.g. the page was navigating). */
  private read(): Promise<string | null> {
    this.inFlight ??= this.page
      .content()
      .then(
        (html) => {
          this.latest = html;
          return html;
        },
        () => null,
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** `p`'s value, or undefined when the deadline comes first. */
  private async within<T>(p: Promise<T>, deadlineAt: number): Promise<T | undefined> {
    const stop = new AbortController();
    try {
      return await Promise.race([
        p,
        sleep(Math.max(1, deadlineAt - Date.now()), undefined, { signal: stop.signal }).then(() => undefined),
      ]);
    } finally {
      stop.abort();
    }
  }
}
