// A compressor's whole output for `pieces`, written one by one as a server streams a body (with
// backpressure, so a bomb of many equal pieces is built without holding its input): a streaming
// compressor cannot shrink its window to an input it has not seen, so the stream names the
// window it was given (brotli's LGWIN, zstd's windowLog).
import type zlib from 'node:zlib';

export async function compressStream(
  z: zlib.BrotliCompress | zlib.ZstdCompress,
  pieces: Iterable<Buffer>,
): Promise<Buffer> {
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => z.on('end', resolve).on('error', reject));
  for (const piece of pieces) {
    if (!z.write(piece)) await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await done;
  return Buffer.concat(out);
}

/** `mib` MiB of spaces, one MiB a piece (the same buffer each time). */
export function spaces(mib: number): Buffer[] {
  return Array<Buffer>(mib).fill(Buffer.alloc(1024 * 1024, 0x20));
}
