// The program a PDF process runs (pdf-processes.ts starts it under a data-segment limit): it
// reads PDFs one at a time and answers each with the document read and laid out (rendering and
// token counting are left to a worker thread) and its own resident memory. A job
// comes as a message on the IPC channel (the request without its bytes, and their length); the
// bytes follow on stdin, read straight into one buffer of that length, so the file is in memory
// once (through the IPC channel it was three times: the chunks read, their concatenation and the
// deserialised copy). It has no socket and opens no file. It ends when the parent goes.
import { readPdfBlocks, type PdfRead, type PdfRequest } from './pdf-read-blocks.js';

export interface PdfJob {
  id: number;
  input: Omit<PdfRequest, 'bytes'>;
  /** Bytes of the PDF that follow on stdin. */
  byteLength: number;
}

export type PdfReply =
  | { id: number; ok: true; result: PdfRead; rssBytes: number }
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

  /** A plain Uint8Array over its own memory, as pdf.js wants (it refuses a Buffer). */
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

const stdinBytes = new StdinBytes();
let queue = Promise.resolve();

process.on('disconnect', () => process.exit(0));

process.on('message', (job: PdfJob) => {
  queue = queue.then(() => run(job));
});

async function run(job: PdfJob): Promise<void> {
  const bytes = await stdinBytes.take(job.byteLength);
  let reply: PdfReply;
  try {
    // The bytes are this process's own: pdf.js may have them rather than a copy.
    const result = await readPdfBlocks({ ...job.input, bytes, giveBytes: true });
    reply = { id: job.id, ok: true, result, rssBytes: process.memoryUsage.rss() };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    reply = { id: job.id, ok: false, message, rssBytes: process.memoryUsage.rss() };
  }
  process.send!(reply);
}
