// The main thread's collection paced by body memory (idle-gc.ts, wired in admission.ts): once a
// whole budget's worth of body shares has been given back, V8 collects, but only if the thread
// still holds as many array-buffer bytes as those shares stood for. Otherwise the bodies are gone
// already (V8's own collections freed them, or they moved to a worker) and a forced full
// collection would only stop the thread (bench:hostile row 7: 76 ms, no buffer freed).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Admission } from '../../../src/admission/admission.js';
import { BYTES_PER_BODY_BYTE } from '../../../src/admission/body-memory.js';
import { MemoryBudget } from '../../../src/admission/memory-budget.js';
import { watchForcedCollections } from '../../support/forced-collections.js';

const MiB = 1024 * 1024;

const forced = watchForcedCollections();
after(() => forced.stop());

/** Admission with a body budget whose worth of bodies is `bodiesBytes`. */
function admissionWithBudget(bodiesBytes: number): { admission: Admission; budget: MemoryBudget } {
  const budget = new MemoryBudget(bodiesBytes * BYTES_PER_BODY_BYTE);
  const admission = new Admission({
    maxConcurrency: 0,
    minConcurrency: 1,
    initialConcurrency: 1,
    queueMax: 0,
    queueTimeoutMs: 1000,
    bodyMemory: budget,
  });
  return { admission, budget };
}

/** Gives back a whole budget's worth of shares, then lets the collection (if any) run and be reported. */
async function giveBackBudget(budget: MemoryBudget): Promise<number> {
  const before = forced.count;
  const lease = await budget.acquire(budget.limitBytes);
  lease.release();
  await new Promise((r) => setImmediate(r));
  await sleep(50); // gc entries reach the observer on a later turn
  return forced.count - before;
}

describe('main-thread collection paced by body memory', () => {
  it('does not collect when the thread holds fewer array-buffer bytes than the shares stood for', async () => {
    const bodies = process.memoryUsage().arrayBuffers + 32 * MiB;
    const { admission, budget } = admissionWithBudget(bodies);
    assert.equal(await giveBackBudget(budget), 0);
    assert.ok(admission.enabled === false);
  });

  it('collects when the thread still holds that many bytes', async () => {
    const bodies = process.memoryUsage().arrayBuffers + 32 * MiB;
    const { admission, budget } = admissionWithBudget(bodies);
    const held = Buffer.alloc(40 * MiB, 1); // bodies' bytes not yet collected
    assert.equal(await giveBackBudget(budget), 1);
    assert.equal(held[0], 1);
    assert.ok(admission.enabled === false);
  });
});
