// `npm test` on a machine without redis-server is honest (issue 32 item 18): every test file that
// starts one runs with a PATH where there is none, and each of its Redis suites skips with the
// one line that says what to install, while the rest of the file (the in-memory cache cases)
// still runs and passes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { NO_REDIS } from '../../support/redis-server.js';

const TESTS = fileURLToPath(new URL('../../', import.meta.url));

/** The built test files that start a redis-server (they import the support module). */
function filesNeedingRedis(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesNeedingRedis(path));
    else if (entry.name.endsWith('.test.js') && readFileSync(path, 'utf8').includes('support/redis-server.js'))
      found.push(path);
  }
  return found.filter((f) => f !== fileURLToPath(import.meta.url)).sort();
}

describe('tests that need redis-server, without one', () => {
  it('skip their Redis suites with one line naming the package, and run the rest', async (t) => {
    const files = filesNeedingRedis(TESTS);
    assert.ok(files.some((f) => f.endsWith('cache.test.js')) && files.length >= 4, files.join('\n'));
    const emptyBin = mkdtempSync(join(tmpdir(), 'urlkit-no-redis-'));
    t.after(() => rmSync(emptyBin, { recursive: true, force: true }));
    // A test runner of its own (NODE_TEST_CONTEXT would make it a child of this one, running nothing).
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: emptyBin };
    delete env.NODE_TEST_CONTEXT;
    const proc = spawn(process.execPath, ['--test', '--test-reporter=tap', '--test-concurrency=1', ...files], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const [code] = (await once(proc, 'exit')) as [number | null];
    assert.equal(code, 0, out);
    const skips = out.split('\n').filter((line) => line.includes(`# SKIP ${NO_REDIS}`));
    // One suite per file needs Redis; cache.test.js also has its in-memory suites, which pass.
    assert.equal(skips.length, files.length, out);
    assert.match(out, /^ok \d+ - fetch cache \(in memory, the default\)$/m);
    assert.match(out, /^# fail 0$/m);
  });
});
