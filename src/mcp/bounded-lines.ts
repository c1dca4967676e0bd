// stdin for the MCP stdio transport, one message line at a time and none longer than a limit.
// The SDK's reader keeps a line until its newline comes, copying the whole of it again for every
// chunk that arrives, and at 10 MiB it closes the transport: one oversized line ended the session
// (and every call in it) with no answer. Here a line is kept as the chunks it came in, joined
// once, and a line past the limit is dropped as it arrives (memory stays at the limit, however
// long it goes on) and reported once; the session goes on with the next line.
import { Transform, type TransformCallback } from 'node:stream';

const NEWLINE = 0x0a;

export class BoundedLines extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line already over the limit: its bytes are dropped until its newline. */
  private dropping = false;

  /** `onDropped` is called once per line over `maxLineBytes`, when it passes the limit. */
  constructor(
    private readonly maxLineBytes: number,
    private readonly onDropped: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end + 1);
      start += piece.length;
      if (!this.dropping) this.keep(piece);
      if (end !== -1) this.lineEnded();
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    // A last line with no newline is passed on as it is (the reader never parses it, as before).
    if (!this.dropping && this.pendingBytes > 0) this.push(Buffer.concat(this.pending, this.pendingBytes));
    done();
  }

  private keep(piece: Buffer): void {
    this.pendingBytes += piece.length;
    // The newline itself does not count against the limit.
    const lineBytes = piece[piece.length - 1] === NEWLINE ? this.pendingBytes - 1 : this.pendingBytes;
    if (lineBytes > this.maxLineBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      this.dropping = true;
      this.onDropped();
      return;
    }
    this.pending.push(piece);
  }

  private lineEnded(): void {
    if (!this.dropping && this.pendingBytes > 0) this.push(Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
    this.dropping = false;
  }
}
