// get_url_metadata answered as NDJSON (Accept: application/x-ndjson) over a real socket: lines
// come as items finish (the first before the slowest item is done), the last line counts them,
// a chunk whose worker dies still gives worker_chunk_failed lines, and a client that hangs up
// stops the fetching.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { gatedSite, openStream, readAll, waitFor } from '../../support/ndjson-client.js';
import { SMALL_WORKER_MB, startMetadataSite } from './metadata-site.js';

const quiet = { logStream: { write() {} } };

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('get_url_metadata with Accept: application/x-ndjson', () => {
  const gate = gatedSite();
  let site: LoopbackServer;
  let app: FastifyInstance;
  let origin: string;
  before(async () => {
    site = await startServer(gate.handler);
    app = await buildApp(testConfig({ rateLimitMax: 0, batchChunkSize: 2, batchConcurrency: 1 }), quiet);
    origin = await listen(app);
  });
  after(async () => {
    gate.releaseAll();
    await app.close();
    await site.close();
  });

  it('sends each item as it finishes, the first before the slowest is done, then the counts', async () => {
    // One chunk at a time: chunk 0 holds the slow page and a fast one.
    const urls = [`${site.origin}/hang/a`, `${site.origin}/fast/1`, `${site.origin}/fast/2`, 'not a url'];
    const stream = await openStream(origin, { items: urls });
    assert.equal(stream.status, 200);
    assert.match(String(stream.headers['content-type']), /^application\/x-ndjson/);
    const correlationId = String(stream.headers['x-correlation-id']);

    const first = await stream.next();
    // The slow page has not been answered yet: its request is still waiting at the site.
    assert.equal(gate.hangsWaiting(), 1);
    assert.equal(first?.index, 1);
    assert.equal(first?.data?.title, 'Fast /fast/1');
    assert.equal(first?.meta?.url, urls[1]);
    gate.releaseAll();

    const rest = await readAll(stream);
    const last = rest.pop()!;
    const items = [first, ...rest];
    assert.deepEqual(items.map((l) => l.index).sort(), [0, 1, 2, 3]);
    for (const line of items) {
      assert.deepEqual(Object.keys(line).sort(), ['data', 'index', 'meta']);
      assert.equal(line.meta?.url, urls[line.index!]);
    }
    assert.equal(items.find((l) => l.index === 0)!.data?.title, 'Slow /hang/a');
    assert.equal(items.find((l) => l.index === 3)!.meta?.error?.code, 'invalid_url');
    assert.deepEqual(last, { correlation_id: correlationId, counts: { items: 4, ok: 3, failed: 1 } });
  });

  it('stops fetching when the client hangs up', async () => {
    const before = gate.seen.length;
    // Chunk 0 = a fast page and one that hangs; the 18 URLs after it are in chunks not started.
    const urls = [`${site.origin}/fast/first`, ...Array.from({ length: 19 }, (_, i) => `${site.origin}/hang/${i}`)];
    const stream = await openStream(origin, { items: urls });
    const first = await stream.next();
    assert.equal(first?.index, 0);
    await waitFor(() => gate.hangsWaiting() === 1, 'the hanging page to be requested');
    const closedBefore = gate.closedHangs();
    stream.hangUp();

    // The service drops the request it was waiting on, and the call ends without another.
    await waitFor(() => gate.closedHangs() === closedBefore + 1, 'the pending fetch to be dropped');
    await waitFor(() => app.urlkit.admission.inFlight === 0, 'the call to end');
    assert.deepEqual(gate.seen.slice(before), ['/fast/first', '/hang/0']);
  });

  it('keeps the plain JSON envelope for clients that do not ask for NDJSON', async () => {
    const stream = await openStream(origin, { items: [`${site.origin}/fast/x`] }, 'application/json');
    assert.match(String(stream.headers['content-type']), /^application\/json/);
    const [body] = await readAll(stream);
    assert.equal(body?.data?.results?.[0]?.data?.title, 'Fast /fast/x');
  });

  it('answers a refused call with the usual JSON error and status', async () => {
    const stream = await openStream(origin, { items: [] });
    assert.equal(stream.status, 400);
    const [body] = await readAll(stream);
    assert.equal(body?.error?.code, 'invalid_request');
  });
});

describe('NDJSON and a chunk whose worker dies', () => {
  let site: LoopbackServer;
  let app: FastifyInstance;
  let origin: string;
  before(async () => {
    site = await startMetadataSite();
    app = await buildApp(testConfig({ rateLimitMax: 0, batchChunkSize: 2, workerMaxMemoryMb: SMALL_WORKER_MB }), quiet);
    origin = await listen(app);
  });
  after(async () => {
    await app.close();
    await site.close();
  });

  it('sends worker_chunk_failed lines for that chunk only', async () => {
    const urls = Array.from({ length: 5 }, (_, i) => `${site.origin}/${i === 4 ? 'dense' : `page/${i}`}`);
    const lines = await readAll(await openStream(origin, { items: urls }));
    const last = lines.pop()!;
    const byIndex = new Map(lines.map((l) => [l.index!, l]));
    assert.equal(byIndex.size, 5);
    assert.equal(byIndex.get(4)?.meta?.error?.code, 'worker_chunk_failed');
    for (let i = 0; i < 4; i++) assert.equal(byIndex.get(i)?.data?.title, `Page ${i}`);
    assert.deepEqual(last.counts, { items: 5, ok: 4, failed: 1 });
  });
});
