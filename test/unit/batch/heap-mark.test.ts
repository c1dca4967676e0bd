// What a worker reports to the pool after each task decides whether the pool replaces it when
// idle (over RECYCLE_HEAP_BYTES): a worker that went through a large page is replaced even if
// its last task was small, and a warm worker serving ordinary pages is not replaced for a heap
// that is garbage: it collects first when that passes the mark, and reports what is left.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HeapMark } from '../../../src/workers/heap-mark.js';
import { RECYCLE_HEAP_BYTES } from '../../../src/workers/pool.js';

const MiB = 1024 * 1024;

/** A worker's heap: `total` bytes of which `live` survive a collection; counts the collections. */
function heap(total: number, live: number) {
  const h = {
    total,
    live,
    collections: 0,
    now: () => h.total,
    collect: () => {
      h.collections++;
      h.total = h.live;
    },
  };
  return h;
}

describe('worker heap mark', () => {
  it('a worker serving ordinary pages reports its heap as it is while under the mark, without collecting', () => {
    const mark = new HeapMark();
    const h = heap(40 * MiB, 30 * MiB);
    assert.equal(mark.afterTask(false, h.now, h.collect), 40 * MiB);
    assert.equal(h.collections, 0);
  });

  it('collects the garbage of ordinary pages once it passes the mark, and reports what is left', () => {
    const mark = new HeapMark();
    // Under load: 50 MiB of heap, 40 of it in use (bench:load's article, tasks back to back).
    const h = heap(50 * MiB, 40 * MiB);
    assert.equal(mark.afterTask(false, h.now, h.collect), 40 * MiB);
    assert.equal(h.collections, 1);
    assert.ok(40 * MiB <= RECYCLE_HEAP_BYTES, 'so the pool keeps this warm worker');
    // A heap that is still over the mark once collected is reported: that worker is replaced.
    const full = heap(70 * MiB, 60 * MiB);
    assert.equal(mark.afterTask(false, full.now, full.collect), 60 * MiB);
    // Without a collection to run, the heap is reported as it is.
    assert.equal(
      mark.afterTask(false, () => 50 * MiB, null),
      50 * MiB,
    );
  });

  it('a worker that went through a large page keeps reporting what that page grew it to', () => {
    const mark = new HeapMark();
    const h = heap(17 * MiB, 17 * MiB);
    mark.afterTask(false, h.now, h.collect);
    h.total = 60 * MiB;
    h.live = 30 * MiB;
    assert.equal(mark.afterTask(true, h.now, h.collect), 60 * MiB, 'taken before the collection after it');
    assert.equal(h.collections, 1);
    assert.equal(h.total, 30 * MiB);
    assert.equal(
      mark.afterTask(false, h.now, h.collect),
      60 * MiB,
      'a small task after the large one does not hide it',
    );
    h.total = 70 * MiB;
    assert.equal(mark.afterTask(false, h.now, h.collect), 70 * MiB, 'a heap above the mark is reported as it is');
    assert.equal(h.collections, 1, 'no collection for a worker the pool replaces anyway');
    h.total = 45 * MiB;
    assert.equal(mark.afterTask(true, h.now, h.collect), 60 * MiB, 'the mark is the largest of the large tasks');
  });
});
