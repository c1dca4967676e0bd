// The child's side of a process lane (child-processes.ts): jobs come one at a time as a message
// on the IPC channel (the input without its bytes, and their length); the bytes follow on stdin,
// read straight into one buffer of that length, so they are in memory once (through the IPC
// channel they were three times: the chunks read, their concatenation and the deserialised
// copy). Each job is answered with its result, or the message of what it threw, and the
// process's resident memory (by which the lane decides whether to keep the process). A job the
// parent no longer wants before it starts (its caller stopped waiting while this process was
// still loading) is skipped: its bytes are read and dropped, and it is answered without being run.
// The process ends when its parent goes.

export interface ChildJob<Input> {
  id: number;
  input: Input;
  /** Bytes that follow on stdin. */
  byteLength: number;
}

/** The parent no longer wants job `id`: skip it if it has not started. */
export interface ChildSkip {
  id: number;
  skip: true;
}

export type ChildReply<Result> =
  /** The process took the job (it is loaded and has its bytes): its time budget counts from here. */
  | { id: number; started: true }
  | { id: number; ok: true; result: Result; rssBytes: number }
  | { id: number; ok: false; message: string; rssBytes: number };

/** Bytes from stdin, taken in order: each take() gets the next `n`. */
class StdinBytes {
  private chunks: Buffer[] = [];
  private wanted: { into: Uint8Array; filled: number; done(b: Uint8Array): void } | null = null;

  constructor() {
    process.stdin.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.fill();
    });
  }

  /** A plain Uint8Array over its own memory (pdf.js refuses a Buffer). */
  take(n: number): Promise<Uint8Array> {
    return new Promise((done) => {
      this.wanted = { into: new Uint8Array(n), filled: 0, done };
      this.fill();
    });
  }

  private fill(): void {
    const w = this.wanted;
    if (!w) return;
    while (w.filled < w.into.length && this.chunks.length) {
      const chunk = this.chunks[0]!;
      const n = Math.min(chunk.length, w.into.length - w.filled);
      w.into.set(n === chunk.length ? chunk : chunk.subarray(0, n), w.filled);
      w.filled += n;
      if (n === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(n);
    }
    if (w.filled === w.into.length) {
      this.wanted = null;
      w.done(w.into);
    }
  }
}

/**
 * Serves jobs with `handle`, one at a time, until the parent goes; none starts before `ready`
 * (the process's modules loading).
 */
export function serveJobs<Input, Result>(
  handle: (input: Input, bytes: Uint8Array) => Promise<Result>,
  ready: Promise<unknown> = Promise.resolve(),
): void {
  const stdinBytes = new StdinBytes();
  const skipped = new Set<number>();
  let queue = Promise.resolve();
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ChildJob<Input> | ChildSkip) => {
    if ('skip' in message) {
      skipped.add(message.id);
      return;
    }
    const job = message;
    queue = queue.then(async () => {
      const bytes = await stdinBytes.take(job.byteLength);
      await ready;
      if (skipped.delete(job.id)) {
        process.send!({ id: job.id, ok: false, message: 'skipped', rssBytes: process.memoryUsage.rss() });
        return;
      }
      process.send!({ id: job.id, started: true } satisfies ChildReply<Result>);
      let reply: ChildReply<Result>;
      try {
        reply = { id: job.id, ok: true, result: await handle(job.input, bytes), rssBytes: process.memoryUsage.rss() };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        reply = { id: job.id, ok: false, message, rssBytes: process.memoryUsage.rss() };
      }
      // A skip that came after the job started.
      skipped.delete(job.id);
      process.send!(reply);
    });
  });
}
