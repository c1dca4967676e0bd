// The servers start with their start settings (src/cli/start-settings.ts): glibc's allocator
// settings (docs/admission.md, "Memory"), read when the process starts, so `npm start`'s script
// sets them and an operator's own value wins; and on Node 22 AsyncContextFrame, a flag of node's.
// `urlkit serve` and `node dist/src/main.js` started without them restart themselves with them
// (same pid). Read from the running server's /proc/<pid>/environ and cmdline (Linux).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ALLOCATOR_SETTINGS, CONTEXT_FRAME_FLAG } from '../../../src/cli/start-settings.js';
import { npmStart, ROOT, startListening, type NpmStarted } from '../../support/npm-start.js';

const CLI = resolve(ROOT, 'dist/src/cli/main.js');
const MAIN = resolve(ROOT, 'dist/src/main.js');
/** Node 22.15 and later: a process can replace itself (process.execve). */
const canExec = typeof process.execve === 'function';
/** Node 24 has AsyncContextFrame by default, and refuses the flag. */
const node22 = process.versions.node.startsWith('22.');

/**
 * The environment (by name) of the server `npm start` runs (its script's shell execs node), or
 * of the one `start` runs.
 */
async function serverEnvironment(
  env: Record<string, string>,
  start: (env: NodeJS.ProcessEnv) => Promise<NpmStarted> = npmStart,
): Promise<{ env: Map<string, string>; args: string[]; started: NpmStarted }> {
  const base = { ...process.env };
  delete base.MALLOC_ARENA_MAX;
  delete base.MALLOC_MMAP_THRESHOLD_;
  const started = await start({ ...base, ...env });
  const { proc, serverPid, exited } = started;
  try {
    const entries = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
    return {
      started,
      args: readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0'),
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

describe('npm start: the start settings', { skip: !existsSync('/proc/self/environ') && 'needs /proc' }, () => {
  it('starts the server with at most two malloc arenas and a fixed 64 KiB mmap threshold', async () => {
    const { env } = await serverEnvironment({});
    assert.equal(env.get('MALLOC_ARENA_MAX'), '2');
    assert.equal(env.get('MALLOC_MMAP_THRESHOLD_'), '65536');
  });

  it('starts the server with AsyncContextFrame on Node 22, once', async () => {
    const { args } = await serverEnvironment({});
    assert.equal(args.filter((a) => a === CONTEXT_FRAME_FLAG).length, node22 ? 1 : 0, args.join(' '));
  });

  it('takes the flag from NODE_OPTIONS as given', { skip: !node22 && 'Node 22 only' }, async () => {
    const options = `${process.env.NODE_OPTIONS ?? ''} ${CONTEXT_FRAME_FLAG}`.trim();
    const { args, env } = await serverEnvironment({ NODE_OPTIONS: options });
    assert.equal(args.includes(CONTEXT_FRAME_FLAG), false, args.join(' '));
    assert.equal(env.get('NODE_OPTIONS'), options);
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

  it('package.json start script sets the values urlkit serve restarts with', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
    for (const [name, value] of Object.entries(ALLOCATOR_SETTINGS))
      assert.ok(pkg.scripts.start.includes(`${name}=\${${name}:-${value}}`), `${name} ${value}`);
  });
});

describe('urlkit serve: the start settings', { skip: !existsSync('/proc/self/environ') && 'needs /proc' }, () => {
  const serve = (env: NodeJS.ProcessEnv) => startListening(process.execPath, [CLI, 'serve'], env);

  for (const [name, entry] of [
    ['urlkit serve', serve],
    ['node dist/src/main.js', (env: NodeJS.ProcessEnv) => startListening(process.execPath, [MAIN], env)],
  ] as const)
    it(
      `${name} restarts itself with them under the same pid`,
      { skip: !canExec && 'needs Node 22.15+ (process.execve)' },
      async () => {
        const { env, args, started } = await serverEnvironment({}, entry);
        assert.equal(env.get('MALLOC_ARENA_MAX'), '2');
        assert.equal(env.get('MALLOC_MMAP_THRESHOLD_'), '65536');
        assert.equal(args.filter((a) => a === CONTEXT_FRAME_FLAG).length, node22 ? 1 : 0, args.join(' '));
        assert.equal(started.serverPid, started.proc.pid);
      },
    );

  it("keeps the operator's own values", { skip: !canExec && 'needs Node 22.15+ (process.execve)' }, async () => {
    const { env } = await serverEnvironment({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '131072' }, serve);
    assert.equal(env.get('MALLOC_ARENA_MAX'), '4');
    assert.equal(env.get('MALLOC_MMAP_THRESHOLD_'), '131072');
  });

  it('says what to set on a Node that cannot restart itself', { skip: canExec && 'this Node can' }, async () => {
    const { env, started } = await serverEnvironment({}, serve);
    assert.equal(env.get('MALLOC_ARENA_MAX'), undefined);
    assert.match(started.output(), /MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=65536/);
  });
});
