// The window a brotli or zstd decoder will allocate, read from real compressors' output: brotli's
// from its first byte, zstd's frame by frame however the bytes are cut.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { BROTLI_MAX_WINDOW_BYTES, ZstdFrames, brotliWindowBytes } from '../../../src/fetch/decoder-window.js';
import { seededRandom } from '../../support/seeded-random.js';
import { compressStream, spaces } from '../../support/compress-stream.js';

const MiB = 1024 * 1024;
const { BROTLI_PARAM_LGWIN, BROTLI_PARAM_QUALITY, ZSTD_c_windowLog } = zlib.constants;

describe('brotliWindowBytes', () => {
  it('reads every window size the format can name', () => {
    assert.equal(brotliWindowBytes(0x00), 1 << 16);
    assert.equal(brotliWindowBytes(0x01), 1 << 17);
    for (let n = 1; n <= 7; n++) assert.equal(brotliWindowBytes(1 | (n << 1)), 1 << (17 + n), `WBITS ${17 + n}`);
    for (let m = 2; m <= 7; m++) assert.equal(brotliWindowBytes(1 | (m << 4)), 1 << (8 + m), `WBITS ${8 + m}`);
    // The large-window marker, which the decoder refuses: counted as the largest window.
    assert.equal(brotliWindowBytes(1 | (1 << 4)), BROTLI_MAX_WINDOW_BYTES);
  });

  it("reads the window brotli's own compressor wrote", async () => {
    const input = Buffer.alloc(2 * MiB, 0x20);
    for (const lgwin of [10, 16, 18, 22, 24]) {
      const params = { [BROTLI_PARAM_LGWIN]: lgwin, [BROTLI_PARAM_QUALITY]: 5 };
      const body = await compressStream(zlib.createBrotliCompress({ params }), [input]);
      assert.equal(brotliWindowBytes(body[0]!), 1 << lgwin, `lgwin ${lgwin}`);
    }
  });
});

describe('ZstdFrames', () => {
  const MAX = 8 * MiB;
  const walk = (body: Buffer, cut: (at: number) => number) => {
    const frames = new ZstdFrames(MAX);
    const seen: number[] = [];
    for (let at = 0; at < body.length;) {
      const end = Math.min(body.length, at + cut(at));
      seen.push(frames.push(body.subarray(at, end)));
      at = end;
    }
    return seen;
  };

  it('finds every frame of a stream however its bytes are cut, and keeps the largest window', async () => {
    const text = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `line ${i} of a page\n`).join(''));
    // One segment of known size (window = content size), then a streamed frame with a 4 MiB window
    // (windowLog 22) over spaces (RLE blocks), then a skippable frame, then a small frame again.
    const skippable = Buffer.concat([Buffer.from([0x5a, 0x2a, 0x4d, 0x18, 3, 0, 0, 0]), Buffer.from('abc')]);
    const body = Buffer.concat([
      zlib.zstdCompressSync(text.subarray(0, 5000)),
      await compressStream(zlib.createZstdCompress({ params: { [ZSTD_c_windowLog]: 22 } }), spaces(1)),
      skippable,
      zlib.zstdCompressSync(text),
    ]);
    const random = seededRandom(7);
    for (const [name, cut] of [
      ['whole', () => body.length],
      ['byte by byte', () => 1],
      ['7 bytes', () => 7],
      ['random', () => 1 + Math.floor(random() * 300)],
    ] as const) {
      const seen = walk(body, cut);
      assert.equal(seen.at(-1), 4 * MiB, name);
      if (name !== 'whole') assert.ok(seen[0]! <= 5000, `${name}: the first frame's window is its content size`);
      assert.deepEqual(
        [...seen].sort((a, b) => a - b),
        seen,
        `${name}: never decreases`,
      );
    }
  });

  it('counts a window as soon as its frame header is in, before any of its blocks', async () => {
    const wide = await compressStream(zlib.createZstdCompress({ params: { [ZSTD_c_windowLog]: 23 } }), spaces(1));
    const frames = new ZstdFrames(MAX);
    // Magic (4), descriptor (1), window descriptor (1): the header of a streamed frame.
    assert.equal(frames.push(wide.subarray(0, 5)), 0);
    assert.equal(frames.push(wide.subarray(5, 6)), 8 * MiB);
  });

  it('assumes the largest window for bytes that are not zstd', () => {
    assert.equal(new ZstdFrames(MAX).push(Buffer.from('<html>not zstd')), MAX);
  });
});
