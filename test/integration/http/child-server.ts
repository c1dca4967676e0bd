// Helpers to run the built server as a child process and talk to it over real sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const MAIN = fileURLToPath(new URL('../../../src/main.js', import.meta.url));

export interface Child {
  proc: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Everything the child wrote to stdout so far (JSON log lines). */
  stdout(): string;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node <script>` with env and waits for fastify's "Server listening at" log line. */
export async function startChild(script: string, env: Record<string, string>, args: string[] = []): Promise<Child> {
  const proc = spawn(process.execPath, [script, ...args], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      URLKIT_LOG_LEVEL: 'info',
      URLKIT_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exit = once(proc, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const origin = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        proc.stdout!.off('data', check);
        resolve(m[1]!);
      }
    };
    proc.stdout!.on('data', check);
    exit.then(({ code }) => reject(new Error(`server exited early (${code}): ${err}${out}`)));
  });
  return { proc, origin, stdout: () => out, stderr: () => err, exit };
}

/** Waits until some stdout line satisfies the predicate (the child logs as it works). */
export async function waitForLog(child: Child, test: (line: Record<string, unknown>) => boolean): Promise<void> {
  for (;;) {
    const lines = child.stdout().split('\n').filter(Boolean);
    if (
      lines.some((l) => {
        try {
          return test(JSON.parse(l) as Record<string, unknown>);
        } catch {
          return false;
        }
      })
    )
      return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
