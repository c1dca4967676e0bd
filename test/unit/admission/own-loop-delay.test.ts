// The event loop's own delay: the part of the loop's lateness the main thread spent running,
// driven by blocking this test's loop with a chosen CPU clock (the thread's CPU advanced by the
// block: its own work; not advanced: it waited for a CPU held by another process).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { mainThreadCpuClock } from '../../../src/admission/main-thread-cpu.js';
import { OwnLoopDelay } from '../../../src/admission/own-loop-delay.js';

/** Blocks the loop for `ms` of wall time. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Runs a monitor whose every probe is its own window, blocks the loop once, and reads the late probe. */
async function afterBlock(cpu: (() => number) | null, onBlock: () => void): Promise<OwnLoopDelay> {
  const monitor = new OwnLoopDelay({ windowMs: 1, tickMs: 5, cpu });
  monitor.start();
  try {
    await sleep(20);
    block(150);
    onBlock();
    // The monitor's probe is overdue and fires before this 1 ms timer, which was set after the block.
    await sleep(1);
    return monitor;
  } finally {
    monitor.stop();
  }
}

describe('OwnLoopDelay', () => {
  it('counts a block the main thread spent running as its own delay', async () => {
    let cpuMs = 0;
    const monitor = await afterBlock(
      () => cpuMs,
      () => (cpuMs += 150),
    );
    assert.ok(monitor.wallMs >= 100, `lateness ${monitor.wallMs} ms`);
    // All of it, up to the CPU the thread used after the probe was due (the block's 150 ms, less
    // the probe interval it may have spent before).
    assert.equal(monitor.ownMs, Math.min(monitor.wallMs, 150 - 5));
  });

  it('does not count lateness the main thread spent waiting for a CPU (its CPU time did not move)', async () => {
    let cpuMs = 0;
    const monitor = await afterBlock(
      () => cpuMs,
      () => (cpuMs += 8),
    );
    assert.ok(monitor.wallMs >= 100, `lateness ${monitor.wallMs} ms`);
    assert.ok(monitor.ownMs <= 3, `own ${monitor.ownMs} ms (8 ms of CPU, up to 5 before the probe was due)`);
  });

  it('counts the whole lateness where the platform has no CPU clock of the main thread', async () => {
    const monitor = await afterBlock(null, () => {});
    assert.ok(monitor.wallMs >= 100);
    assert.equal(monitor.ownMs, monitor.wallMs);
  });

  it('reads the main thread CPU clock on this platform, and it advances with the thread’s work', () => {
    const cpu = mainThreadCpuClock();
    if (process.platform !== 'linux' && cpu === null) return;
    assert.ok(cpu, 'Linux always has one (threadCpuUsage or schedstat)');
    const before = cpu();
    block(30);
    assert.ok(cpu() > before);
  });
});
