// A large answer goes to its socket a slice at a time, as the caller reads it, instead of in one
// write. In one write, everything the kernel has not taken waits in Node as one block, and
// nothing public says how much of it the caller has read: a caller that never read its answers
// kept each of them in the service (30 unread 6 MB metadata answers in a minute: its V8 heap
// 41 -> 87 MiB, and rising), and a rule on the rate it reads at could not be judged. Sliced, the
// socket pulls the next slice once it has written the last, so what is not yet pulled is what the
// caller has not read (give or take a slice and the kernel's buffers), and each pull is progress.
import { Readable } from 'node:stream';
import { charsOf, sliceOf, type AnswerPart, type AnswerText } from './answer-text.js';
import { answerTurnLeft } from './answer-turns.js';

/** Answers longer than this (bytes) are sent in slices. */
export const SLICED_OVER_BYTES = 1024 * 1024;

export class AnswerBody extends Readable {
  /** The part being handed out, and how many of its characters have been. */
  private part = 0;
  private at = 0;
  private pulled = 0;
  /** The answer's parts (answer-text.ts), sent one after another. */
  private readonly parts: readonly AnswerPart[];
  /** The answer's length in bytes (UTF-8): its Content-Length. */
  readonly length: number;

  constructor(
    text: AnswerText,
    /** Called with the length of each slice the socket pulls (bytes). */
    private readonly onPull: (n: number) => void = () => {},
  ) {
    super({ highWaterMark: 0 });
    this.parts = text.parts;
    this.length = text.bytes;
  }

  /** Bytes not yet handed to the socket. */
  get unsent(): number {
    return this.length - this.pulled;
  }

  override _read(): void {
    // A socket that takes each slice at once pulls the next in the same turn of the event loop,
    // so the slices share the answers' budget of main-thread time (answer-turns.ts).
    if (answerTurnLeft()) this.pushSlice();
    else setImmediate(() => this.pushSlice());
  }

  private pushSlice(): void {
    if (this.destroyed) return;
    while (this.part < this.parts.length && this.at >= charsOf(this.parts[this.part]!).length) {
      this.part++;
      this.at = 0;
    }
    const part = this.parts[this.part];
    if (part === undefined) {
      this.push(null);
      return;
    }
    // Each slice (16 KiB of characters: 16 to 96 KiB, as much as a socket buffers before it stops
    // pulling, or more) is encoded as it is pulled: the parts are the only whole copy.
    const slice = sliceOf(part, this.at);
    const bytes = Buffer.from(slice.text, 'utf8');
    this.at = slice.end;
    this.pulled += bytes.length;
    this.onPull(bytes.length);
    this.push(bytes);
  }
}
