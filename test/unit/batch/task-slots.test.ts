// TaskSlots: a FIFO semaphore; an aborted waiter leaves the queue without taking a slot.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TaskSlots } from '../../../src/workers/task-slots.js';

describe('TaskSlots', () => {
  it('grants up to its size at once, then in arrival order', async () => {
    const slots = new TaskSlots(2);
    const order: string[] = [];
    const a = await slots.acquire();
    const b = await slots.acquire();
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    assert.equal(slots.queued, 2);
    b();
    b(); // a second release of the same slot is ignored
    (await c)();
    a();
    (await d)();
    assert.deepEqual(order, ['c', 'd']);
    assert.equal(slots.queued, 0);
  });

  it('drops an aborted waiter and rejects it with the abort reason', async () => {
    const slots = new TaskSlots(1);
    const held = await slots.acquire();
    const ac = new AbortController();
    const waiting = slots.acquire(ac.signal);
    const after = slots.acquire();
    ac.abort(new Error('gave up'));
    await assert.rejects(waiting, /gave up/);
    assert.equal(slots.queued, 1);
    held();
    const release = await after;
    release();
    await assert.rejects(slots.acquire(AbortSignal.abort(new Error('already'))), /already/);
  });
});
