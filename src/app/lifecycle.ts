// Process-level state the HTTP layer shares: whether we are draining for shutdown, how many
// tool calls are in progress (waiting for admission or running), and the stops of those calls,
// all aborted when the grace period ends (the MCP stdio session ends the same way).

export class Lifecycle {
  private drainingFlag = false;
  private active = 0;
  /** Set once shutdown has given up waiting. */
  private stopReason: Error | null = null;
  // Per-call stops in a Set, not listeners on one shared AbortSignal: an EventTarget scans its
  // whole listener list on every add and remove, which at hundreds of calls in flight shows in
  // profiles.
  private readonly stops = new Set<AbortController>();

  get draining(): boolean {
    return this.drainingFlag;
  }

  get inFlight(): number {
    return this.active;
  }

  /** Stop taking new tool calls (readyz turns false); running ones continue. */
  startDraining(): void {
    this.drainingFlag = true;
  }

  /** Shutdown gives up waiting: every call in progress is told to stop (once). */
  abortInFlight(reason: Error = new Error('the service is shutting down')): void {
    this.startDraining();
    if (this.stopReason) return;
    this.stopReason = reason;
    for (const stop of this.stops) stop.abort(reason);
    this.stops.clear();
  }

  /** Aborts `stop` when shutdown gives up waiting (at once if it already has); returns the undo. */
  stopOnShutdown(stop: AbortController): () => void {
    if (this.stopReason) {
      stop.abort(this.stopReason);
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
