// A worker thread that takes longer to load than the task budget (a busy machine: seconds) does not
// fail an item whose own `timeout` is longer: the wait for the thread is bounded by the item's
// deadline, and by the task budget only when that is later. The slow start is made from outside:
// a preload (`--require`, which worker threads run too) that holds each worker thread for a while
// before it loads anything.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { MAIN, startChild } from './child-server.js';

/** How long each worker thread is held before it loads: well past the task budget below. */
const HOLD_MS = 6000;
const TASK_BUDGET_MS = 2000;

const ARTICLE =
  '<!doctype html><html><head><title>Tides</title></head><body><article><h1>Tides</h1><p>' +
  'A sentence about harbours and tides that makes this an article. '.repeat(8) +
  '</p></article></body></html>';

describe('a worker thread slower to load than the task budget', () => {
  let site: LoopbackServer;
  let dir: string;
  before(async () => {
    site = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE));
    dir = mkdtempSync(join(tmpdir(), 'urlkit-slow-start-'));
    writeFileSync(
      join(dir, 'hold-workers.cjs'),
      "const { isMainThread } = require('node:worker_threads');\n" +
        `if (!isMainThread) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${HOLD_MS});\n`,
    );
  });
  after(async () => {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an item whose timeout outlasts the load, not a timeout at the task budget', async () => {
    const child = await startChild(MAIN, {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require=${join(dir, 'hold-workers.cjs')}`,
      URLKIT_ALLOW_CIDRS: '127.0.0.2/32',
      URLKIT_WORKER_TASK_TIMEOUT_MS: String(TASK_BUDGET_MS),
    });
    try {
      // Sent as soon as the service listens: its worker threads are still held.
      const res = await fetch(`${child.origin}/api/v1/tools/clean_web_content`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${site.origin}/tides`, timeout: 60 }),
      });
      assert.equal(res.status, 200);
      const body = (await res.json()) as {
        data: { results: Array<{ data: { content: string } | null; meta: object }> };
      };
      const item = body.data.results[0]!;
      assert.ok(item.data, JSON.stringify(item.meta));
      assert.match(item.data.content, /harbours and tides/);
    } finally {
      child.proc.kill('SIGKILL');
      await child.exit;
    }
  });
});
