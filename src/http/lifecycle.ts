// Process-level state the HTTP layer shares: whether we are draining for shutdown, how many
// tool calls are in progress (waiting for admission or running), and one signal that aborts all
// of them when the grace period ends.
import { setMaxListeners } from 'node:events';

export class Lifecycle {
  private drainingFlag = false;
  private active = 0;
  private readonly shutdown = new AbortController();
  // Per-call stops, in a Set rather than as listeners on `signal`: an EventTarget scans its whole
  // listener list on every add and remove, which at hundreds of calls in flight shows in profiles.
  private readonly stops = new Set<AbortController>();

  constructor() {
    // Every call in progress (queued or running) listens for shutdown: hundreds under load are expected.
    setMaxListeners(0, this.shutdown.signal);
  }

  get draining(): boolean {
    return this.drainingFlag;
  }

  get inFlight(): number {
    return this.active;
  }

  /** Fires when shutdown gives up waiting: every running tool is told to stop. */
  get signal(): AbortSignal {
    return this.shutdown.signal;
  }

  /** Stop taking new tool calls (readyz turns false); running ones continue. */
  startDraining(): void {
    this.drainingFlag = true;
  }

  abortInFlight(): void {
    this.startDraining();
    if (this.shutdown.signal.aborted) return;
    this.shutdown.abort(new Error('the service is shutting down'));
    for (const stop of this.stops) stop.abort(this.shutdown.signal.reason);
    this.stops.clear();
  }

  /** Aborts `stop` when shutdown gives up waiting (at once if it already has); returns the undo. */
  stopOnShutdown(stop: AbortController): () => void {
    if (this.shutdown.signal.aborted) {
      stop.abort(this.shutdown.signal.reason);
      return () => {};
    }
    this.stops.add(stop);
    return () => this.stops.delete(stop);
  }

  /** Counts one more tool call in progress (queued or running: admission decides which). */
  enter(): void {
    this.active++;
  }

  leave(): void {
    this.active = Math.max(0, this.active - 1);
  }
}
