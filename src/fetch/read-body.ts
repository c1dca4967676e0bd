// Reads a response body through its content encodings, counting DECODED bytes, and stops at
// the cap: a 10 KB gzip bomb costs at most `cap` bytes of memory, not 10 GB. (undici's
// maxResponseSize would count wire bytes only.) A body that arrives slower than the minimum
// transfer rate is cut off (transfer-rate.ts).
import { Readable, pipeline, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { ItemFailure } from '../errors/codes.js';
import { BudgetWaitAborted } from '../admission/memory-budget.js';
import { chargeBody, type BodyCharge } from '../admission/body-memory.js';
import { RateFloor, type MinTransferRate } from './transfer-rate.js';
import { BodyIdleness } from './body-idleness.js';
import { KeptBytes } from './kept-bytes.js';
import { eachChunk, type ChunkTaken } from './body-chunks.js';
import { BROTLI_MAX_WINDOW_BYTES, ZstdFrames, brotliWindowBytes } from './decoder-window.js';

/**
 * The layer of a file gzipped whole (`sitemap.xml.gz`): decoded when its bytes are gzip's, passed on as they
 * are when not (a server that declared the file's own gzip as a `Content-Encoding` too, which HTTP decoded).
 */
export const GZIPPED_FILE: unique symbol = Symbol('gzipped file');

/** A content encoding's name, or a gzipped file's own layer. */
export type BodyEncoding = string | typeof GZIPPED_FILE;

/** More layers than this is not a real server. */
export const MAX_ENCODINGS = 5;

/** Content-Encoding values in the order they were applied; identity dropped. */
export function parseContentEncoding(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && s !== 'identity');
}

/**
 * The size of the decoders' output chunks (zlib's default is 16 KiB). Each chunk is a trip to
 * libuv's threadpool and back, then a pass through the layers' generators on the main thread:
 * a 5 MiB page took 320 of them. 64 KiB is what a socket read hands over too, and the first
 * share of the body-memory budget.
 */
const DECODED_CHUNK_BYTES = 64 * 1024;
// Lenient flushing: a truncated stream yields what it has instead of an error, like browsers.
const ZLIB_OPTS = { finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: DECODED_CHUNK_BYTES };
const BROTLI_OPTS = { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH, chunkSize: DECODED_CHUNK_BYTES };
/**
 * A zstd frame names the window its decoder must hold, up to 2 GiB. HTTP's zstd is 8 MiB at most
 * (RFC 9659), and browsers refuse a frame that asks for more: so do we, before it is allocated.
 */
export const ZSTD_WINDOW_LOG_MAX = 23;
const ZSTD_OPTS = {
  params: { [zlib.constants.ZSTD_d_windowLogMax]: ZSTD_WINDOW_LOG_MAX },
  chunkSize: DECODED_CHUNK_BYTES,
};

/**
 * The decoder of one content encoding failed on the bytes it was given (corrupt data, or no memory
 * for its output): the target's fault or ours, never the network's. `cause` is the library's error.
 */
export class BodyDecodeFailed extends Error {
  constructor(
    readonly encoding: string,
    override readonly cause: unknown,
  ) {
    super(`The ${encoding} decoder failed`);
    this.name = 'BodyDecodeFailed';
  }
}

const NO_ERROR = Symbol('no error');

async function* through(src: AsyncIterable<Buffer>, z: Transform, encoding: string): AsyncGenerator<Buffer> {
  // What the source threw (a reset, the rate floor, an inner layer's failure) passes as it is;
  // anything else came from the decoder.
  let sourceError: unknown = NO_ERROR;
  async function* watched(): AsyncGenerator<Buffer> {
    try {
      yield* src;
    } catch (err) {
      sourceError = err;
      throw err;
    }
  }
  const out = pipeline(Readable.from(watched()), z, () => {});
  try {
    for await (const chunk of out) yield chunk as Buffer;
  } catch (err) {
    throw err === sourceError ? err : new BodyDecodeFailed(encoding, err);
  } finally {
    z.destroy();
  }
}

/** The source's first chunk, and the whole source again from it; null when it has none. */
async function peeked(src: AsyncIterable<Buffer>): Promise<{ head: Buffer; all: AsyncIterable<Buffer> } | null> {
  const it = src[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return null;
  const head = first.value;
  async function* replay(): AsyncGenerator<Buffer> {
    yield head;
    for (;;) {
      const n = await it.next();
      if (n.done) return;
      yield n.value;
    }
  }
  return { head, all: replay() };
}

// "deflate" is zlib-wrapped by the RFC, but many servers send raw deflate: look at the header.
async function* inflateAuto(src: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const peek = await peeked(src);
  if (!peek) return;
  const zlibWrapped = (peek.head[0]! & 0x0f) === 8;
  yield* through(peek.all, zlibWrapped ? zlib.createInflate(ZLIB_OPTS) : zlib.createInflateRaw(ZLIB_OPTS), 'deflate');
}

/** gzip's two first bytes. */
const GZIP_MAGIC = [0x1f, 0x8b];

async function* gzippedFile(src: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const peek = await peeked(src);
  if (!peek) return;
  const gzip = GZIP_MAGIC.every((byte, i) => i >= peek.head.length || peek.head[i] === byte);
  yield* gzip ? through(peek.all, zlib.createGunzip(ZLIB_OPTS), 'gzip') : peek.all;
}

/** Charges memory a decoder is about to allocate to the body's budget (waits for room); null: no budget. */
type HoldDecoder = ((bytes: number) => Promise<void>) | null;

/** A brotli body, its decoder's window charged from the stream's first byte before it is decoded. */
async function* brotliLayer(src: AsyncIterable<Buffer>, hold: HoldDecoder): AsyncGenerator<Buffer> {
  const peek = await peeked(src);
  if (!peek) return;
  if (hold) await hold(peek.head.length > 0 ? brotliWindowBytes(peek.head[0]!) : BROTLI_MAX_WINDOW_BYTES);
  yield* through(peek.all, zlib.createBrotliDecompress(BROTLI_OPTS), 'br');
}

/**
 * A zstd body: each frame's window charged as its header arrives, before the decoder reads it,
 * and each frame written to the decoder apart (decoder-window.ts says why).
 */
function zstdLayer(src: AsyncIterable<Buffer>, hold: HoldDecoder): AsyncIterable<Buffer> {
  const frames = new ZstdFrames(2 ** ZSTD_WINDOW_LOG_MAX);
  let held = 0;
  async function* framed(): AsyncGenerator<Buffer> {
    for await (const chunk of src) {
      const window = frames.push(chunk);
      if (hold && window > held) {
        await hold(window - held);
        held = window;
      }
      let from = 0;
      for (const end of frames.frameEnds) {
        yield chunk.subarray(from, end);
        from = end;
      }
      yield from === 0 ? chunk : chunk.subarray(from);
    }
  }
  return through(framed(), zlib.createZstdDecompress(ZSTD_OPTS), 'zstd');
}

function decodeLayer(src: AsyncIterable<Buffer>, encoding: BodyEncoding, hold: HoldDecoder): AsyncIterable<Buffer> {
  if (encoding === GZIPPED_FILE) return gzippedFile(src);
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return through(src, zlib.createGunzip(ZLIB_OPTS), 'gzip');
    case 'deflate':
      return inflateAuto(src);
    case 'br':
      return brotliLayer(src, hold);
    case 'zstd':
      return zstdLayer(src, hold);
    default:
      throw new ItemFailure('upstream_error', `Unsupported Content-Encoding: ${encoding.slice(0, 50)}`);
  }
}

/**
 * Reading the body failed after `receivedBytes` wire bytes had arrived (a reset, a broken
 * encoding): the cause, plus how far it got, for the caller's report.
 */
export class BodyInterrupted extends Error {
  constructor(
    override readonly cause: unknown,
    readonly receivedBytes: number,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'BodyInterrupted';
  }
}

export interface ReadBody {
  /** The bytes kept (kept-bytes.ts: one buffer, or a large body's pieces). */
  kept: KeptBytes;
  truncated: boolean;
}

/** How a body is kept (kept-bytes.ts): its declared length, and whether a large one may be kept in pieces. */
interface KeptShape {
  known: number | null;
  pieces: boolean;
}

/** The first share of the body-memory budget a body takes; it doubles as bytes arrive. */
export const FIRST_BODY_SHARE_BYTES = 64 * 1024;

/** No minimum rate (a body is bounded by its deadline alone). */
const NO_MIN_RATE: MinTransferRate = { bytesPerS: 0, windowMs: 0 };

/** The body's length when it is known before reading: a valid Content-Length with no encoding. */
export function knownLength(contentLength: string | undefined, encodings: BodyEncoding[], cap: number): number | null {
  if (encodings.length > 0 || contentLength === undefined || !/^\d{1,15}$/.test(contentLength)) return null;
  return Math.min(Number(contentLength), cap);
}

/**
 * Reads at most `cap` decoded bytes (and at most `cap` wire bytes); destroys the body after.
 * `contentLength` (the header's value) lets a body without a content encoding be read into one
 * buffer of that length, or, from PIECES_MIN_BYTES, kept in the pieces it came in (kept-bytes.ts).
 * Inside a tool call with a body-memory budget (src/admission/body-memory.ts) the bytes kept
 * are charged to it as they arrive, and reading pauses while the budget is short. A body that
 * arrives slower than `minRate` (time paused for the budget left out) fails with `timeout`.
 * Decoding stops when `deadline` aborts, with its reason. `idle` is told when the body stops
 * and starts bringing bytes, for a wait for memory too (body-idleness.ts). `readWhole`: the body
 * is read whole on this thread (a PDF), so it is never kept in pieces, which it would be joined from.
 */
export async function readBody(
  body: Readable,
  encodings: BodyEncoding[],
  cap: number,
  minRate: MinTransferRate = NO_MIN_RATE,
  contentLength?: string,
  deadline?: AbortSignal,
  idle?: (idle: boolean) => void,
  readWhole = false,
): Promise<ReadBody> {
  const shape: KeptShape = { known: knownLength(contentLength, encodings, cap), pieces: !readWhole };
  const charge = chargeBody();
  const idleness = new BodyIdleness(idle);
  try {
    if (!charge) return await readUncharged(body, encodings, cap, null, minRate, shape, deadline, idleness);
    return await readCharged(body, encodings, cap, charge, minRate, shape, deadline, idleness);
  } finally {
    idleness.stop();
  }
}

async function readCharged(
  body: Readable,
  encodings: BodyEncoding[],
  cap: number,
  charge: BodyCharge,
  minRate: MinTransferRate,
  shape: KeptShape,
  deadline: AbortSignal | undefined,
  idleness: BodyIdleness,
): Promise<ReadBody> {
  // A wait for budget ends when the body is destroyed before its end (the fetch deadline
  // destroys it). A body that ended normally closes too, while a decompressor may still be
  // producing bytes from it (a bomb): that must not end the wait.
  const closed = new AbortController();
  const onClose = () => {
    if (!body.readableEnded)
      closed.abort(new ItemFailure('timeout', 'The response ended while waiting for memory to read it.'));
  };
  body.once('close', onClose);
  try {
    await charge.grow(Math.min(cap, FIRST_BODY_SHARE_BYTES), closed.signal);
    const budget = { charge, signal: closed.signal };
    const read = await readUncharged(body, encodings, cap, budget, minRate, shape, deadline, idleness);
    charge.done(read.kept);
    return read;
  } catch (err) {
    charge.fail();
    body.off('close', onClose);
    body.on('error', () => {});
    body.destroy();
    // Waiting for memory outlived the response (its deadline passed): that is a timeout.
    if (err instanceof BudgetWaitAborted)
      throw err.reason instanceof Error
        ? err.reason
        : new ItemFailure('timeout', 'Timed out waiting for memory to read the response.');
    throw err;
  } finally {
    body.off('close', onClose);
  }
}

async function readUncharged(
  body: Readable,
  encodings: BodyEncoding[],
  cap: number,
  budget: { charge: BodyCharge; signal: AbortSignal } | null,
  minRate: MinTransferRate,
  shape: KeptShape,
  deadline: AbortSignal | undefined,
  idleness: BodyIdleness,
): Promise<ReadBody> {
  // The cap is on what the server declares: a gzipped file's own layer is not one of its encodings.
  const declared = encodings.filter((e) => e !== GZIPPED_FILE).length;
  if (declared > MAX_ENCODINGS) {
    body.on('error', () => {});
    body.destroy();
    throw new ItemFailure('upstream_error', `Too many content encodings (${declared}, at most ${MAX_ENCODINGS}).`);
  }
  let wire = 0;
  let wireCapped = false;
  const floor = new RateFloor(minRate, (failure) => body.destroy(failure));
  // Made once the first share is granted: a body of declared length takes its buffer at once.
  const kept = new KeptBytes(shape.known, shape.pieces);
  let charged = Math.min(cap, FIRST_BODY_SHARE_BYTES);
  let truncated = false;
  /** Waits for a larger share of the budget; time spent waiting is not the body's to count. */
  const waitForBudget = async (b: NonNullable<typeof budget>, wait: (charge: BodyCharge) => Promise<void>) => {
    floor.pause();
    await wait(b.charge);
    floor.resume();
  };
  const growThenKeep = async (b: NonNullable<typeof budget>, to: number, chunk: Buffer) => {
    await waitForBudget(b, (charge) => charge.grow(to, b.signal));
    return keep(chunk);
  };
  // Keeps a decoded chunk; 'stop' at the cap, or the wait for a larger share of the budget.
  const keep = (chunk: Buffer): 'stop' | undefined => {
    const total = kept.length;
    if (total + chunk.length > cap) {
      kept.add(chunk.subarray(0, cap - total));
      truncated = true;
      return 'stop';
    }
    kept.add(chunk);
    return undefined;
  };
  const take = (chunk: Buffer): ChunkTaken => {
    const total = kept.length;
    if (budget && total + chunk.length > charged) {
      // Doubling keeps the number of budget steps small (about 7 for a 5 MiB page).
      charged = Math.min(cap, Math.max(2 * charged, total + chunk.length));
      return growThenKeep(budget, charged, chunk);
    }
    return keep(chunk);
  };
  const counted = (chunk: Buffer): void => {
    wire += chunk.length;
    floor.add(chunk.length);
    idleness.bytes();
  };
  floor.resume();
  try {
    if (encodings.length === 0) {
      // Wire bytes are the decoded bytes: one pass, no iterator between the socket and the kept bytes.
      await eachChunk(body, (chunk) => {
        counted(chunk);
        return take(chunk);
      });
    } else {
      async function* wireChunks(): AsyncGenerator<Buffer> {
        for await (const chunk of body) {
          const c = chunk as Buffer;
          counted(c);
          if (wire > cap) {
            wireCapped = true;
            yield c.subarray(0, c.length - (wire - cap));
            return;
          }
          yield c;
        }
      }
      const hold: HoldDecoder = budget
        ? (bytes) => waitForBudget(budget, (charge) => charge.addDecoder(bytes, budget.signal))
        : null;
      let stream: AsyncIterable<Buffer> = wireChunks();
      for (const enc of [...encodings].reverse()) stream = decodeLayer(stream, enc, hold);
      for await (const chunk of stream) {
        // A bomb's wire bytes can all be on hand while its decoder still has gigabytes to give:
        // the deadline that destroyed the (already ended) body must end the decoding too.
        deadline?.throwIfAborted();
        const taken = take(chunk);
        if ((taken instanceof Promise ? await taken : taken) === 'stop') break;
      }
    }
  } catch (err) {
    throw err instanceof ItemFailure || err instanceof BudgetWaitAborted ? err : new BodyInterrupted(err, wire);
  } finally {
    floor.stop();
    body.on('error', () => {});
    body.destroy();
  }
  return { kept, truncated: truncated || wireCapped };
}
