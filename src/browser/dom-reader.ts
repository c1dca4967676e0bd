// Reading a page's DOM. While the page loads, a copy is taken every SNAPSHOT_MS, one read at a
// time, so a page that never settles (or a busy machine that makes the last read slow) still
// leaves the latest DOM it showed; a script that never yields blocks every read, and then there
// is none. How long the copies have stayed the same tells the render when a page whose network
// never falls quiet has nonetheless finished drawing (render-page.ts).
//
// A copy crosses to the service's main thread (the protocol message is parsed there), so its
// size must not be the page's to choose: the DOM is serialised as page.content() does it, in an
// isolated world of the page (the page's scripts cannot reach its prototypes), and only its
// first `maxChars` characters come back, as a fetched body is cut at its byte cap.
import type { CDPSession, Page } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';
import { within } from '../util/before-time.js';

const SNAPSHOT_MS = 1000;
const WORLD = 'urlkit-dom-reader';

/** What page.content() returns, cut at `max` characters (run in the page). */
const SERIALISE = `(max) => {
  let html = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
  if (document.documentElement) html += document.documentElement.outerHTML;
  return html.length > max ? html.slice(0, max) : html;
}`;

export class DomReader {
  /** The latest DOM read, or null. */
  latest: string | null = null;
  /** When the first read showing `latest` ended (epoch ms). */
  private sameSince = 0;
  /** When the latest read that succeeded ended (epoch ms). */
  private lastReadAt = 0;
  private inFlight: Promise<string | null> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private session: Promise<CDPSession> | null = null;
  /** Our isolated world's execution context in the current document, once made. */
  private world: number | null = null;

  constructor(
    private readonly page: Page,
    private readonly maxChars: number,
  ) {}

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
   * the fresh DOM, or null when none came in time or `signal` was aborted first (a read of a
   * renderer that crashed mid-script is never answered).
   */
  async fresh(deadlineAt: number, signal: AbortSignal): Promise<string | null> {
    if (this.inFlight && (await this.within(this.inFlight, deadlineAt, signal)) === undefined) return null;
    while (Date.now() < deadlineAt && !signal.aborted && !this.page.isClosed()) {
      const html = await this.within(this.read(), deadlineAt, signal);
      if (html === undefined) return null;
      if (html !== null) return html;
      await sleep(Math.min(100, Math.max(1, deadlineAt - Date.now())));
    }
    return null;
  }

  /**
   * How long the reads have shown the same DOM, counted from `since` (epoch ms) at the earliest:
   * from the first read that showed it to the latest (0 before two reads). A read that failed
   * (the page was navigating) neither ends nor extends it.
   */
  unchangedForMs(since: number): number {
    return this.latest === null ? 0 : Math.max(0, this.lastReadAt - Math.max(this.sameSince, since));
  }

  /** One read at a time; null when it failed (e.g. the page was navigating). */
  private read(): Promise<string | null> {
    this.inFlight ??= this.copy()
      .then(
        (html) => {
          const now = Date.now();
          if (html !== this.latest) this.sameSince = now;
          this.lastReadAt = now;
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

  /** The main frame's DOM, serialised in our isolated world (made again after a navigation). */
  private async copy(): Promise<string> {
    const session = await (this.session ??= this.page.context().newCDPSession(this.page));
    try {
      if (this.world !== null) return await this.evaluate(session, this.world);
    } catch {
      // The world went with the document it was made in.
    }
    const { frameTree } = await session.send('Page.getFrameTree');
    const made = await session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: WORLD });
    this.world = made.executionContextId;
    return this.evaluate(session, this.world);
  }

  private async evaluate(session: CDPSession, contextId: number): Promise<string> {
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
      expression: `(${SERIALISE})(${this.maxChars})`,
      contextId,
      returnByValue: true,
    });
    if (exceptionDetails || typeof result.value !== 'string') throw new Error('The DOM could not be read.');
    return result.value;
  }

  /** `p`'s value (it never rejects), or undefined when the deadline or `signal`'s abort comes first. */
  private within<T>(p: Promise<T>, deadlineAt: number, signal: AbortSignal): Promise<T | undefined> {
    return within(p, { signal, ms: Math.max(1, deadlineAt - Date.now()) }).catch(() => undefined);
  }
}
