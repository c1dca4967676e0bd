// bench:hostile's CPU of the service's child processes counts those that ended during the
// measured phase too (hostile row 5's PDF processes end at their memory limit, one per bomb).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { describe, it } from 'node:test';
import { childTicks, childTicksSpent } from '../../../bench/thread-cpu.js';

describe('childTicksSpent', () => {
  it("counts a child's CPU when the child ended between the two readings", async (t) => {
    if (os.platform() !== 'linux') return t.skip('reads /proc');
    const before = childTicks(process.pid);
    // A child that spins on the CPU for about 0.3 s, then exits (node reaps it at once).
    const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);']);
    await once(child, 'exit');
    await new Promise((r) => setImmediate(r));
    const after = childTicks(process.pid);
    assert.ok(!after.has(child.pid!), 'the child is gone');
    assert.ok(childTicksSpent(before, after) > 0, 'its CPU is counted');
  });
});
