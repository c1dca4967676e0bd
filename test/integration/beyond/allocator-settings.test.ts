// `npm start` starts the service with glibc's allocator settings (docs/admission.md, "Memory"):
// they are read when the process starts, so the script sets them, and an operator's own value
// wins. Read from the running server's /proc/<pid>/environ (Linux).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { npmStart, ROOT } from '../../support/npm-start.js';

/** The environment (by name) of the server `npm start` runs (its script's shell execs node). */
async function serverEnvironment(env: Record<string, string>): Promise<{ env: Map<string, string> }> {
  const base = { ...process.env };
  delete base.MALLOC_ARENA_MAX;
  delete base.MALLOC_MMAP_THRESHOLD_;
  const { proc, serverPid, exited } = await npmStart({ ...base, ...env });
  try {
    const entries = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
    return {
      env: new Map(
        entries.filter((e) => e.includes('=')).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]),
      ),
    };
  } finally {
    proc.kill('SIGTERM');
    await exited;
    try {
      process.kill(serverPid, 'SIGKILL');
    } catch {
      /* already gone with npm */
    }
  }
}

describe('npm start: the allocator settings', { skip: !existsSync('/proc/self/environ') && 'needs /proc' }, () => {
  it('starts the server with at most two malloc arenas and a fixed 64 KiB mmap threshold', async () => {
    const { env } = await serverEnvironment({});
    assert.equal(env.get('MALLOC_ARENA_MAX'), '2');
    assert.equal(env.get('MALLOC_MMAP_THRESHOLD_'), '65536');
  });

  it("keeps the operator's own values", async () => {
    const { env } = await serverEnvironment({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '131072' });
    assert.equal(env.get('MALLOC_ARENA_MAX'), '4');
    assert.equal(env.get('MALLOC_MMAP_THRESHOLD_'), '131072');
  });

  it('compose.yaml gives the API and the workers the same settings', () => {
    const compose = readFileSync(resolve(ROOT, 'compose.yaml'), 'utf8');
    assert.equal(compose.match(/MALLOC_ARENA_MAX: '2'/g)?.length, 2);
    assert.equal(compose.match(/MALLOC_MMAP_THRESHOLD_: '65536'/g)?.length, 2);
  });
});
