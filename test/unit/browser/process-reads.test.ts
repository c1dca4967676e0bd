import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readMemory } from '../../../src/browser/process-reads.js';
import { memoryOf } from '../../../src/browser/process-table.js';

const linux = process.platform === 'linux';

test("reads a live process's memory as the synchronous read does", { skip: !linux && 'needs /proc' }, async () => {
  const read = await readMemory(process.pid);
  const now = memoryOf(process.pid);
  assert.ok(read && now);
  assert.ok(read.pss > 0 && read.rss >= read.pss);
  // The same process a moment apart: the same order of size.
  assert.ok(read.pss > now.pss / 2 && read.pss < now.pss * 2, `${read.pss} against ${now.pss}`);
});

test('a process that has ended reads as null', { skip: !linux && 'needs /proc' }, async () => {
  const child = spawn(process.execPath, ['-e', '0']);
  const pid = child.pid!;
  await once(child, 'exit');
  assert.equal(await readMemory(pid), null);
});
