// bench:hostile's CPU of the service's child processes counts those that ended during the
// measured phase too (hostile row 5's PDF processes end at their memory limit, one per bomb).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { describe, it } from 'node:test';
import { childTicks, childTicksSpent, processFaults } from '../../../bench/thread-cpu.js';

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

describe('processFaults', () => {
  it('counts the first touches of memory the process was just given', (t) => {
    if (os.platform() !== 'linux') return t.skip('reads /proc');
    const before = processFaults(process.pid);
    assert.ok(before !== null);
    // 16 MiB outside V8's heap (an ArrayBuffer from malloc, mapped fresh), filled: every page is
    // touched for the first time.
    Buffer.allocUnsafeSlow(16 * 1024 * 1024).fill(1);
    assert.ok(processFaults(process.pid)! > before, 'the new pages are counted');
  });

  it('is null for a process that does not exist', () => {
    assert.equal(processFaults(undefined), null);
  });
});
