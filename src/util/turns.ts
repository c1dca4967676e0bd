// Work that must not overlap takes turns, in the order it asked; one that gives up waiting (its
// signal aborted) leaves the line without holding those after it.
import { within } from './before-time.js';

export class Turns {
  /** The end of the last turn asked for. */
  private last: Promise<void> = Promise.resolve();

  /**
   * Resolves, once every earlier turn has ended, with the function that ends this one; rejects
   * with the signal's reason if it is aborted first (this turn then ends at once).
   */
  async take(signal?: AbortSignal): Promise<() => void> {
    const before = this.last;
    let end!: () => void;
    const mine = new Promise<void>((done) => (end = done));
    this.last = before.then(() => mine);
    try {
      await within(before, { signal });
    } catch (err) {
      end();
      throw err;
    }
    return end;
  }
}
