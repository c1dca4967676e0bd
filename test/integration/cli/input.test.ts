// `urlkit metadata|status --input FILE|-` as a child process against a loopback site: 1,000 URLs
// from a file, one NDJSON line per item as it finishes and a last line with the counts, never
// more requests at once than one batch runs, nothing on stderr when it is not a terminal.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';

const CLI = fileURLToPath(new URL('../../../src/cli/main.js', import.meta.url));
// One batch runs at most chunk size x chunk concurrency URLs at once.
const CHUNK = 5;
const CHUNKS_AT_ONCE = 2;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function urlkit(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: {
        ...process.env,
        URLKIT_ALLOW_CIDRS: '127.0.0.2/32',
        URLKIT_LOG_LEVEL: 'silent',
        URLKIT_BATCH_CHUNK_SIZE: String(CHUNK),
        URLKIT_BATCH_CONCURRENCY: String(CHUNKS_AT_ONCE),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

interface Line {
  index?: number;
  data?: { title?: string | null; status_code?: number } | null;
  meta?: { url: string; error?: { code: string } };
  correlation_id?: string;
  counts?: { items: number; ok: number; failed: number };
}

function lines(stdout: string): Line[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);
}

describe('urlkit --input', () => {
  let site: LoopbackServer;
  let inFlight = 0;
  let peak = 0;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urlkit-input-'));
    site = await startServer((req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      res.on('close', () => inFlight--);
      // A little later than at once, so that requests overlap as much as the limits let them.
      setImmediate(() => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : `<!doctype html><title>Page ${req.url}</title><p>${req.url}</p>`);
      });
    });
  });
  after(async () => {
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('metadata reads 1,000 URLs from a file within the batch limits and prints a line per item', async () => {
    peak = 0;
    const urls = Array.from({ length: 1000 }, (_, i) => (i === 500 ? 'not a url' : `${site.origin}/p${i}`));
    const file = path.join(dir, 'urls.txt');
    // Blank lines and surrounding spaces are not URLs.
    fs.writeFileSync(file, `\n${urls.map((u, i) => (i % 100 === 7 ? `  ${u}  \n` : `${u}\n`)).join('')}\n\n`);

    // The first items start the CLI's worker threads inside their timeout (10 s by default, which a
    // thread's start passed with 10 times more runnable processes than CPUs): the most allowed.
    const run = await urlkit(['metadata', '--input', file, '--timeout', '60']);
    assert.equal(run.stderr, '', 'nothing on stderr when it is not a terminal');
    assert.equal(run.code, 2, 'one item failed');
    const out = lines(run.stdout);
    const last = out.pop()!;
    assert.equal(out.length, 1000);
    const seen = new Set<number>();
    for (const line of out) {
      const i = line.index!;
      assert.ok(!seen.has(i), `index ${i} once`);
      seen.add(i);
      assert.equal(line.meta?.url, urls[i]);
      if (i === 500) assert.equal(line.meta?.error?.code, 'invalid_url');
      else assert.equal(line.data?.title, `Page /p${i}`, JSON.stringify(line.meta?.error));
    }
    assert.match(String(last.correlation_id), /^[0-9a-f-]{36}$/);
    assert.deepEqual(last.counts, { items: 1000, ok: 999, failed: 1 });
    assert.ok(peak <= CHUNK * CHUNKS_AT_ONCE, `at most ${CHUNK * CHUNKS_AT_ONCE} requests at once, saw ${peak}`);
    assert.ok(peak > 1, 'requests ran in parallel');
  });

  it('status reads URLs from stdin, as many at once as a batch runs', async () => {
    peak = 0;
    const urls = Array.from({ length: 300 }, (_, i) => `${site.origin}/s${i}`);
    const run = await urlkit(['status', '--input', '-', '--timeout', '5'], urls.join('\n'));
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
    const out = lines(run.stdout);
    assert.deepEqual(out.pop()!.counts, { items: 300, ok: 300, failed: 0 });
    assert.deepEqual(
      out.map((l) => l.index).sort((a, b) => a! - b!),
      urls.map((_, i) => i),
    );
    for (const line of out) assert.equal(line.data?.status_code, 200);
    assert.ok(peak <= CHUNK * CHUNKS_AT_ONCE, `at most ${CHUNK * CHUNKS_AT_ONCE} requests at once, saw ${peak}`);
  });

  it('refuses URLs and --input together, a missing file and a bad option, exit 1', async () => {
    const both = await urlkit(['metadata', `${site.origin}/x`, '--input', '-']);
    assert.equal(both.code, 1);
    assert.match(both.stderr, /not both/);
    const missing = await urlkit(['metadata', '--input', path.join(dir, 'nope.txt')]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /cannot read --input .*ENOENT/);
    const bad = await urlkit(['status', '--input', '-', '--timeout', '100'], `${site.origin}/x\n`);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--timeout/);
    assert.equal((JSON.parse(bad.stdout) as { error: { code: string } }).error.code, 'invalid_request');
  });
});
