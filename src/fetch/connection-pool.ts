// Keep-alive connections for page fetches, checked out one per request and given back only
// after a clean exchange. A new TCP connection per page was the largest single main-thread
// cost per call under load (docs/admission.md), so a fetch takes an idle connection to its
// origin when there is one.
//
// Why not a shared undici Agent: an Agent keeps a connection whatever happened on it. When a
// request is aborted while it waits for headers, undici reconnects for the aborted request and
// leaves that socket idle with nothing to send, forever, on a server that never closes it (a
// silent hostile server collects one per abort). Here a connection goes back only when its
// response was read to the end and the server did not ask to close; anything else (an abort,
// a timeout, a cut or unread body, an error) destroys it. Every connection is opened by the
// guarded connector, so a reused one still goes to the address the egress policy allowed, and
// idle connections are kept per origin only.
import { Client } from 'undici';
import { DISPATCHER_CLOSED } from './prebuilt-errors.js';

export interface PoolOptions {
  /** Opens a client (one connection at a time) to an origin. */
  open(origin: string): Client;
  /** Idle connections kept per origin (more are closed when given back). */
  maxIdlePerOrigin: number;
  /** Idle connections kept in all. */
  maxIdle: number;
  /** An idle connection is closed after this long unused. */
  idleMs: number;
}

interface Idle {
  client: Client;
  since: number;
}

export class ConnectionPool {
  private readonly idle = new Map<string, Idle[]>();
  private idleCount = 0;
  private sweeper: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly opts: PoolOptions) {}

  /** An idle connection to `origin` (the most recently used), or a new client. */
  take(origin: string): Client {
    const list = this.idle.get(origin);
    const now = Date.now();
    while (list && list.length > 0) {
      const entry = list.pop()!;
      this.idleCount--;
      if (list.length === 0) this.idle.delete(origin);
      if (this.usable(entry, now)) return entry.client;
      discard(entry.client);
    }
    return this.opts.open(origin);
  }

  /** A client whose last exchange ended cleanly: kept for the next fetch of its origin. */
  give(origin: string, client: Client): void {
    if (this.closed || client.closed || client.destroyed || this.idleCount >= this.opts.maxIdle) return discard(client);
    const list = this.idle.get(origin) ?? [];
    if (list.length >= this.opts.maxIdlePerOrigin) return discard(client);
    list.push({ client, since: Date.now() });
    this.idle.set(origin, list);
    this.idleCount++;
    this.sweepLater();
  }

  /** Idle connections now (for tests and metrics). */
  get size(): number {
    return this.idleCount;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    this.idleCount = 0;
    await Promise.all(all.map((e) => e.client.destroy(DISPATCHER_CLOSED).catch(() => {})));
  }

  /** Still open and not idle for too long. */
  private usable(e: Idle, now: number): boolean {
    return !e.client.closed && !e.client.destroyed && now - e.since < this.opts.idleMs;
  }

  private sweepLater(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), Math.max(100, this.opts.idleMs / 2));
    this.sweeper.unref();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [origin, list] of this.idle) {
      const keep = list.filter((e) => this.usable(e, now));
      for (const e of list) if (!keep.includes(e)) discard(e.client);
      this.idleCount -= list.length - keep.length;
      if (keep.length === 0) this.idle.delete(origin);
      else this.idle.set(origin, keep);
    }
    if (this.idleCount === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }
}

function discard(client: Client): void {
  client.destroy(DISPATCHER_CLOSED).catch(() => {});
}
