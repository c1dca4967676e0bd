// A caller that leaves just before a worker process takes its job: the API cannot remove a job
// that is being moved to active, and the cancel message it publishes then reaches the worker
// before the job does. The worker remembers the id and drops the job when it takes it, instead
// of running it to its deadline. A real redis-server; the worker side is a queue dispatcher in
// this process, and the test plays the API (publishes the cancel, then, once the worker has it,
// enqueues the job).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createInProcessDispatcher } from '../../../src/batch/in-process-dispatcher.js';
import { CANCEL_CHANNEL } from '../../../src/batch/job-cancel.js';
import { createQueueDispatcher, QUEUE_NAME, type QueueDispatcher } from '../../../src/batch/queue-dispatcher.js';
import { redisOptionsFromUrl } from '../../../src/batch/redis-options.js';
import type { ChunkJob } from '../../../src/batch/types.js';
import { testConfig } from '../../support/loopback-server.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';

let redis: TestRedis;
let worker: QueueDispatcher;
let queue: Queue;
let events: QueueEvents;
let client: Redis;
/** Job ids the worker's handler was called for. */
const ran: string[] = [];
const dropped: string[] = [];
const logLines: string[] = [];

before(async () => {
  if (redisSkip) return;
  redis = await startRedis();
  const config = testConfig({ redisUrl: redis.url, requestTimeoutMs: 30_000 });
  const local = createInProcessDispatcher();
  worker = createQueueDispatcher({
    config,
    local,
    role: 'worker',
    // Its debug lines say when it has taken a cancel in.
    logger: pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) }),
    observer: {
      enqueued: () => {},
      answered: () => {},
      started: () => {},
      finished: (outcome) => void (outcome === 'dropped' && dropped.push('job')),
    },
  });
  // The handler answers at once: a job that runs completes, one that is dropped fails.
  worker.register<string, null, string>('probe', (job) => {
    ran.push(job.items[0]!);
    return Promise.resolve(job.items);
  });
  await worker.start();
  const connection = redisOptionsFromUrl(redis.url);
  queue = new Queue(QUEUE_NAME, { connection });
  events = new QueueEvents(QUEUE_NAME, { connection });
  await events.waitUntilReady();
  client = new Redis(connection);
  // The worker's cancel subscription is up before the test publishes on it.
  for (;;) {
    const [, n] = (await client.pubsub('NUMSUB', CANCEL_CHANNEL)) as [string, number];
    if (n > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
});

after(async () => {
  if (redisSkip) return;
  await Promise.allSettled([queue?.close(), events?.close(), worker?.close()]);
  client?.disconnect();
  await redis?.stop();
});

/** Enqueues a one-item job as the API does and waits for the worker's answer about it. */
async function enqueue(jobId: string): Promise<string> {
  const data: ChunkJob<string, null> = {
    handler: 'probe',
    index: 0,
    items: [jobId],
    options: null,
    deadline: Date.now() + 20_000,
  };
  // Kept once finished: the worker's own options remove a job at once, and waitUntilFinished
  // then races that removal ("Missing key for job").
  const job = await queue.add('probe', data, { jobId, attempts: 1, removeOnComplete: false, removeOnFail: false });
  try {
    await job.waitUntilFinished(events);
    return 'completed';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

describe('a cancel that reaches the worker before its job', { skip: redisSkip }, () => {
  it('drops the job when the worker takes it: its handler never runs', async () => {
    assert.ok((await client.publish(CANCEL_CHANNEL, 'left-early')) >= 1);
    // The worker has the message before the job is there to take (a build that ignores it says
    // nothing: then the job goes after a bounded wait, and is run).
    for (let i = 0; i < 1000 && !logLines.some((l) => l.includes('"job":"left-early"')); i++)
      await new Promise((r) => setTimeout(r, 10));
    const outcome = await enqueue('left-early');
    assert.match(outcome, /^aborted: .*caller left/);
    assert.deepEqual(ran, []);
    assert.equal(dropped.length, 1);
  });

  it('runs a job nobody cancelled', async () => {
    assert.equal(await enqueue('kept'), 'completed');
    assert.ok(ran.includes('kept'));
  });
});
