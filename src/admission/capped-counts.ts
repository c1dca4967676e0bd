// What callers hold of a resource that refuses what does not fit instead of making it wait
// (fair-slots.ts and memory-budget.ts make it wait): open connections per client address
// (http/connection-caps.ts), request bodies' bytes per caller (http/request-bodies.ts). A caller
// may hold at most `perCaller`, all callers together `total`; 0 is no cap. A caller's first piece
// always fits its own cap, and the first of all the total, so a cap smaller than one piece never
// refuses everything. What is held is counted by item (a connection, a body), so that an item is
// given back whole and once, and a caller's items can be found (oldest first) to make room.

/** Which cap a piece would pass. */
export type Over = 'caller' | 'total';

interface Holding<T> {
  amount: number;
  /** Each item's amount, in the order the items came. */
  items: Map<T, number>;
}

export class CappedCounts<T> {
  private held = 0;
  private readonly byCaller = new Map<string, Holding<T>>();

  constructor(private readonly caps: { perCaller: number; total: number }) {}

  /**
   * Counts `amount` more of `caller`'s, for `item`, or says which cap it would pass (nothing is
   * counted then). `perCaller` replaces the caller's cap for this piece (0: none).
   */
  take(caller: string, item: T, amount: number, perCaller = this.caps.perCaller): Over | null {
    const mine = this.byCaller.get(caller);
    const held = mine?.amount ?? 0;
    if (perCaller > 0 && held > 0 && held + amount > perCaller) return 'caller';
    if (this.caps.total > 0 && this.held > 0 && this.held + amount > this.caps.total) return 'total';
    const holding = mine ?? { amount: 0, items: new Map<T, number>() };
    if (!mine) this.byCaller.set(caller, holding);
    holding.amount += amount;
    holding.items.set(item, (holding.items.get(item) ?? 0) + amount);
    this.held += amount;
    return null;
  }

  /** Gives back all that `caller` took for `item`; nothing if it holds none (given back already). */
  give(caller: string, item: T): void {
    const holding = this.byCaller.get(caller);
    const amount = holding?.items.get(item);
    if (!holding || amount === undefined) return;
    holding.items.delete(item);
    holding.amount -= amount;
    this.held -= amount;
    if (holding.items.size === 0) this.byCaller.delete(caller);
  }

  /** What `caller` holds. */
  heldBy(caller: string): number {
    return this.byCaller.get(caller)?.amount ?? 0;
  }

  /** `caller`'s items, the oldest first. */
  itemsOf(caller: string): Iterable<T> {
    return this.byCaller.get(caller)?.items.keys() ?? [];
  }

  /** The callers holding more than `above`, the largest first (in the order they came, between equals). */
  holdersAbove(above: number): string[] {
    return [...this.byCaller]
      .filter(([, holding]) => holding.amount > above)
      .sort((a, b) => b[1].amount - a[1].amount)
      .map(([caller]) => caller);
  }
}
