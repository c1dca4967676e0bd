// The queueing deadline of every request waiting for a slot, kept by one timer. Every waiter of
// one FairSlots gets the same time limit, so deadlines come due in arrival order: a first-in-
// first-out list and a single timer armed for its head replace a timer, an AbortController and
// its listeners per waiter. Under attack hundreds of calls wait at the admission limit, and each
// of those objects lived (and was copied by the young-generation collector) as long as it waited.
// A waiter that leaves before its deadline (served, or its caller gone) stays in the list until
// it reaches the head, where it is dropped without a look at the rest: O(1) per waiter.

/** A waiter with a deadline; `waiting` turns false when it leaves (served, rejected, abandoned). */
export interface Deadlined {
  dueAt: number;
  waiting: boolean;
}

/** Settled entries kept at the front of the list before it is compacted. */
const COMPACT_AFTER = 1024;

export class WaitDeadlines<T extends Deadlined> {
  private entries: Array<T | undefined> = [];
  private head = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerDueAt = Infinity;

  /** @param onDue called once for each waiter still waiting `waitMs` after add() */
  constructor(
    private readonly waitMs: number,
    private readonly onDue: (waiter: T) => void,
  ) {}

  /** Entries not dropped yet (waiters that left stay until they reach the head). */
  get size(): number {
    return this.entries.length - this.head;
  }

  /** Gives `waiter` its deadline, `waitMs` from now. */
  add(waiter: T): void {
    waiter.dueAt = performance.now() + this.waitMs;
    this.entries.push(waiter);
    if (this.timer === null) this.arm(waiter.dueAt);
  }

  /**
   * Drops the waiters at the head that already left; with none left waiting the timer stops (an
   * idle service keeps no timer). Call it when a waiter leaves.
   */
  prune(): void {
    this.dropLeft();
    if (this.head === this.entries.length && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.timerDueAt = Infinity;
    }
  }

  private arm(dueAt: number): void {
    this.timerDueAt = dueAt;
    // Referenced, as each waiter's own timer was: a caller waits on this deadline.
    this.timer = setTimeout(() => this.fire(), Math.max(0, dueAt - performance.now()));
  }

  private fire(): void {
    this.timer = null;
    this.timerDueAt = Infinity;
    // A timer may fire up to a millisecond before the time asked for (it rounds): a waiter due
    // within that millisecond is expired now rather than by one more timer.
    const now = performance.now() + 1;
    for (;;) {
      this.dropLeft();
      const next = this.entries[this.head];
      if (!next) break;
      if (next.dueAt > now) {
        this.arm(next.dueAt);
        break;
      }
      this.entries[this.head++] = undefined;
      this.onDue(next);
    }
  }

  private dropLeft(): void {
    while (this.head < this.entries.length && !this.entries[this.head]!.waiting) this.entries[this.head++] = undefined;
    if (this.head === this.entries.length) {
      if (this.head > 0) this.entries = [];
      this.head = 0;
    } else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}
