// firstExecutable: the first path this process may execute, passing over paths that are missing
// or are files without execute permission (what finds prlimit for the browser, and Chromium and
// redis-server for the tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstExecutable } from '../../../src/util/executables.js';

test('the first executable file, past a missing path and a file that may not be executed', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'urlkit-executables-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const plain = join(dir, 'plain');
  writeFileSync(plain, '#!/bin/sh\n');
  chmodSync(plain, 0o644);
  const runnable = join(dir, 'runnable');
  writeFileSync(runnable, '#!/bin/sh\n');
  chmodSync(runnable, 0o755);
  assert.equal(firstExecutable([join(dir, 'missing'), plain, runnable, process.execPath]), runnable);
  assert.equal(firstExecutable([process.execPath, runnable]), process.execPath);
});

test('none among the paths (or no paths): null', () => {
  assert.equal(firstExecutable([]), null);
  assert.equal(firstExecutable([join(tmpdir(), 'urlkit-no-such-program')]), null);
});
