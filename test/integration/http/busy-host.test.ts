// Per-host concurrency never turns into 503s: calls for one busy host wait for its connection
// slots within their own deadline, and answer 200 with content (or a per-URL timeout item when
// the deadline passes first), never `overloaded`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serve, type RunningServer } from '../../../src/http/serve.js';
import { post } from '../../support/post-tool.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

describe('a busy host', () => {
  let site: LoopbackServer;
  let server: RunningServer;
  let active = 0;
  let peak = 0;
  before(async () => {
    site = await startServer((_req, res) => {
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!doctype html><title>Slow page</title><article><h1>Slow page</h1><p>' +
            'Words of an article that took a while. '.repeat(20) +
            '</p></article>',
        );
      }, 150);
    });
    // A worker's start is bounded by the task budget (10 s by default), which a loaded machine
    // passes; this test is about the host's connection slots, not that bound.
    server = await serve(
      testConfig({ host: '127.0.0.1', port: 0, perHostConcurrency: 1, workerTaskTimeoutMs: 120_000 }),
    );
  });
  after(async () => {
    await server.shutdown('test over');
    await site.close();
  });

  it('makes calls wait for the host, one connection at a time, and answers every one', async () => {
    const calls = Array.from({ length: 8 }, (_, i) =>
      post(server.address, i % 2 ? 'check_url_status' : 'clean_web_content', { url: `${site.origin}/page-${i}` }),
    );
    const results = await Promise.all(calls);
    for (const r of results) {
      assert.equal(r.status, 200);
      assert.equal(r.json.data.results[0]?.meta.error, undefined, JSON.stringify(r.json.data.results[0]?.meta.error));
    }
    assert.equal(peak, 1, 'never more than one connection to the host at a time');
  });

  it('a call whose deadline passes while waiting for the host gets a timeout item, not a 503', async () => {
    // One at a time, 150 ms each: eight calls need 1.2 s, past the last ones' 0.5 s deadline.
    const calls = Array.from({ length: 8 }, (_, i) =>
      post(server.address, 'clean_web_content', { url: `${site.origin}/late-${i}`, timeout: 0.5 }),
    );
    const results = await Promise.all(calls);
    const codes = results.map((r) => {
      assert.equal(r.status, 200);
      return r.json.data.results[0]?.meta.error?.code ?? 'ok';
    });
    assert.ok(
      codes.every((c) => c === 'ok' || c === 'timeout'),
      codes.join(),
    );
    assert.ok(codes.includes('timeout'), codes.join());
  });
});
