// A batch is split into chunks; a dispatcher runs each chunk somewhere (in this process now,
// on a queue across machines later) and returns per-item results, or fails the chunk as a unit.
// Jobs are plain data (handler name + items + options) so a queue can carry them unchanged.

export interface ChunkJob<Item = unknown, Options = unknown> {
  /** Name of the registered chunk handler, e.g. 'get_url_metadata'. */
  handler: string;
  /** Position of the chunk in its request (0-based). */
  index: number;
  items: Item[];
  options: Options;
  /** Epoch ms by which the chunk must be done; past it the chunk fails as a unit. */
  deadline: number;
  /**
   * Epoch ms by which its items must have started: their own `timeout` runs from the chunk's
   * start, however long it waits for a turn, a queue or a worker. A chunk not taken by then is
   * answered as item_timeout without running. Absent: the items' time starts where they run.
   */
  startBy?: number;
}

/** Hands over one item's result as soon as it is known (index within the chunk). */
export type ItemReport<Result = unknown> = (index: number, result: Result) => void;

/**
 * Runs one chunk; resolves with exactly one result per item, in order. A handler that can
 * also report each item as it finishes lets a chunk that fails as a unit (aborted, past its
 * deadline) keep the answers it already had.
 */
export type ChunkHandler<Item = unknown, Options = unknown, Result = unknown> = (
  job: ChunkJob<Item, Options>,
  signal: AbortSignal,
  report?: ItemReport<Result>,
) => Promise<Result[]>;

export interface ChunkDispatcher {
  /** True when chunks run elsewhere (a queue): tools then send single URLs through it too. */
  readonly remote?: boolean;
  register<Item, Options, Result>(name: string, handler: ChunkHandler<Item, Options, Result>): void;
  /**
   * Rejects when the chunk fails as a unit; the caller marks its items worker_chunk_failed,
   * except those already handed to `report`.
   */
  runChunk<Item, Options, Result>(
    job: ChunkJob<Item, Options>,
    signal: AbortSignal,
    report?: ItemReport<Result>,
  ): Promise<Result[]>;
  close(): Promise<void>;
}
