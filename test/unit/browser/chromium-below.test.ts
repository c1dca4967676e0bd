// The launcher Playwright runs in place of Chromium (src/browser/chromium-below.sh), run here with
// a shell in Chromium's place that reports what it was started with: its nice value, its
// capability bounding set and its session's autogroup. Started in a session of its own, as
// Playwright starts the browser, so the autogroup it lowers is not this test's.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { describe, it } from 'node:test';
import { autogroupNice, loweredLaunch } from '../../../src/browser/lowered-launch.js';

/** Bits of /proc/PID/status's capability masks. */
const CAP_SETPCAP = 8n;
const CAP_SYS_NICE = 23n;

/** This process's effective capabilities. */
function ownCapabilities(): bigint {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('CapEff:'));
  return line ? BigInt(`0x${line.slice('CapEff:'.length).trim()}`) : 0n;
}

const REPORT =
  'cut -d" " -f19 /proc/self/stat; grep CapBnd /proc/self/status | cut -f2; ' +
  'cat /proc/self/autogroup 2> /dev/null || echo none; echo "$@"';

interface Report {
  nice: number;
  bounding: bigint;
  autogroup: number | null;
  args: string;
}

async function launchShell(args: string[], step = 10): Promise<Report> {
  const { executablePath, env } = loweredLaunch('/bin/sh', step);
  const child = spawn(executablePath, ['-c', REPORT, 'sh', ...args], { env, detached: true });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, out);
  const [nice, bounding, autogroup, rest] = out.split('\n');
  const fields = autogroup!.split(' ');
  return {
    nice: Number(nice),
    bounding: BigInt(`0x${bounding}`),
    autogroup: autogroup === 'none' ? null : Number(fields[fields.length - 1]),
    args: rest!,
  };
}

describe('the browser launcher (chromium-below.sh)', { skip: !existsSync('/proc/self/stat') && 'needs /proc' }, () => {
  it("runs the browser with its arguments at a nice value the step above the service's", async () => {
    const report = await launchShell(['--headless', '--proxy-server=http://127.0.0.1:1', 'a b']);
    assert.equal(report.nice, Math.min(19, os.getPriority() + 10));
    assert.equal(report.args, '--headless --proxy-server=http://127.0.0.1:1 a b');
    assert.equal((await launchShell([], 0)).nice, os.getPriority());
  });

  it("lowers the browser's session's autogroup by as much, where the kernel has autogroups", async (t) => {
    const own = autogroupNice();
    if (own === null) return t.skip('no autogroups on this kernel');
    assert.equal((await launchShell([])).autogroup, Math.min(19, own + 10));
    assert.equal((await launchShell([], 0)).autogroup, own);
  });

  it('takes CAP_SYS_NICE from the browser where the service may drop it, with a step of 0 too', async (t) => {
    if (((ownCapabilities() >> CAP_SETPCAP) & 1n) === 0n)
      return t.skip('dropping a capability from the bounding set needs CAP_SETPCAP');
    for (const step of [10, 0]) assert.equal(((await launchShell([], step)).bounding >> CAP_SYS_NICE) & 1n, 0n);
  });
});
