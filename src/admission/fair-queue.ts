// Waiters for one shared resource, one first-in-first-out line per caller, served round robin
// between callers: one caller's backlog waits behind its own work, not in front of others'.
// (Deficit round robin with every waiter costing one unit, which is plain round robin.)
// A caller that holds none of the resource when its line starts is served before the round, once
// (`ahead`), then its line joins the round at the back. Joined at the back at once, an honest
// caller's one call waited behind a turn of every caller with a backlog, and an attacker with
// eight addresses has eight (bench:hostile --callers 8). A caller holding nothing is the lightest
// there is; once served it holds a slot, and anything more it wants waits in the round.
// A hostile caller can have thousands of waiters that give up at the same moment (their URLs'
// deadlines), so every operation on a waiter is O(1): a waiter that leaves is marked gone and
// skipped when its line reaches it.

/** A place in a line, from push(); cancel() takes the waiter out. */
export interface Ticket<T> {
  readonly item: T;
  readonly caller: string;
}

interface Entry<T> extends Ticket<T> {
  gone: boolean;
  line: Line<T>;
}

interface Line<T> {
  entries: Array<Entry<T>>;
  /** Index of the first entry not yet taken (entries before it are gone or served). */
  head: number;
  /** Entries still waiting. */
  live: number;
}

/** Served entries kept at the front of a line's array before it is compacted. */
const COMPACT_AFTER = 256;

export class FairQueue<T> {
  /** Lines in round-robin order: the next caller to serve is the first; a served caller moves to the end. */
  private readonly lines = new Map<string, Line<T>>();
  /** Lines served before the round, in the order they started; served once, they join the round. */
  private readonly ahead = new Map<string, Line<T>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Waiters of one caller. */
  sizeOf(caller: string): number {
    return this.lineOf(caller)?.live ?? 0;
  }

  /**
   * Adds `item` to the back of `caller`'s line. `ahead`: if the line starts with it, it is served
   * before the round (the caller holds none of the resource); ignored for a line already waiting.
   */
  push(caller: string, item: T, ahead = false): Ticket<T> {
    let line = this.lineOf(caller);
    if (!line) {
      line = { entries: [], head: 0, live: 0 };
      (ahead ? this.ahead : this.lines).set(caller, line);
    }
    const entry: Entry<T> = { item, caller, gone: false, line };
    line.entries.push(entry);
    line.live++;
    this.count++;
    return entry;
  }

  /**
   * Takes the waiter out of its line; false when it already left. `served`: it leaves to be
   * served (out of turn), so its caller goes to the back of the round as after shift().
   */
  cancel(ticket: Ticket<T>, served = false): boolean {
    const entry = ticket as Entry<T>;
    if (entry.gone) return false;
    const line = entry.line;
    entry.gone = true;
    line.live--;
    this.count--;
    const map = this.ahead.get(entry.caller) === line ? this.ahead : this.lines;
    if (map.get(entry.caller) === line && (line.live === 0 || served)) this.toRound(entry.caller, line, map);
    return true;
  }

  /**
   * Takes the head of the next caller's line, lines ahead first, then in round-robin order,
   * skipping callers whose head `eligible` refuses (they keep their turn); undefined when no head
   * is eligible.
   */
  shift(eligible: (head: T, caller: string) => boolean = () => true): T | undefined {
    const ahead = this.ahead.size > 0 ? this.shiftFrom(this.ahead, eligible) : undefined;
    return ahead ?? this.shiftFrom(this.lines, eligible);
  }

  /** The caller with the most waiters (the first served among equals), or undefined. */
  longest(): string | undefined {
    let best: string | undefined;
    let most = 0;
    for (const [caller, line] of this.allLines())
      if (line.live > most) {
        best = caller;
        most = line.live;
      }
    return best;
  }

  /** The newest waiter of `caller`, taken out; undefined when it has none. */
  popNewest(caller: string): T | undefined {
    const line = this.lineOf(caller);
    if (!line) return undefined;
    for (let i = line.entries.length - 1; i >= line.head; i--) {
      const entry = line.entries[i]!;
      if (entry.gone) continue;
      line.entries.length = i;
      this.cancel(entry);
      return entry.item;
    }
    return undefined;
  }

  /** The callers with someone waiting. */
  *callers(): IterableIterator<string> {
    for (const [caller] of this.allLines()) yield caller;
  }

  /** Every waiter, line by line (for statistics such as the oldest wait). */
  *values(): IterableIterator<T> {
    for (const [, line] of this.allLines())
      for (let i = line.head; i < line.entries.length; i++) if (!line.entries[i]!.gone) yield line.entries[i]!.item;
  }

  private shiftFrom(map: Map<string, Line<T>>, eligible: (head: T, caller: string) => boolean): T | undefined {
    for (const [caller, line] of map) {
      const head = this.headOf(line);
      if (!eligible(head.item, caller)) continue;
      head.gone = true;
      line.head++;
      line.live--;
      this.count--;
      this.toRound(caller, line, map);
      this.compact(line);
      return head.item;
    }
    return undefined;
  }

  private lineOf(caller: string): Line<T> | undefined {
    return this.ahead.get(caller) ?? this.lines.get(caller);
  }

  private *allLines(): IterableIterator<[string, Line<T>]> {
    yield* this.ahead;
    yield* this.lines;
  }

  /**
   * `caller`'s line, just served from `map` (or emptied), out of it: to the back of the round if
   * it still has waiters (delete and set again moves a caller to the end of the Map).
   */
  private toRound(caller: string, line: Line<T>, map: Map<string, Line<T>>): void {
    map.delete(caller);
    if (line.live > 0) this.lines.set(caller, line);
  }

  /** The first entry still waiting in a line that has one (gone entries before it are passed). */
  private headOf(line: Line<T>): Entry<T> {
    while (line.entries[line.head]!.gone) line.head++;
    return line.entries[line.head]!;
  }

  private compact(line: Line<T>): void {
    if (line.head < COMPACT_AFTER || line.head * 2 < line.entries.length) return;
    line.entries = line.entries.slice(line.head);
    line.head = 0;
  }
}
