// The service's log lines are written to stdout in batches (src/app/logging.ts). What operators rely
// on still holds, against the built process entry: a lone request's line reaches stdout with no
// more traffic to fill a batch, the lines of the last calls are written before a graceful stop
// exits, and lines logged just before an uncaught error are written before the process dies.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { MAIN, startChild, waitForLog, type Child } from './child-server.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const LOGGING = fileURLToPath(new URL('../../../src/app/logging.js', import.meta.url));

/** The JSON lines of a child's stdout. */
function lines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('log lines of the built server', () => {
  let target: LoopbackServer;
  before(async () => {
    target = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<title>ok</title>');
    });
  });
  after(() => target.close());

  const call = (child: Child, id: string) =>
    fetch(`${child.origin}/api/v1/tools/check_url_status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': id },
      body: JSON.stringify({ url: `${target.origin}/` }),
    }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  const requestLine = (id: string) => (line: Record<string, unknown>) =>
    line.correlation_id === id && line.msg === 'request completed';

  it("writes a lone request's line with no traffic after it, and the last calls' lines before a graceful stop", async () => {
    const child = await startChild(MAIN, { URLKIT_ALLOW_CIDRS: '127.0.0.2/32', URLKIT_MAX_RETRIES: '0' });
    try {
      const lone = randomUUID();
      assert.equal(await call(child, lone), 200);
      // Nothing else is asked of the service: a batch that only a full buffer wrote would never come.
      await waitForLog(child, requestLine(lone));

      const last = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of last) assert.equal(await call(child, id), 200);
      child.proc.kill('SIGTERM');
      const { code } = await child.exit;
      assert.equal(code, 0);
      const logged = lines(child.stdout());
      for (const id of last) assert.ok(logged.some(requestLine(id)), `the line of call ${id} was written`);
      assert.ok(
        logged.some((l) => l.msg === 'shut down'),
        'the shutdown line was written',
      );
    } finally {
      child.proc.kill('SIGKILL');
    }
  });
});

describe('log lines at a crash', () => {
  it('lines logged just before an uncaught error reach stdout, and the error reaches stderr', async () => {
    // The service's own destination, in a process that dies of an uncaught error right after logging.
    const script = [
      "import { pino } from 'pino';",
      `import { batchedStdout, loggerOptions } from ${JSON.stringify(LOGGING)};`,
      "const log = pino(loggerOptions('info'), batchedStdout());",
      "log.info({ step: 1 }, 'before the crash');",
      "log.warn({ step: 2 }, 'just before the crash');",
      "setImmediate(() => { throw new Error('the crash'); });",
    ].join('\n');
    const proc = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      let err = '';
      proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const [code] = (await once(proc, 'close')) as [number | null];
      assert.notEqual(code, 0);
      assert.deepEqual(
        lines(out).map((l) => l.msg),
        ['before the crash', 'just before the crash'],
      );
      assert.match(err, /Error: the crash/);
    } finally {
      proc.kill('SIGKILL');
    }
  });
});
