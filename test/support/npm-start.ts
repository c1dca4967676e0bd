// Starts the service the way the README's `npm start` runs it (npm -> its script's shell ->
// node), for tests of that command. --ignore-scripts skips prestart's build (npm test has built).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface NpmStarted {
  /** The process started (npm, or the server itself). */
  proc: ChildProcess;
  /** The server's own pid, read from its "listening" log line. */
  serverPid: number;
  /** Its standard output so far. */
  output: () => string;
  exited: Promise<unknown>;
}

/** Runs `npm start` with `env` (plus a loopback host, any port, info logs) until the server listens. */
export async function npmStart(env: NodeJS.ProcessEnv): Promise<NpmStarted> {
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []];
  return startListening(command, [...args, 'start', '--ignore-scripts'], env);
}

/**
 * Runs `command args` in the checkout with `env` (plus a loopback host, any port, info logs)
 * until the server listens.
 */
export async function startListening(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<NpmStarted> {
  const proc = spawn(command, args, {
    cwd: ROOT,
    env: { ...env, HOST: '127.0.0.1', PORT: '0', URLKIT_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr.resume();
  const exited = once(proc, 'exit');
  for (let i = 0; i < 600 && !/Server listening at/.test(out); i++) await sleep(50);
  const serverPid = Number(/"pid":(\d+),.*Server listening at/.exec(out)?.[1]);
  if (!(serverPid > 0)) {
    proc.kill('SIGKILL');
    await exited;
    assert.fail(`${[command, ...args].join(' ')} did not listen: ${out}`);
  }
  return { proc, serverPid, output: () => out, exited };
}
