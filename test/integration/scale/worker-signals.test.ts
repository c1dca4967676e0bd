// `urlkit worker` and its signals, as the API server's (app/exit-on-signals.ts): a real
// redis-server, one API process and one worker process of the built CLI. Ctrl-C under npm
// reaches the worker twice (the terminal's SIGINT to the process group, then npm's); the
// second must not end the process on the spot: the job it runs ends as a closing worker ends
// it (stopped, its items answered by the worker as retryable), and the worker exits 0.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { waitForLog } from '../http/child-server.js';
import type { MetadataAnswer } from '../../support/answers.js';
import { startServer, FIXTURE_HOST, type LoopbackServer } from '../../support/loopback-server.js';
import { post } from '../../support/post-tool.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';
import { startCluster, type Cluster } from '../../support/scale-cluster.js';

let site: LoopbackServer;
let redis: TestRedis;
let cluster: Cluster;
/** Requests for the held page: never answered (the job runs until the worker stops it). */
const held: ServerResponse[] = [];
let arrived: () => void = () => {};

before(async () => {
  if (redisSkip) return;
  site = await startServer((req, res) => {
    if (req.url?.startsWith('/held')) {
      held.push(res);
      arrived();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Warm</title>');
  });
  redis = await startRedis();
  cluster = await startCluster(
    1,
    { URLKIT_ALLOW_CIDRS: `${FIXTURE_HOST}/32`, URLKIT_REDIS_URL: redis.url, URLKIT_RATE_LIMIT_MAX: '0' },
    {},
    { URLKIT_SHUTDOWN_GRACE_MS: '60000' },
  );
});

after(async () => {
  for (const res of held) res.destroy();
  await cluster?.stop();
  await site?.close();
  await redis?.stop();
});

describe('urlkit worker and signals', { skip: redisSkip }, () => {
  it('SIGINT twice while a job runs (Ctrl-C under npm): the job is answered and the worker exits 0', async () => {
    // The worker has run a job (its threads and connections are up).
    const warm = await post<MetadataAnswer>(cluster.api.origin, 'get_url_metadata', { items: [`${site.origin}/warm`] });
    assert.equal(warm.json.data.results[0]!.data?.title, 'Warm');

    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const call = post<MetadataAnswer>(cluster.api.origin, 'get_url_metadata', {
      items: [`${site.origin}/held`],
      timeout: 60,
    });
    await reached;
    const worker = cluster.workers[0]!;
    worker.proc.kill('SIGINT');
    // The second comes once the first is taken (two sent at once merge into one pending signal).
    await waitForLog(worker, (line) => line.msg === 'worker shutting down');
    worker.proc.kill('SIGINT');

    const { status, json } = await call;
    assert.equal(status, 200);
    // The job ends as a closing worker ends it: its items are stopped and answered by the worker
    // itself, to be retried (not lost with the process: worker_chunk_failed).
    const item = json.data.results[0]!;
    assert.equal(item.meta.error?.code, 'timeout', JSON.stringify(item.meta.error));
    assert.match(item.meta.error.message, /worker closing/);
    assert.equal(item.meta.error.retryable, true);
    const { code, signal } = await worker.exit;
    assert.deepEqual({ code, signal }, { code: 0, signal: null });
  });
});
