// What a worker reports to the pool after each task decides whether the pool replaces it when
// idle (over RECYCLE_HEAP_BYTES): a worker that went through a large page is replaced even if
// its last task was small, and a warm worker serving ordinary pages is not replaced for a heap
// that was high once and has since been collected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HeapMark } from '../../../src/workers/heap-mark.js';
import { RECYCLE_HEAP_BYTES } from '../../../src/workers/pool.js';

const MiB = 1024 * 1024;

describe('worker heap mark', () => {
  it('a worker serving ordinary pages reports its heap as it is now', () => {
    const mark = new HeapMark();
    assert.ok(
      mark.afterTask(false, 60 * MiB) > RECYCLE_HEAP_BYTES,
      'garbage not yet collected is reported while it is there',
    );
    assert.equal(mark.afterTask(false, 18 * MiB), 18 * MiB, 'once collected, the worker is not marked as grown');
    assert.ok(mark.afterTask(false, 20 * MiB) <= RECYCLE_HEAP_BYTES);
  });

  it('a worker that went through a large page keeps reporting what that page grew it to', () => {
    const mark = new HeapMark();
    mark.afterTask(false, 17 * MiB);
    assert.equal(mark.afterTask(true, 45 * MiB), 45 * MiB);
    assert.equal(mark.afterTask(false, 20 * MiB), 45 * MiB, 'a small task after the large one does not hide it');
    assert.equal(mark.afterTask(true, 30 * MiB), 45 * MiB, 'the mark is the largest of the large tasks');
    assert.equal(mark.afterTask(false, 60 * MiB), 60 * MiB, 'a heap above the mark is reported as it is');
    assert.equal(mark.afterTask(false, 20 * MiB), 45 * MiB);
  });
});
