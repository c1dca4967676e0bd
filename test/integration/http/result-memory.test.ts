// One caller's batches cannot make the service hold their results without bound: a batch keeps
// each finished URL's result until its last one is in, so many batches at once used to hold all
// their results together. With URLKIT_RESULT_MEMORY_BYTES, a chunk of URLs starts only when
// there is room for its results (the oldest batch always goes on), a chunk that finds none by
// its URLs' timeout answers `timeout` saying why, and another caller's batch finds room.
import assert from 'node:assert/strict';
import type net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { LONG_PAGE as PAGE } from '../../support/long-page.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { postAs } from '../../support/post-tool.js';
import { gauge } from '../../support/metric-gauge.js';

const HEAVY = 'heavy-caller';
const OTHER = 'other-caller';
const MiB = 1024 * 1024;
const BUDGET = 4 * MiB;
/** What one item of a batch with its content reserves while it runs (get-url-metadata.ts). */
const ITEM_BYTES = 16 * 1024 + 200_000;

interface Item {
  data: { content?: string } | null;
  meta: { error?: { code: string; message: string } };
}

let site: LoopbackServer;
let app: FastifyInstance;
let origin: string;

before(async () => {
  site = await startServer((req, res) => {
    // /slow/...: the page after 2 s, so that a batch holds its room that long.
    const delay = req.url?.startsWith('/slow/') ? 2000 : 0;
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE), delay);
  });
  app = await buildApp(testConfig({ apiKeys: [HEAVY, OTHER], resultMemoryBytes: BUDGET }), {
    logStream: { write() {} },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
});
after(async () => {
  await app.close();
  await site.close();
});

const batch = (path: string, items: number, timeout: number) => ({
  items: Array.from({ length: items }, (_, i) => `${site.origin}/${path}/${i}`),
  include_content: true,
  timeout,
});

async function metadata(caller: string, body: unknown): Promise<Item[]> {
  const answer = await postAs(origin, caller, 'get_url_metadata', body);
  assert.equal(answer.status, 200);
  return answer.items;
}

describe('the results of running batches', () => {
  it('are held within the budget however many batches a caller sends, and every batch finishes', async () => {
    let held = 0;
    let waited = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const text = await (await fetch(`${origin}/metrics`)).text();
        held = Math.max(held, gauge(text, 'urlkit_result_memory_bytes'));
        waited = Math.max(waited, gauge(text, 'urlkit_result_memory_waiting'));
        await sleep(10);
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, b) => metadata(HEAVY, batch(`many-${b}`, 20, 60))),
    ).finally(() => (sampling = false));
    await sampler;
    for (const results of answers)
      for (const item of results) {
        assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
        assert.ok((item.data?.content?.length ?? 0) > 100_000);
      }
    assert.ok(waited > 0, 'chunks waited for room');
    // Eight batches of twenty 200 KB texts would hold 32 MB at once; the budget holds its three
    // quarters (a quarter is kept for other callers) and the oldest batch's overcommit, one batch.
    assert.ok(held <= BUDGET + 20 * ITEM_BYTES, `held ${held} bytes`);
  });

  it('reserve for content of at most max_tokens tokens, not for the longest content, with max_tokens', async () => {
    // The earlier batches' room is given back as their answers are sent; /metrics renders at most
    // once a second, so its first reads may still show it.
    const usedNow = async () => gauge(await (await fetch(`${origin}/metrics`)).text(), 'urlkit_result_memory_bytes');
    for (let tries = 0; (await usedNow()) > 0; tries++) {
      assert.ok(tries < 50, 'the earlier batches still hold their room');
      await sleep(100);
    }
    let held = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        held = Math.max(held, await usedNow());
        await sleep(10);
      }
    })();
    const results = await metadata(HEAVY, { ...batch('slow/tokens', 10, 10), max_tokens: 50 }).finally(
      () => (sampling = false),
    );
    await sampler;
    for (const item of results) assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
    assert.ok(held > 0, 'nothing was reserved');
    // Each item's content holds at most 50 tokens of 128 bytes: 6,400 characters, not 200,000.
    assert.ok(held <= 10 * (16 * 1024 + 50 * 128), `held ${held} bytes`);
  });

  it("answer timeout, saying why, when a caller's own earlier batches hold the room past the URLs' timeout", async () => {
    const first = metadata(HEAVY, batch('slow/first', 20, 30));
    await sleep(300);
    const late = await metadata(HEAVY, batch('late', 10, 1));
    for (const item of late) {
      assert.equal(item.meta.error?.code, 'timeout');
      assert.match(item.meta.error.message, /URLKIT_RESULT_MEMORY_BYTES/);
    }
    // Another caller's batch finds the room kept for others.
    const other = await metadata(OTHER, batch('other', 5, 3));
    for (const item of other) assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
    for (const item of await first) assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
  });
});
