// Starts a service the way `npm start` does (the build's own `start` script, with the default
// settings plus what the caller adds to the environment), waits until it answers /healthz, and
// samples its resident memory from /proc. Shared by bench:load, bench:soak and bench:hostile.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { delimiter, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServiceProcess {
  child: ChildProcess;
  origin: string;
  /** Resident memory now of the process and its descendants, in MiB (0 when /proc cannot be read). */
  rssMiB(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => res(port));
    });
  });
}

/** Starts `node <script>` with PORT set and waits until `healthPath` answers anything. */
export async function startNodeService(
  script: string,
  env: Record<string, string>,
  healthPath = '/healthz',
  host = '127.0.0.1',
  /** Node options before the script, e.g. --cpu-prof for a profile of the service. */
  nodeArgs: readonly string[] = [],
): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, resolve(script)], {
    env: { ...process.env, ...env, PORT: String(port), HOST: host },
    // The service logs one JSON line per request at the default level; the bench does not read them.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return whenAnswering(child, script, `http://${host}:${port}`, healthPath);
}

/**
 * Starts the urlkit build in `root` as `npm start` does, without its build step: its
 * package.json `start` script, run by sh in `root` (the script sets the allocator's environment
 * and execs node, so the pid is the service's), with PORT and `env` added. `nodeArgs` go in
 * NODE_OPTIONS (e.g. --cpu-prof).
 */
export async function startService(
  root: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<ServiceProcess> {
  const port = await freePort();
  const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  const script = pkg.scripts?.start ?? 'exec node dist/src/main.js';
  const nodeOptions = [process.env.NODE_OPTIONS ?? '', ...nodeArgs].join(' ').trim();
  const child = spawn('/bin/sh', ['-c', script], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      // The script's `node` is the one running the bench.
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return whenAnswering(child, `${root}: ${script}`, `http://127.0.0.1:${port}`, '/healthz');
}

async function whenAnswering(
  child: ChildProcess,
  script: string,
  origin: string,
  healthPath: string,
): Promise<ServiceProcess> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const res = await fetch(origin + healthPath, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${script} did not answer within 30 s`);
      }
      await sleep(100);
    }
  }
  return {
    child,
    origin,
    rssMiB: () => rssMiB(child.pid),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * Resident memory of a process and all its descendants (worker threads are in the process; PDF
 * readers and browsers are child processes), in MiB; 0 when /proc cannot be read.
 */
export function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return 0;
  let kib = 0;
  const seen = new Set<number>();
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${next}/status`, 'utf8'));
      kib += m ? Number(m[1]) : 0;
      for (const task of readdirSync(`/proc/${next}/task`))
        for (const child of readFileSync(`/proc/${next}/task/${task}/children`, 'utf8').split(' '))
          if (child.trim()) pending.push(Number(child));
    } catch {
      /* the process ended while we read it */
    }
  }
  return kib / 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak in MiB. */
export function rssSampler(read: () => number, everyMs = 100): { stop(): number; peak(): number } {
  let peak = read();
  const t = setInterval(() => {
    peak = Math.max(peak, read());
  }, everyMs);
  return {
    peak: () => peak,
    stop() {
      clearInterval(t);
      peak = Math.max(peak, read());
      return peak;
    },
  };
}

/** The machine's 1, 5 and 15 minute load averages, as a bench prints them beside its figures. */
export function loadAverages(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
}

/** The value of `--name` on the bench's command line: the word after it, or `--name=value`. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** This checkout's root (dist/bench/ is two levels down). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The build (repository root) a bench runs: `--service DIR`, else this checkout. */
export function serviceRootArg(): string {
  return resolve(arg('service') ?? REPO_ROOT);
}
