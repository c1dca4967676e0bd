// SIGTERM with work in flight, against the built process entry (dist/src/main.js) and the real
// status tool probing a slow loopback target: in-flight calls finish within the grace period,
// new connections are refused, and the process exits 0; past the grace, work is aborted and
// the caller still gets a complete 200 envelope.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { npmStart } from '../../support/npm-start.js';
import { MAIN, startChild } from './child-server.js';

describe('graceful shutdown of the built server', () => {
  let target: LoopbackServer;
  const arrived: Array<() => void> = [];
  const pending: ServerResponse[] = [];
  before(async () => {
    // Answers after the delay given in the path (/slow/<ms>), and tells the test it was reached.
    target = await startServer((req: IncomingMessage, res: ServerResponse) => {
      const ms = Number(/\/slow\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      for (const f of arrived.splice(0)) f();
      pending.push(res);
      setTimeout(() => {
        if (!res.destroyed) {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<title>slow</title>');
        }
      }, ms).unref();
    });
  });
  after(async () => {
    for (const r of pending) r.destroy();
    await target.close();
  });

  const reached = () => new Promise<void>((resolve) => arrived.push(resolve));

  /** The built server, and a status call of `path` on the slow target that has reached it. */
  async function callInFlight(graceMs: number, path: string, timeout?: number) {
    const child = await startChild(MAIN, {
      URLKIT_ALLOW_CIDRS: '127.0.0.2/32',
      URLKIT_SHUTDOWN_GRACE_MS: String(graceMs),
      URLKIT_MAX_RETRIES: '0',
    });
    const hit = reached();
    const inFlight = fetch(`${child.origin}/api/v1/tools/check_url_status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${target.origin}${path}`, ...(timeout === undefined ? {} : { timeout }) }),
    });
    await hit;
    return { child, inFlight };
  }

  it('finishes in-flight work, refuses new connections, exits 0', async () => {
    const { child, inFlight } = await callInFlight(20000, '/slow/700');
    try {
      child.proc.kill('SIGTERM');
      // The listener closes at once; the running call is not cut short.
      let refused = false;
      for (let i = 0; i < 50 && !refused; i++) {
        try {
          await fetch(`${child.origin}/healthz`, { headers: { connection: 'close' } });
          await new Promise((r) => setTimeout(r, 10));
        } catch {
          refused = true;
        }
      }
      assert.ok(refused, 'new connections are refused after SIGTERM');
      const res = await inFlight;
      assert.equal(res.status, 200);
      const body = (await res.json()) as { data: { results: Array<{ data: { ok: boolean; status_code: number } }> } };
      assert.equal(body.data.results[0]!.data.ok, true);
      assert.equal(body.data.results[0]!.data.status_code, 200);
      const { code } = await child.exit;
      assert.equal(code, 0);
    } finally {
      child.proc.kill('SIGKILL');
    }
  });

  it('Ctrl-C under npm start (SIGINT twice: the terminal, then npm forwarding it) still drains', async () => {
    const { child, inFlight } = await callInFlight(20000, '/slow/700');
    try {
      child.proc.kill('SIGINT');
      // The second comes once the first is taken (two sent at once merge into one pending signal).
      while (!child.stdout().includes('shutting down')) await sleep(10);
      child.proc.kill('SIGINT');
      const res = await inFlight;
      assert.equal(res.status, 200);
      const body = (await res.json()) as { data: { results: Array<{ data: { ok: boolean } }> } };
      assert.equal(body.data.results[0]!.data.ok, true);
      const { code, signal } = await child.exit;
      assert.deepEqual({ code, signal }, { code: 0, signal: null });
    } finally {
      child.proc.kill('SIGKILL');
    }
  });

  it('past the grace period, aborts the work, still answers 200, exits 0', async () => {
    const { child, inFlight } = await callInFlight(100, '/slow/60000', 60);
    try {
      child.proc.kill('SIGTERM');
      const res = await inFlight;
      assert.equal(res.status, 200);
      const body = (await res.json()) as {
        data: { results: Array<{ data: { ok: boolean } | null; meta: { error?: { code: string } } }> };
      };
      const item = body.data.results[0]!;
      assert.equal(item.meta.error?.code, 'timeout');
      const { code } = await child.exit;
      assert.equal(code, 0);
    } finally {
      child.proc.kill('SIGKILL');
    }
  });

  it('SIGTERM to the npm start process stops the server too (no orphan)', async () => {
    // npm forwards SIGTERM to its child, so that child must be the server itself.
    const { proc, serverPid, output, exited } = await npmStart(process.env);
    try {
      assert.ok(serverPid !== proc.pid, output());
      proc.kill('SIGTERM');
      await exited;
      let alive = true;
      for (let i = 0; i < 200 && alive; i++) {
        alive = isAlive(serverPid);
        if (alive) await sleep(25);
      }
      assert.equal(alive, false, 'the server process ended with npm');
      assert.match(output(), /"reason":"SIGTERM".*shutting down/, 'it shut down gracefully');
    } finally {
      proc.kill('SIGKILL');
      if (isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
