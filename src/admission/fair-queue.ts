// Waiters for one shared resource, one first-in-first-out line per caller, served round robin
// between callers: one caller's backlog waits behind its own work, not in front of others'.
// (Deficit round robin with every waiter costing one unit, which is plain round robin.)

export class FairQueue<T> {
  /** Lines in round-robin order: the next caller to serve is the first; a served caller moves to the end. */
  private readonly lines = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Waiters of one caller. */
  sizeOf(caller: string): number {
    return this.lines.get(caller)?.length ?? 0;
  }

  push(caller: string, item: T): void {
    const line = this.lines.get(caller);
    if (line) line.push(item);
    else this.lines.set(caller, [item]);
    this.count++;
  }

  /**
   * Takes `item` out wherever it waits; false when it is not there. `served`: it leaves to be
   * served (out of turn), so its caller goes to the back of the round as after shift().
   */
  remove(caller: string, item: T, served = false): boolean {
    const line = this.lines.get(caller);
    const i = line ? line.indexOf(item) : -1;
    if (!line || i < 0) return false;
    line.splice(i, 1);
    this.count--;
    if (line.length === 0 || served) this.lines.delete(caller);
    if (line.length > 0 && served) this.lines.set(caller, line);
    return true;
  }

  /**
   * Takes the head of the next caller's line, in round-robin order, skipping callers whose head
   * `eligible` refuses (they keep their turn); undefined when no head is eligible.
   */
  shift(eligible: (head: T, caller: string) => boolean = () => true): T | undefined {
    for (const [caller, line] of this.lines) {
      const head = line[0]!;
      if (!eligible(head, caller)) continue;
      line.shift();
      this.count--;
      // To the back of the round: delete and set again moves the caller to the end of the Map.
      this.lines.delete(caller);
      if (line.length > 0) this.lines.set(caller, line);
      return head;
    }
    return undefined;
  }

  /** The caller with the most waiters (the first in round-robin order among equals), or undefined. */
  longest(): string | undefined {
    let best: string | undefined;
    let most = 0;
    for (const [caller, line] of this.lines)
      if (line.length > most) {
        best = caller;
        most = line.length;
      }
    return best;
  }

  /** The newest waiter of `caller`, taken out; undefined when it has none. */
  popNewest(caller: string): T | undefined {
    const line = this.lines.get(caller);
    const item = line?.pop();
    if (item === undefined) return undefined;
    if (line!.length === 0) this.lines.delete(caller);
    this.count--;
    return item;
  }

  /** The callers with someone waiting. */
  callers(): IterableIterator<string> {
    return this.lines.keys();
  }

  /** Every waiter, line by line (for statistics such as the oldest wait). */
  *values(): IterableIterator<T> {
    for (const line of this.lines.values()) yield* line;
  }
}
