// NDJSON answers of get_url_metadata through the Redis queue: a real redis-server on a free
// loopback port, one API process and two `urlkit worker` processes of the built CLI. Item lines
// come as the workers finish them (the first before the slowest item of its own chunk is done,
// carried by the job's per-item progress events), the last line counts them, and a client that
// hangs up stops the work: no chunk after that starts, and the fetch the worker was waiting on
// is dropped.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FIXTURE_HOST, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { gatedSite, openStream, readAll, waitFor } from '../../support/ndjson-client.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';
import { startCluster, type Cluster } from '../../support/scale-cluster.js';

const gate = gatedSite();
let site: LoopbackServer;
let redis: TestRedis;
let cluster: Cluster;

before(async () => {
  if (redisSkip) return;
  site = await startServer(gate.handler);
  redis = await startRedis();
  // Chunks of two, one chunk of a call at a time: the order in which items can finish is known.
  cluster = await startCluster(2, {
    URLKIT_REDIS_URL: redis.url,
    URLKIT_ALLOW_CIDRS: `${FIXTURE_HOST}/32`,
    URLKIT_RATE_LIMIT_MAX: '0',
    URLKIT_BATCH_CHUNK_SIZE: '2',
    URLKIT_BATCH_CONCURRENCY: '1',
    URLKIT_WORKER_TASK_TIMEOUT_MS: '60000',
    // Only the caller leaving may end the wait for the hanging pages (not an attempt timeout).
    URLKIT_HEADERS_TIMEOUT_MS: '60000',
  });
});

after(async () => {
  gate.releaseAll();
  await cluster?.stop();
  await site?.close();
  await redis?.stop();
});

describe('NDJSON through the Redis queue (1 API + 2 workers)', { skip: redisSkip }, () => {
  it('sends each item as its worker finishes it, the first before the slowest, then the counts', async () => {
    const urls = [`${site.origin}/hang/q`, `${site.origin}/fast/q1`, `${site.origin}/fast/q2`, 'not a url'];
    const stream = await openStream(cluster.api.origin, { items: urls, timeout: 60 });
    assert.equal(stream.status, 200);
    assert.match(String(stream.headers['content-type']), /^application\/x-ndjson/);
    const correlationId = String(stream.headers['x-correlation-id']);

    const first = await stream.next();
    // The slow page of the same job is still waiting at the site.
    assert.equal(gate.hangsWaiting(), 1);
    assert.equal(first?.index, 1);
    assert.equal(first?.data?.title, 'Fast /fast/q1');
    gate.releaseAll();

    const rest = await readAll(stream);
    const last = rest.pop()!;
    const items = [first, ...rest];
    assert.deepEqual(items.map((l) => l.index).sort(), [0, 1, 2, 3]);
    for (const line of items) assert.equal(line.meta?.url, urls[line.index!]);
    assert.equal(items.find((l) => l.index === 0)!.data?.title, 'Slow /hang/q');
    assert.equal(items.find((l) => l.index === 3)!.meta?.error?.code, 'invalid_url');
    assert.deepEqual(last, { correlation_id: correlationId, counts: { items: 4, ok: 3, failed: 1 } });
  });

  it('stops the work when the client hangs up', async () => {
    const seenBefore = gate.seen.length;
    // Chunk 0 = a fast page and one that hangs; the 18 URLs after it are in chunks not started.
    const urls = [`${site.origin}/fast/first`, ...Array.from({ length: 19 }, (_, i) => `${site.origin}/hang/h${i}`)];
    const stream = await openStream(cluster.api.origin, { items: urls, timeout: 60 });
    const first = await stream.next();
    assert.equal(first?.index, 0);
    await waitFor(() => gate.hangsWaiting() === 1, 'the hanging page to be requested');
    const closedBefore = gate.closedHangs();
    stream.hangUp();

    // The worker drops the request it was waiting on, and no later chunk is run.
    await waitFor(() => gate.closedHangs() === closedBefore + 1, 'the pending fetch to be dropped');
    const metrics = async () => (await fetch(`${cluster.api.origin}/metrics`)).text();
    await waitFor(
      async () => /^urlkit_tool_requests_in_flight(?:\{[^}]*\})? 0$/m.test(await metrics()),
      'the call to end',
    );
    assert.deepEqual(gate.seen.slice(seenBefore), ['/fast/first', '/hang/h0']);
  });
});
