// A body's share of the memory budget (body-memory.ts) and the body's own memory: once nothing
// of the call holds the body, its bytes are garbage, and a share nobody gave back ends with them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { chargeBody, closeCallMemory, openCallMemory } from '../../../src/admission/body-memory.js';
import { inCallScope, LOCAL_CLAIMANT } from '../../../src/admission/call-scope.js';
import { MemoryBudget } from '../../../src/admission/memory-budget.js';
import { KeptBytes } from '../../../src/fetch/kept-bytes.js';
import { engineGc } from '../../../src/util/engine-gc.js';

const MiB = 1024 * 1024;

/** Reads a 1 MiB body in a budgeted call; returns a weak reference to its bytes, the call still open. */
async function readOneBody(budget: MemoryBudget) {
  const memory = openCallMemory(budget)!;
  const ref = await inCallScope({ claimant: LOCAL_CLAIMANT, memory }, async () => {
    const charge = chargeBody()!;
    const kept = new KeptBytes(MiB);
    await charge.grow(MiB);
    kept.add(Buffer.alloc(MiB, 97));
    kept.whole();
    charge.done(kept);
    return new WeakRef(kept);
  });
  return { memory, ref };
}

/** Full collections, with turns between for finalizers to run. */
async function collect(): Promise<void> {
  const gc = engineGc();
  assert.ok(gc, 'the engine collection is available');
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(10);
  }
}

describe('body memory', () => {
  it("a body's bytes are garbage once its call has ended", async () => {
    const budget = new MemoryBudget(64 * MiB);
    const { memory, ref } = await readOneBody(budget);
    closeCallMemory(memory);
    await collect();
    // (a boolean: the body itself in an assertion's message would be a 1 MiB dump)
    assert.equal(ref.deref() === undefined, true, 'the body is still held after its call');
    assert.equal(budget.stats().usedBytes, 0);
  });

  it('a share nobody gave back ends when its body is collected', async () => {
    const budget = new MemoryBudget(64 * MiB);
    const { memory, ref } = await readOneBody(budget);
    assert.ok(budget.stats().usedBytes > 0);
    await collect();
    assert.equal(ref.deref() === undefined, true, 'the body is still held');
    assert.equal(budget.stats().usedBytes, 0, 'the share outlived its body');
    assert.equal(memory.read.length, 1); // the call still lists it; its release is done
  });
});
