// How a body's bytes are kept as they arrive: a large one in pieces that can move to a worker
// (each the whole of its own buffer, the bytes in order), declared or not; one read whole on the
// main thread (a PDF) never in pieces; and no buffer over the mark before its bytes arrive.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isWhole, KeptBytes, PIECES_MIN_BYTES } from '../../../src/fetch/kept-bytes.js';

const KiB = 1024;

/** `total` bytes of a counting pattern, as slices of larger buffers (as a socket's reads come). */
function slicedChunks(total: number, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < total; at += size) {
    const n = Math.min(size, total - at);
    const backing = Buffer.alloc(n + 9);
    for (let i = 0; i < n; i++) backing[9 + i] = (at + i) % 251;
    chunks.push(backing.subarray(9));
  }
  return chunks;
}

function expected(total: number): Buffer {
  return Buffer.from(Array.from({ length: total }, (_, i) => i % 251));
}

function keep(kept: KeptBytes, chunks: Buffer[]): KeptBytes {
  for (const c of chunks) kept.add(c);
  return kept;
}

describe('KeptBytes', () => {
  const total = PIECES_MIN_BYTES + 300 * KiB;

  for (const [how, known] of [
    ['of declared length', total],
    ['of undeclared length', null],
  ] as const) {
    it(`keeps a large body ${how} in pieces of their own, in order, that move out`, () => {
      const kept = keep(new KeptBytes(known), slicedChunks(total, 64 * KiB));
      assert.equal(kept.length, total);
      const pieces = kept.takePieces();
      assert.ok(pieces, 'kept in pieces');
      assert.ok(pieces.every(isWhole), 'each piece is the whole of its buffer (the socket slices were copied)');
      assert.deepEqual(Buffer.concat(pieces), expected(total));
      assert.equal(kept.moved, true);
    });
  }

  it("keeps a decoder's whole chunks as they are: no copy", () => {
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(64 * KiB, 7));
    const pieces = keep(new KeptBytes(null), chunks).takePieces();
    assert.ok(pieces);
    assert.equal(pieces.length, chunks.length);
    assert.ok(pieces.every((p, i) => p === chunks[i]));
  });

  it('keeps a body under the mark whole', () => {
    const kept = keep(new KeptBytes(null), slicedChunks(PIECES_MIN_BYTES - 1, 64 * KiB));
    assert.equal(kept.takePieces(), null);
    assert.deepEqual(kept.whole(), expected(PIECES_MIN_BYTES - 1));
  });

  for (const [how, known] of [
    ['of declared length', total],
    ['of undeclared length', null],
  ] as const) {
    it(`never keeps a body read whole here (a PDF) ${how} in pieces`, () => {
      const kept = keep(new KeptBytes(known, false), slicedChunks(total, 64 * KiB));
      assert.equal(kept.takePieces(), null);
      assert.deepEqual(kept.whole(), expected(total));
    });
  }

  it('holds no buffer of a declared length over the mark before its bytes arrive', () => {
    const MiB = 1024 * KiB;
    const before = process.memoryUsage().arrayBuffers;
    const held = Array.from({ length: 4 }, () => new KeptBytes(16 * MiB, false));
    assert.ok(process.memoryUsage().arrayBuffers - before < 16 * MiB, 'no 16 MiB buffer was taken');
    assert.equal(held[0]!.length, 0);
  });
});
