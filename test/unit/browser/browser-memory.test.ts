// The browser's own memory between two reads: a process that grows after a read shows its growth
// in the estimate at once, with no read (no walk of its mappings) in between.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { BrowserOwnMemory } from '../../../src/browser/browser-memory.js';

const linux = process.platform === 'linux';
const MIB = 1024 * 1024;

/** A process that holds `mib` MiB of touched memory more each time it reads a line. */
function grower(mib: number) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const held = []; process.stdin.on('data', () => { held.push(Buffer.alloc(${mib} * 1048576, 1)); ` +
        `process.stdout.write('grown\\n'); }); process.stdout.write('ready\\n');`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = async () => {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    return chunk.toString();
  };
  return { child, lines };
}

test('the estimate follows a process that grew since the last read', { skip: !linux && 'needs /proc' }, async (t) => {
  const { child, lines } = grower(128);
  t.after(() => child.kill('SIGKILL'));
  assert.match(await lines(), /ready/);
  const own = new BrowserOwnMemory(child.pid!);
  assert.equal(own.estimate(), null);
  const before = await own.read();
  assert.ok(Math.abs(own.estimate()! - before) < 4 * MIB, `${own.estimate()} against ${before}`);
  child.stdin.write('\n');
  assert.match(await lines(), /grown/);
  const estimate = own.estimate()!;
  assert.ok(estimate - before >= 120 * MIB, `grew ${Math.round((estimate - before) / MIB)} MiB by the estimate`);
  // The next read agrees with it, within what the process's own heap moves.
  const after = await own.read();
  assert.ok(Math.abs(estimate - after) < 16 * MIB, `${estimate} against ${after}`);
});

test('a process that has ended adds nothing to the estimate', { skip: !linux && 'needs /proc' }, async () => {
  const { child, lines } = grower(64);
  assert.match(await lines(), /ready/);
  const own = new BrowserOwnMemory(child.pid!);
  const held = await own.read();
  child.kill('SIGKILL');
  await once(child, 'exit');
  assert.equal(own.estimate(), held);
});
