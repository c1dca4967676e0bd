// The memory a brotli or zstd decoder will allocate, read from the stream's own headers before
// the decoder sees them. Both formats name their window (the stretch of output a decoder keeps
// to copy from), and the decoder allocates it up front: brotli up to 16 MiB, zstd up to the
// 8 MiB we allow (read-body.ts). That memory is the target's to choose, outside the bytes kept, so
// it is charged to the body-memory budget like them; without it, readers paused for budget each
// held a window nobody counted (a brotli bomb's 16 MiB a fetch). gzip and deflate hold 32 KiB.

/** The largest window a brotli stream can name without the large-window extension. */
export const BROTLI_MAX_WINDOW_BYTES = 1 << 24;

/**
 * The ring buffer a brotli stream's decoder may grow to: 2^WBITS, from the stream's first bits
 * (RFC 7932 section 9.2, read as the reference decoder's DecodeWindowBits does). A value the
 * decoder refuses (the large-window marker) counts as the largest window.
 */
export function brotliWindowBytes(firstByte: number): number {
  if ((firstByte & 1) === 0) return 1 << 16;
  const n = (firstByte >> 1) & 7;
  if (n !== 0) return 1 << (17 + n);
  const m = (firstByte >> 4) & 7;
  if (m === 1) return BROTLI_MAX_WINDOW_BYTES;
  return m !== 0 ? 1 << (8 + m) : 1 << 17;
}

const ZSTD_MAGIC = 0xfd2fb528;
const SKIPPABLE_MASK = 0xfffffff0;
const SKIPPABLE_MAGIC = 0x184d2a50;
const DICT_ID_BYTES = [0, 1, 2, 4];

/**
 * Walks a zstd body's frames as its bytes arrive (RFC 8878 section 3.1): each frame's header
 * names its window (a frame of one segment: its content size), and its blocks' 3-byte headers
 * give their lengths, so the next frame's header is found without decoding. A stream may hold
 * many frames, each with its own window; `push` returns the largest window named so far,
 * counting a frame as soon as its header has arrived, so a larger window is charged before the
 * decoder is given the header that makes it allocate one. Bytes that are not zstd end the walk
 * (the decoder refuses them): the largest window is then assumed. Linear in the bytes.
 */
export class ZstdFrames {
  private window = 0;
  /** Bytes of the current frame header (or block header) gathered so far. */
  private header: number[] = [];
  private state: 'frame' | 'block' | 'skip' | 'done' = 'frame';
  /** Bytes still to pass over before the next header (block content, a checksum, a skippable frame). */
  private skip = 0;
  /** What follows the bytes passed over: the next block header, or the next frame. */
  private after: 'frame' | 'block' = 'frame';
  private checksum = false;

  constructor(private readonly maxWindow: number) {}

  /**
   * Offsets in the last chunk pushed at which a frame ended and more bytes followed in it. Node's
   * zstd decoder drops what follows a frame's end in the same write (Node 22 and 24), so the
   * layer writes each frame apart (read-body.ts): a body of many frames is decoded whole.
   */
  readonly frameEnds: number[] = [];

  push(chunk: Uint8Array): number {
    this.frameEnds.length = 0;
    let i = 0;
    while (i < chunk.length && this.state !== 'done') {
      if (this.state === 'skip') {
        const n = Math.min(this.skip, chunk.length - i);
        i += n;
        this.skip -= n;
        if (this.skip === 0) this.state = this.after;
      } else {
        this.header.push(chunk[i++]!);
        if (this.state === 'frame') this.frameHeaderByte();
        else this.blockHeaderByte();
      }
      if (this.state === 'frame' && this.header.length === 0 && i < chunk.length) this.frameEnds.push(i);
    }
    return this.window;
  }

  private passOver(bytes: number, then: 'frame' | 'block'): void {
    this.header = [];
    this.after = then;
    if (bytes === 0) this.state = then;
    else {
      this.skip = bytes;
      this.state = 'skip';
    }
  }

  private frameHeaderByte(): void {
    const h = this.header;
    if (h.length < 4) return;
    const magic = (h[0]! | (h[1]! << 8) | (h[2]! << 16) | (h[3]! << 24)) >>> 0;
    if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) {
      if (h.length < 8) return;
      return this.passOver((h[4]! | (h[5]! << 8) | (h[6]! << 16) | (h[7]! << 24)) >>> 0, 'frame');
    }
    if (magic !== ZSTD_MAGIC) return this.giveUp();
    if (h.length < 5) return;
    const descriptor = h[4]!;
    const fcsFlag = descriptor >> 6;
    const single = (descriptor >> 5) & 1;
    const fcsBytes = fcsFlag === 0 ? single : 1 << fcsFlag;
    const length = 5 + (single ? 0 : 1) + DICT_ID_BYTES[descriptor & 3]! + fcsBytes;
    if (h.length < length) return;
    let window: number;
    if (!single) {
      const exponent = h[5]! >> 3;
      const base = 2 ** (10 + exponent);
      window = base + (base / 8) * (h[5]! & 7);
    } else {
      let size = 0;
      for (let k = fcsBytes - 1; k >= 0; k--) size = size * 256 + h[length - fcsBytes + k]!;
      window = fcsBytes === 2 ? size + 256 : size;
    }
    this.window = Math.max(this.window, Math.min(window, this.maxWindow));
    this.checksum = ((descriptor >> 2) & 1) === 1;
    this.passOver(0, 'block');
  }

  private blockHeaderByte(): void {
    const h = this.header;
    if (h.length < 3) return;
    const value = h[0]! | (h[1]! << 8) | (h[2]! << 16);
    const last = value & 1;
    const type = (value >> 1) & 3;
    const size = value >>> 3;
    if (type === 3) return this.giveUp();
    // An RLE block is one byte on the wire, repeated `size` times.
    const content = type === 1 ? 1 : size;
    if (last) this.passOver(content + (this.checksum ? 4 : 0), 'frame');
    else this.passOver(content, 'block');
  }

  private giveUp(): void {
    this.window = this.maxWindow;
    this.state = 'done';
  }
}
