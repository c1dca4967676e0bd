// A real redis-server for tests: a free loopback port, no persistence, stopped by the caller's
// t.after even when the test fails. restart() stops it and starts a fresh one on the same port
// (everything in it is lost, as when a Redis without persistence restarts). `extraArgs` are more
// redis-server switches (e.g. --maxmemory and its policy). Tests that need it skip, saying why,
// only when no redis-server is on the PATH (`redisSkip`, node:test's skip option).
// Each server has its own password: while one test's Redis is down (stopped, or between a
// restart's two halves) its clients keep reconnecting to its port, and another test's Redis may
// be given that port; without a password they would take that test's jobs.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { delimiter, join } from 'node:path';
import { firstExecutable } from '../../src/util/executables.js';

/** The redis-server executable the tests would start (the first on the PATH), or null. */
export function findRedisServer(): string | null {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
  return firstExecutable(dirs.map((dir) => join(dir, 'redis-server')));
}

export const NO_REDIS =
  "no redis-server on the PATH: install Debian's redis-server package (apt-get install -y redis-server) " +
  'to run the Redis tests';

/** node:test's skip option for a suite that needs Redis: false, or why it is skipped. */
export const redisSkip: string | false = findRedisServer() ? false : NO_REDIS;

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function launch(port: number, extraArgs: string[]): Promise<ChildProcess> {
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  await new Promise<void>((resolve, reject) => {
    proc.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.includes('Ready to accept connections')) resolve();
    });
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  proc.stdout.resume();
  return proc;
}

async function kill(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = once(proc, 'exit');
  proc.kill('SIGKILL');
  await exited;
}

export async function startRedis(extraArgs: string[] = []): Promise<TestRedis> {
  const port = await freePort();
  const password = randomUUID().replaceAll('-', '');
  const args = ['--requirepass', password, ...extraArgs];
  let proc = await launch(port, args);
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    port,
    stop: () => kill(proc),
    async restart() {
      await kill(proc);
      proc = await launch(port, args);
    },
  };
}
