// What callers hold of a resource that refuses what does not fit instead of making it wait
// (fair-slots.ts and memory-budget.ts make it wait): open connections per client address
// (http/connection-caps.ts), request bodies' bytes per caller (http/request-bodies.ts). A caller
// may hold at most `perCaller`, all callers together `total`; 0 is no cap. A caller's first piece
// always fits its own cap, and the first of all the total, so a cap smaller than one piece never
// refuses everything.

/** Which cap a piece would pass. */
export type Over = 'caller' | 'total';

export class CappedCounts {
  private held = 0;
  private readonly byCaller = new Map<string, number>();

  constructor(private readonly caps: { perCaller: number; total: number }) {}

  /** Counts `amount` more of `caller`'s, or says which cap it would pass (nothing is counted then). */
  take(caller: string, amount: number): Over | null {
    const mine = this.byCaller.get(caller) ?? 0;
    if (this.caps.perCaller > 0 && mine > 0 && mine + amount > this.caps.perCaller) return 'caller';
    if (this.caps.total > 0 && this.held > 0 && this.held + amount > this.caps.total) return 'total';
    this.byCaller.set(caller, mine + amount);
    this.held += amount;
    return null;
  }

  /** What `caller` holds. */
  heldBy(caller: string): number {
    return this.byCaller.get(caller) ?? 0;
  }

  /** The callers holding more than `above`, the largest first (in the order they came, between equals). */
  holdersAbove(above: number): string[] {
    return [...this.byCaller]
      .filter(([, held]) => held > above)
      .sort((a, b) => b[1] - a[1])
      .map(([caller]) => caller);
  }

  /** Gives back `amount` that `caller` took. */
  give(caller: string, amount: number): void {
    if (amount === 0) return;
    this.held -= amount;
    const left = (this.byCaller.get(caller) ?? amount) - amount;
    if (left <= 0) this.byCaller.delete(caller);
    else this.byCaller.set(caller, left);
  }
}
