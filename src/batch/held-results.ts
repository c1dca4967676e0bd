// What a batch holds in memory while it runs: every finished item's result waits for the others,
// since the answer is sent whole (or, streamed, is still kept for the end). Admission counts calls
// and the body budget counts pages while they are read and parsed, but nothing counted results:
// one caller's 64 concurrent batches of 100 pages with their text (200,000 characters each) held
// up to 1.3 GB at once, each batch waiting for its last items while the others' first ones piled
// up (issue 31). So a batch takes a lease of the result budget (URLKIT_RESULT_MEMORY_BYTES,
// admission/memory-budget.ts: shared fairly between callers, the oldest lease never waits), and
// before a chunk starts it reserves the most its items' results may hold; each result, once in,
// replaces its item's reservation by what it holds. A chunk that finds no room waits, and that
// wait counts against its items' own `timeout`. A finished batch's results are its answer, and
// they are held until it has been sent: the lease is kept until then (a caller that does not
// read its answers holds its own room, not more). The budget keeps a quarter for others even while
// one caller is alone (a batch holds its room for minutes, not for a read), and leaves the oldest
// batch's overcommit, up to a whole batch's results, out of what other callers are judged by
// (its BudgetRules, given in admission/run-as-caller.ts).
import type { Lease, MemoryBudget } from '../admission/memory-budget.js';

/** Runs `then` once the caller has had its answer: sent whole, or its connection closed. */
export type AfterAnswer = (then: () => void) => void;

/** Bytes counted for each value of a result beyond its strings' characters. */
const VALUE_BYTES = 16;

/** What a result holds, near enough: its strings' characters, and VALUE_BYTES for every value. */
export function heldBytesOf(value: unknown): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    bytes += VALUE_BYTES;
    if (typeof v === 'string') bytes += v.length;
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v)) {
        bytes += k.length;
        stack.push(x);
      }
  }
  return bytes;
}

/** One batch's account of the result budget. */
export class HeldResults {
  private kept = 0;
  private reserved = 0;
  /** Chunks reserve one after another: a lease has one wait at a time. */
  private turn: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly lease: Lease,
    /** The most one item's result may hold (reserved while it runs). */
    private readonly itemBytes: number,
  ) {}

  /** The batch's lease, taken when the batch starts (its age decides who may overcommit). */
  static async open(budget: MemoryBudget, itemBytes: number): Promise<HeldResults> {
    return new HeldResults(await budget.acquire(0), itemBytes);
  }

  /**
   * Reserves room for `items` results; waits while the budget has none for it, until `signal`
   * ends the wait (then rejects with the budget's BudgetWaitAborted).
   */
  reserve(items: number, signal: AbortSignal): Promise<void> {
    const next = this.turn.then(async () => {
      await this.lease.grow(this.kept + this.reserved + items * this.itemBytes, signal);
      this.reserved += items * this.itemBytes;
      this.lease.set(this.kept + this.reserved);
    });
    this.turn = next.catch(() => {});
    return next;
  }

  /**
   * An item's result is in: what it holds is counted, and its reservation goes (`reserved`: one
   * was made for it; an item of a chunk that never got room had none).
   */
  took(result: unknown, reserved: boolean): void {
    if (reserved) this.reserved = Math.max(0, this.reserved - this.itemBytes);
    this.kept += heldBytesOf(result);
    this.lease.set(this.kept + this.reserved);
  }

  /**
   * The batch is over. Its results are its answer's now, and stay counted until `answered` says
   * the caller has had it (sent whole, or the connection closed); at once without it.
   */
  close(answered?: AfterAnswer): void {
    if (!answered) return this.lease.release();
    this.lease.settle();
    answered(() => this.lease.release());
  }
}
