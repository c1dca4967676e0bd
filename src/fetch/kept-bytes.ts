// Where a body's bytes are kept as they arrive, and how they leave: as one buffer, or as the
// pieces they came in, moved to a worker thread as they are.
//
// A large body is kept as its pieces, each a buffer of its own (a socket read's, a decoder's
// output chunk), and is not copied on the main thread: a worker joins the pieces (page-bytes.ts). On
// a 5 MiB page the main thread's copy into one buffer was a third of its time in a CPU profile
// of bench:hostile row 7, nearly all of it the page faults of the buffer's fresh memory (the
// service maps every block of 64 KiB or more afresh: admission.md, "Memory"), and the main thread
// serves every caller; a worker that serves a heavy caller runs at a lower priority. Whatever
// needs the body whole on the main thread (a charset found only by reading all of it, the cache's
// copy, the browser) gets it joined, once: the copy that was made before, made later.
//
// A smaller body of declared length is copied into one buffer of that length as it comes, so its
// chunks die young. Any other body is kept as its chunks and joined at its end, unless it reaches
// the mark (a large one, declared or not, or decoded): from there it is kept in pieces, a chunk that
// shares its buffer (a slice of a socket read's, or a decoder's partial output, whose buffer the
// decoder writes on into) copied into one of its own. A decoder's full chunks are whole buffers
// (read-body.ts's 64 KiB), so a large compressed page moves to the worker with next to no copy:
// under `bench:hostile` row br-bombs the join of each 5 MiB bomb was the main thread's largest
// piece of work after its collections.
//
// A body read whole on the main thread (a PDF, which goes to its reader in one buffer) is never
// kept in pieces: its chunks are joined once at its end, where pieces would be copied twice.

/** Lengths from which a body is kept in the pieces it came in (the large-page mark). */
export const PIECES_MIN_BYTES = 1024 * 1024;

export class KeptBytes {
  private one: Buffer | null;
  private readonly chunks: Buffer[] = [];
  private total = 0;
  /** The pieces are each a whole buffer of the body's alone, so they can move to a worker. */
  private movable = false;
  private joined: Buffer | null = null;
  private movedOut = false;

  /**
   * `known`: the body's length when declared before the first byte (with no content encoding).
   * `pieces`: a large body may be kept in pieces (not for one that is read whole on this thread).
   */
  constructor(
    known: number | null,
    private readonly pieces = true,
  ) {
    // Never a buffer over the mark before its bytes arrive: a server may declare 50 MiB and send none.
    this.one = known !== null && known > 0 && known < PIECES_MIN_BYTES ? Buffer.allocUnsafe(known) : null;
  }

  get length(): number {
    return this.total;
  }

  /** Its pieces moved to a worker (takePieces): nothing of the body is left on this thread. */
  get moved(): boolean {
    return this.movedOut;
  }

  add(chunk: Buffer): void {
    if (this.pieces && !this.movable && !this.one && this.total + chunk.length >= PIECES_MIN_BYTES) this.keepInPieces();
    if (this.movable) this.chunks.push(isWhole(chunk) ? chunk : ownCopy(chunk));
    else if (this.one && this.total + chunk.length <= this.one.length) chunk.copy(this.one, this.total);
    else {
      // A body that outgrows its declared length (undici does not deliver one) goes on as chunks.
      if (this.one) this.chunks.push(this.one.subarray(0, this.total));
      this.one = null;
      this.chunks.push(chunk);
    }
    this.total += chunk.length;
  }

  /** The body reached the mark: its chunks so far become pieces of their own. */
  private keepInPieces(): void {
    for (let i = 0; i < this.chunks.length; i++) {
      const c = this.chunks[i]!;
      if (!isWhole(c)) this.chunks[i] = ownCopy(c);
    }
    this.movable = true;
  }

  /** The body in one buffer (joined the first time it is asked for, when it came in pieces). */
  whole(): Buffer {
    if (this.joined) return this.joined;
    // Moved to a worker: empty here, as a moved buffer reads.
    if (this.movedOut) return Buffer.alloc(0);
    if (this.one) {
      // Shorter than declared (cut off by a cap of its own): keep only what arrived.
      this.joined = this.total === this.one.length ? this.one : Buffer.from(this.one.subarray(0, this.total));
    } else this.joined = Buffer.concat(this.chunks, this.total);
    this.one = null;
    this.chunks.length = 0;
    return this.joined;
  }

  /** A copy in memory of its own (the cache's), made from the pieces without joining them first. */
  copy(): Buffer {
    if (this.movable && !this.joined && !this.movedOut) {
      const own = Buffer.allocUnsafeSlow(this.total);
      let at = 0;
      for (const c of this.chunks) at += c.copy(own, at);
      return own;
    }
    return ownCopy(this.whole());
  }

  /** The first `n` bytes (or all, when shorter), without joining the body; may share its memory. */
  head(n: number): Buffer {
    if (this.joined || this.one) return this.whole().subarray(0, n);
    const first = this.chunks[0];
    if (first && first.length >= Math.min(n, this.total)) return first.subarray(0, n);
    const head = Buffer.allocUnsafeSlow(Math.min(n, this.total));
    let at = 0;
    for (const c of this.chunks) {
      if (at >= head.length) break;
      at += c.copy(head, at, 0, Math.min(c.length, head.length - at));
    }
    return head;
  }

  /**
   * The pieces, to move to a worker (each the whole of its own ArrayBuffer), when the body was
   * kept in pieces and has not been joined; null otherwise. After this the body is the worker's.
   */
  takePieces(): Buffer[] | null {
    if (!this.movable || this.joined || this.movedOut) return null;
    this.movedOut = true;
    const pieces = this.chunks.slice();
    this.chunks.length = 0;
    return pieces;
  }
}

/** The view is the whole of its own ArrayBuffer (not a slice of Node's pool or of a socket read's). */
export function isWhole(bytes: Uint8Array): boolean {
  const { buffer, byteOffset, byteLength } = bytes;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && buffer.byteLength === byteLength;
}

/** A copy in memory of its own (Buffer.from would cut a small one from Node's shared pool). */
export function ownCopy(chunk: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(chunk.length);
  chunk.copy(own);
  return own;
}
