// A batch starts its items only as they can run. Every item of a batch chunk used to start at
// once and wait inside the fetcher for a connection slot of its host, each with its own deadline
// timer, abort listeners and fetch state; a hostile caller's two dozen admitted batches of one
// host's URLs then kept about a thousand such items waiting, which all reached their `timeout`
// in the same turn of the event loop and stalled it for everyone (issue 31, rows 4 and 7).
// Here an item waits in a line of its caller and its line (the URL's host) as plain data, and
// starts when fewer than `perLine` items of that caller's line run. Items of other hosts, or of
// other callers, do not wait for it. The item's clock still runs from its chunk's start (the wait
// counts against its own `timeout`): an item whose time ran out before it could start gets its
// answer from `notStarted`, through one timer per chunk, without ever having been started.
import { AsyncResource } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';

/**
 * An item is not started with less time than this left: a fetch started then would be torn down
 * by its deadline before it could answer (as fetch-page.ts's MIN_ATTEMPT_MS).
 */
export const MIN_START_MS = 50;

export interface GatedItems<Item, Result> {
  /** Whose items these are: the lines are per caller. */
  caller: string;
  items: readonly Item[];
  /**
   * The line an item waits in (its host); undefined: the item starts at once (it needs no slot
   * of a line, e.g. its answer is stored). Asked for every item of the chunk at once.
   */
  lineOf(item: Item, index: number): string | undefined | Promise<string | undefined>;
  /** The items' deadline (epoch ms): an item not started MIN_START_MS before it is not started. */
  startBy: number;
  /** Aborting it answers every item not yet started with `notStarted(..., true)`. */
  signal: AbortSignal;
  run(item: Item, index: number): Promise<Result>;
  /** The answer of an item that never started: its time ran out, or (aborted) the signal fired. */
  notStarted(item: Item, index: number, aborted: boolean): Result;
  /** Each item's answer as soon as it is known. */
  onResult?(index: number, result: Result): void;
}

interface Entry {
  waiting: boolean;
  lastStart: number;
  start(): void;
  /** Its time ran out in the line. */
  expire(): void;
}

class Line {
  running = 0;
  /** Entries still waiting (the queue may also hold entries that left it: skipped). */
  live = 0;
  private queue: Entry[] = [];
  private head = 0;

  push(e: Entry): void {
    this.queue.push(e);
    this.live++;
  }

  /** The next entry still waiting, taken off the queue. */
  shift(): Entry | undefined {
    while (this.head < this.queue.length) {
      const e = this.queue[this.head++]!;
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      if (e.waiting) return e;
    }
    return undefined;
  }
}

export class ItemGate {
  private readonly lines = new Map<string, Line>();

  /** `perLine`: items of one caller and one line that may run at once. */
  constructor(readonly perLine: number) {
    if (!Number.isInteger(perLine) || perLine < 1) throw new RangeError(`perLine must be a positive integer`);
  }

  /** Items of `caller` in `line` running now, and waiting. */
  countOf(caller: string, line: string): { running: number; waiting: number } {
    const l = this.lines.get(lineKey(caller, line));
    return { running: l?.running ?? 0, waiting: l?.live ?? 0 };
  }

  /** Items running and waiting over every line (for metrics). */
  totals(): { running: number; waiting: number } {
    let running = 0;
    let waiting = 0;
    for (const l of this.lines.values()) {
      running += l.running;
      waiting += l.live;
    }
    return { running, waiting };
  }

  /**
   * Runs the items, each when its line has room, and resolves with their answers in order.
   * Rejects as soon as one item's run rejects (the chunk fails as a unit, as Promise.all would):
   * its items still waiting are then never started, and those running go on to their end.
   */
  async run<Item, Result>(batch: GatedItems<Item, Result>): Promise<Result[]> {
    const { items, signal } = batch;
    const results = new Array<Result>(items.length);
    if (items.length === 0) return results;
    const names = await Promise.all(items.map(async (item, i) => batch.lineOf(item, i)));
    return new Promise<Result[]>((resolve, reject) => {
      let left = items.length;
      let over = false;
      const waiting = new Map<number, { entry: Entry; line: Line; key: string }>();
      const finish = (i: number, result: Result) => {
        if (over) return;
        results[i] = result;
        batch.onResult?.(i, result);
        if (--left === 0) end(() => resolve(results));
      };
      const end = (settle: () => void) => {
        over = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        for (const w of waiting.values()) this.leave(w.key, w.line, w.entry);
        waiting.clear();
        settle();
      };
      // One timer and one listener for the chunk, however many of its items wait.
      const expire = (aborted: boolean) => {
        for (const [i, w] of [...waiting]) {
          waiting.delete(i);
          this.leave(w.key, w.line, w.entry);
          finish(i, batch.notStarted(items[i]!, i, aborted));
        }
      };
      const onAbort = () => expire(true);
      const lastStart = batch.startBy - MIN_START_MS;
      const timer = setTimeout(() => expire(false), Math.max(0, lastStart - Date.now()));
      setMaxListeners(0, signal);
      signal.addEventListener('abort', onAbort, { once: true });

      const runItem = (i: number, line: Line | null, key: string) => {
        // A run that throws at once fails the chunk like one that rejects.
        new Promise<Result>((res) => res(batch.run(items[i]!, i))).then(
          (result) => {
            if (line) this.done(key, line);
            finish(i, result);
          },
          (err: unknown) => {
            // The chunk fails first, so its waiting items leave the line before it moves on.
            if (!over) end(() => reject(err instanceof Error ? err : new Error(String(err))));
            if (line) this.done(key, line);
          },
        );
      };

      items.forEach((item, i) => {
        if (over) return;
        if (signal.aborted) return finish(i, batch.notStarted(item, i, true));
        const name = names[i];
        if (name === undefined) return runItem(i, null, '');
        const key = lineKey(batch.caller, name);
        let line = this.lines.get(key);
        if (!line) {
          line = new Line();
          this.lines.set(key, line);
        }
        const l = line;
        const entry: Entry = {
          waiting: true,
          lastStart,
          // Started when another item of its line ends, maybe another call's: it runs in its own
          // call's async scope (its caller, its call's body-memory account), not in that one's.
          start: AsyncResource.bind(() => {
            waiting.delete(i);
            runItem(i, l, key);
          }),
          expire: () => {
            waiting.delete(i);
            finish(i, batch.notStarted(item, i, false));
          },
        };
        waiting.set(i, { entry, line: l, key });
        l.push(entry);
      });
      // Started after every item is in line, so one chunk's items keep their order.
      for (const key of new Set([...waiting.values()].map((w) => w.key))) this.pump(key);
    });
  }

  private pump(key: string): void {
    const line = this.lines.get(key);
    if (!line) return;
    while (line.running < this.perLine) {
      const next = line.shift();
      if (!next) break;
      next.waiting = false;
      line.live--;
      // Its time ran out in the line (before its chunk's timer fired): answered as the rest will be.
      if (Date.now() >= next.lastStart) next.expire();
      else {
        line.running++;
        next.start();
      }
    }
    this.forgetIfIdle(key, line);
  }

  private done(key: string, line: Line): void {
    line.running--;
    this.pump(key);
  }

  private leave(key: string, line: Line, entry: Entry): void {
    if (!entry.waiting) return;
    entry.waiting = false;
    line.live--;
    this.forgetIfIdle(key, line);
  }

  private forgetIfIdle(key: string, line: Line): void {
    if (line.running === 0 && line.live === 0 && this.lines.get(key) === line) this.lines.delete(key);
  }
}

function lineKey(caller: string, line: string): string {
  return `${caller}\u0000${line}`;
}
