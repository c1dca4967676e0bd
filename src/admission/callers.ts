// Who is using the service now. A caller is whoever the work is for: the API key, else the
// client address, for HTTP and MCP calls; the caller named in a queue job in a worker process.
// A caller counts as active while it has work in progress and for a short linger after its
// last piece ended, so a caller that sends one call after another (a closed loop, with a gap
// of a few milliseconds between calls) stays active between them. The shared resources ask
// whether *other* callers are active to decide if a caller may take their last share
// (fair-slots.ts, memory-budget.ts).
import { createHash } from 'node:crypto';

/** How long a caller stays active after its last piece of work ended. */
export const CALLER_LINGER_MS = 10_000;

/** The caller of work that runs outside any call (the CLI, a direct use of the tools). */
export const LOCAL_CALLER = 'local';

/**
 * A short fixed-length key for a caller (an API key or a client address), not the caller itself:
 * what the service keeps of a caller in Redis (caller-leases.ts, redis-cache.ts).
 */
export function callerKey(caller: string): string {
  return createHash('sha256').update(caller).digest('base64url').slice(0, 22);
}

/** How often idle callers are forgotten, at most. */
const SWEEP_INTERVAL_MS = 250;

interface Entry {
  running: number;
  lastEndedAt: number;
}

export class Callers {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = 0;

  constructor(private readonly lingerMs = CALLER_LINGER_MS) {}

  /** One piece of work of `caller` starts; the returned function ends it (later calls do nothing). */
  enter(caller: string): () => void {
    let entry = this.entries.get(caller);
    if (!entry) {
      entry = { running: 0, lastEndedAt: 0 };
      this.entries.set(caller, entry);
    }
    entry.running++;
    // Only entries with nothing running are forgotten, so this one stays in the map until then.
    const held = entry;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      held.running--;
      held.lastEndedAt = performance.now();
    };
  }

  /** Callers with work in progress or within the linger of their last. */
  get active(): number {
    this.sweep();
    return this.entries.size;
  }

  /** Whether a caller other than `caller` is active. */
  othersActive(caller: string): boolean {
    this.sweep();
    return this.entries.size > (this.entries.has(caller) ? 1 : 0);
  }

  private sweep(): void {
    const now = performance.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [caller, e] of this.entries)
      if (e.running === 0 && now - e.lastEndedAt > this.lingerMs) this.entries.delete(caller);
  }
}
