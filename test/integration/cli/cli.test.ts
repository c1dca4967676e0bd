// The urlkit CLI as a child process against a loopback fixture: same envelope as HTTP, flags
// derived from the schemas, exit status 0 / 2 / 1, configuration errors in one line.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { startChild } from '../http/child-server.js';

const CLI = fileURLToPath(new URL('../../../src/cli/main.js', import.meta.url));
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function urlkit(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        env: { ...process.env, URLKIT_ALLOW_CIDRS: '127.0.0.2/32', URLKIT_LOG_LEVEL: 'silent', ...env },
        timeout: 60_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const PAGE = `<!doctype html><html><head><title>Tide Tables</title><meta name="description" content="When the sea comes in."></head>
<body><article><h1>Tide Tables</h1><p>High water at the harbour mouth comes about fifty minutes later each day, following the moon rather than the sun.</p>
<p>Spring tides, the largest, arrive a day or two after the new and full moon; neap tides follow the quarter moons.</p></article></body></html>`;

describe('urlkit CLI', () => {
  let site: LoopbackServer;
  before(async () => {
    site = await startServer((req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : PAGE);
    });
  });
  after(() => site.close());

  it('content prints the HTTP envelope; schema flags apply; exit 0', async () => {
    const run = await urlkit([
      'content',
      `${site.origin}/tides`,
      '--output-format',
      'markdown',
      '--include-title',
      'false',
      '--max-chars',
      '5000',
      '--pretty',
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^\{\n {2}"correlation_id"/, '--pretty indents');
    const body = JSON.parse(run.stdout);
    assert.match(body.correlation_id, UUID_V4);
    const [item] = body.data.results;
    assert.equal(item.data.format, 'markdown');
    assert.match(item.data.content, /fifty minutes later each day/);
    assert.doesNotMatch(item.data.content, /^# Tide Tables/, 'include_title false');
    assert.equal(item.meta.url, `${site.origin}/tides`);
  });

  it('metadata with several URLs runs one batch, results in order', async () => {
    const run = await urlkit(['metadata', `${site.origin}/1`, `${site.origin}/2`]);
    assert.equal(run.code, 0, run.stderr);
    const body = JSON.parse(run.stdout);
    assert.deepEqual(
      body.data.results.map((r: { meta: { url: string } }) => r.meta.url),
      [`${site.origin}/1`, `${site.origin}/2`],
    );
    assert.equal(body.data.results[0].data.title, 'Tide Tables');
  });

  it('status and index work too', async () => {
    const status = await urlkit(['status', `${site.origin}/`, '--follow-redirects', 'false']);
    assert.equal(status.code, 0, status.stderr);
    assert.equal(JSON.parse(status.stdout).data.results[0].data.ok, true);
    const index = await urlkit(['index', `${site.origin}/`, '--no-include-title']);
    assert.equal(index.code, 0, index.stderr);
    assert.match(JSON.parse(index.stdout).data.results[0].data.content, /Spring tides/);
  });

  it('exits 2 when some item failed, still printing every result', async () => {
    const port = new URL(site.origin).port;
    const run = await urlkit(['content', `${site.origin}/ok`, `http://127.0.0.1:${port}/blocked`]);
    assert.equal(run.code, 2);
    const body = JSON.parse(run.stdout);
    assert.equal(body.data.results.length, 2);
    assert.equal(body.data.results[0].meta.error, undefined);
    assert.equal(body.data.results[1].meta.error.code, 'blocked_url');
  });

  it('exits 1 on bad usage, naming the problem', async () => {
    const noUrl = await urlkit(['content']);
    assert.equal(noUrl.code, 1);
    assert.match(noUrl.stderr, /give at least one URL/);

    const tooLong = await urlkit(['metadata', `${site.origin}/`, '--timeout', '5000']);
    assert.equal(tooLong.code, 1);
    assert.match(tooLong.stderr, /--timeout: must be at most 60 \(the unit is seconds\)/);
    const body = JSON.parse(tooLong.stdout);
    assert.equal(body.error.code, 'invalid_request');
    assert.deepEqual(body.error.details, [{ path: '/timeout', message: 'must be at most 60 (the unit is seconds)' }]);

    const badType = await urlkit(['content', `${site.origin}/`, '--max-chars', 'lots']);
    assert.equal(badType.code, 1);
    assert.match(badType.stderr, /--max-chars: must be an integer/);

    const unknownFlag = await urlkit(['status', `${site.origin}/`, '--output-format', 'text']);
    assert.equal(unknownFlag.code, 1);
    assert.match(unknownFlag.stderr, /unknown option --output-format/);

    const unknownCommand = await urlkit(['crawl', `${site.origin}/`]);
    assert.equal(unknownCommand.code, 1);
    assert.match(unknownCommand.stderr, /unknown command "crawl"/);

    // Every usage error: the error envelope on stdout, one line on stderr, no help text.
    for (const [run, message] of [
      [noUrl, /give at least one URL/],
      [await urlkit(['content', `${site.origin}/`, '--bogus']), /unknown option --bogus/],
      [unknownFlag, /unknown option --output-format/],
      [unknownCommand, /unknown command "crawl"/],
      [tooLong, /must be at most 60/],
    ] as const) {
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
      const envelope = JSON.parse(run.stdout) as { correlation_id: string; error: { code: string; message: string } };
      assert.equal(envelope.error.code, 'invalid_request');
      assert.match(envelope.error.message, message);
      assert.match(envelope.correlation_id, /^[0-9a-f-]{36}$/);
    }
  });

  it('a bad setting stops it with a one-line message', async () => {
    const run = await urlkit(['status', `${site.origin}/`], { URLKIT_MAX_RETRIES: 'many' });
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim().split('\n').length, 1);
    assert.match(run.stderr, /URLKIT_MAX_RETRIES must be a whole number/);
  });

  it('settings that would quietly do less are refused: URLKIT_ROLE=worker without Redis, URLKIT_API_KEYS=","', async () => {
    for (const [env, message] of [
      [{ URLKIT_ROLE: 'worker' }, /URLKIT_ROLE=worker needs URLKIT_REDIS_URL/],
      [{ URLKIT_API_KEYS: ',' }, /URLKIT_API_KEYS holds no key/],
    ] as const) {
      const run = await urlkit(['serve'], env);
      assert.equal(run.code, 1);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
      assert.match(run.stderr, message);
    }
  });

  it('urlkit serve listens and exits 0 on SIGTERM; an unknown URLKIT_ variable is one warning line', async () => {
    const child = await startChild(CLI, { URLKIT_ALLOW_CIDR: '127.0.0.2/32' }, ['serve']);
    try {
      const res = await fetch(`${child.origin}/healthz`);
      assert.equal(res.status, 200);
      const warnings = child
        .stdout()
        .split('\n')
        .filter((l) => l.includes('is not a urlkit setting'));
      assert.equal(warnings.length, 1, child.stdout());
      assert.match(
        warnings[0]!,
        /"level":40,.*URLKIT_ALLOW_CIDR is not a urlkit setting .*did you mean URLKIT_ALLOW_CIDRS\?/,
      );
      child.proc.kill('SIGTERM');
      assert.equal((await child.exit).code, 0);
    } finally {
      child.proc.kill('SIGKILL');
    }
  });
});
