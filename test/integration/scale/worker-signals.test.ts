// `urlkit worker` and its signals, as the API server's (app/exit-on-signals.ts): a real
// redis-server, one API process and, per test, one worker process of the built CLI. On SIGTERM
// or SIGINT the worker stops taking jobs at once, lets its running jobs finish and deliver
// their results within URLKIT_SHUTDOWN_GRACE_MS, stops what is left then (its items answered
// by the worker as retryable timeouts) and exits 0. Ctrl-C under npm reaches the worker twice
// (the terminal's SIGINT to the process group, then npm's); the second must not end the process
// on the spot.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startChild, waitForLog, type Child } from '../http/child-server.js';
import type { MetadataAnswer } from '../../support/answers.js';
import { startServer, FIXTURE_HOST, type LoopbackServer } from '../../support/loopback-server.js';
import { post } from '../../support/post-tool.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';
import { CLI, startCluster, stopChild, type Cluster } from '../../support/scale-cluster.js';

let site: LoopbackServer;
let redis: TestRedis;
let cluster: Cluster;
let env: Record<string, string>;
const workers: Child[] = [];
/** Requests for the slow page: answered when a test says so (the job runs until then). */
const held: ServerResponse[] = [];
let arrived: () => void = () => {};

before(async () => {
  if (redisSkip) return;
  site = await startServer((req, res) => {
    if (req.url?.startsWith('/slow')) {
      held.push(res);
      arrived();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Warm</title>');
  });
  redis = await startRedis();
  env = { URLKIT_ALLOW_CIDRS: `${FIXTURE_HOST}/32`, URLKIT_REDIS_URL: redis.url, URLKIT_RATE_LIMIT_MAX: '0' };
  // The API only: each test starts the worker it stops.
  cluster = await startCluster(0, env);
});

after(async () => {
  for (const res of held) res.destroy();
  await Promise.all(workers.map(stopChild));
  await cluster?.stop();
  await site?.close();
  await redis?.stop();
});

async function startWorker(graceMs: number): Promise<Child> {
  // The slow page may take its time to answer (the test answers it).
  const worker = await startChild(
    CLI,
    { ...env, URLKIT_SHUTDOWN_GRACE_MS: String(graceMs), URLKIT_HEADERS_TIMEOUT_MS: '60000' },
    ['worker'],
  );
  workers.push(worker);
  // The worker has run a job (its threads and connections are up).
  const warm = await metadata(`${site.origin}/warm`, 30);
  assert.equal(warm.json.data.results[0]!.data?.title, 'Warm');
  return worker;
}

function metadata(url: string, timeout: number) {
  return post<MetadataAnswer>(cluster.api.origin, 'get_url_metadata', { items: [url], timeout });
}

/** Starts a call for the slow page and resolves once the worker's fetch of it has arrived. */
async function slowCall() {
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const call = metadata(`${site.origin}/slow`, 60);
  await reached;
  return { call };
}

describe('urlkit worker and signals', { skip: redisSkip }, () => {
  it('SIGTERM while a job runs: no new job is taken, the running one delivers its result, then exit 0', async () => {
    const worker = await startWorker(60_000);
    const { call } = await slowCall();
    worker.proc.kill('SIGTERM');
    await waitForLog(worker, (line) => line.msg === 'worker shutting down');

    // Draining: the orchestrator is told, and a job queued now is left for other workers (none here).
    const ready = await fetch(`${worker.origin}/readyz`);
    assert.equal(ready.status, 503);
    const late = await metadata(`${site.origin}/warm`, 1);
    const lateItem = late.json.data.results[0]!;
    assert.equal(lateItem.meta.error?.code, 'timeout', JSON.stringify(lateItem));
    assert.match(lateItem.meta.error.message, /no worker was free to take it/);

    // The page answers at last: its job's result reaches the caller.
    held.shift()!.writeHead(200, { 'content-type': 'text/html' }).end('<title>Slow but done</title>');
    const { status, json } = await call;
    assert.equal(status, 200);
    const item = json.data.results[0]!;
    assert.equal(item.data?.title, 'Slow but done', JSON.stringify(item.meta.error));
    const { code, signal } = await worker.exit;
    assert.deepEqual({ code, signal }, { code: 0, signal: null });
  });

  it('SIGINT twice (Ctrl-C under npm), a page slower than the grace: the job is stopped and answered, exit 0', async () => {
    const worker = await startWorker(500);
    const { call } = await slowCall();
    worker.proc.kill('SIGINT');
    // The second comes once the first is taken (two sent at once merge into one pending signal).
    await waitForLog(worker, (line) => line.msg === 'worker shutting down');
    worker.proc.kill('SIGINT');

    const { status, json } = await call;
    assert.equal(status, 200);
    // At the end of the grace the job is stopped and its items answered by the worker itself, to
    // be retried (not lost with the process: worker_chunk_failed).
    const item = json.data.results[0]!;
    assert.equal(item.meta.error?.code, 'timeout', JSON.stringify(item.meta.error));
    assert.match(item.meta.error.message, /worker closing/);
    assert.equal(item.meta.error.retryable, true);
    // Within the grace and the deadline past it (exit-on-signals.ts exits 1 then).
    const { code, signal } = await worker.exit;
    assert.deepEqual({ code, signal }, { code: 0, signal: null });
  });

  // Last: it stops Redis.
  it('Redis lost while the worker drains: the caller is answered and the worker still exits 0', async () => {
    const worker = await startWorker(1000);
    const { call } = await slowCall();
    worker.proc.kill('SIGTERM');
    await waitForLog(worker, (line) => line.msg === 'worker shutting down');
    // The stopped job's answer cannot be stored: the drain must not wait for it past its time.
    await redis.stop();

    const { status, json } = await call;
    assert.equal(status, 200);
    assert.equal(json.data.results[0]!.meta.error?.code, 'worker_chunk_failed', JSON.stringify(json.data.results[0]));
    const { code, signal } = await worker.exit;
    assert.deepEqual({ code, signal }, { code: 0, signal: null });
  });
});
