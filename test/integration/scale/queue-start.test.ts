// start() of the scale-out dispatcher resolves only once a job can be queued. runChunk asks the
// health connection before it enqueues (a chunk fails at once as queue_unavailable while it is not
// ready), and nothing orders that connection's handshake before BullMQ's: a service whose first
// calls came right after start() got worker_chunk_failed for every item. Here a loopback proxy in
// front of a real redis-server holds the health connection's replies until BullMQ's connections
// are all at work (events read, the worker waits for jobs, the queue wrote its meta), which is
// the moment start() resolved before: now it resolves after the health connection is up, and the
// first call is answered.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { createInProcessDispatcher } from '../../../src/batch/in-process-dispatcher.js';
import { createQueueDispatcher, type QueueDispatcher } from '../../../src/batch/queue-dispatcher.js';
import { testConfig } from '../../support/loopback-server.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';

/** What BullMQ's connections send once each is ready: QueueEvents, Worker, Queue. */
const AT_WORK = [/\bxread\r\n/i, /\bbzpopmin\r\n/i, /\bhset\r\n\$\d+\r\n[^\r]*:meta\r\n/i];

interface HeldProxy {
  url: string;
  /** Resolves when every AT_WORK command has gone through. */
  atWork: Promise<void>;
  /** Lets the held health connection's replies through, and all that follow. */
  release(): void;
  close(): Promise<void>;
}

/** A proxy to `redis` that holds the replies to the connection named urlkit-health. */
async function heldHealthProxy(redis: TestRedis): Promise<HeldProxy> {
  let released = false;
  const waiting: Array<() => void> = [];
  const seen = new Set<number>();
  let atWork: () => void = () => {};
  const atWorkP = new Promise<void>((resolve) => (atWork = resolve));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(redis.port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let health: boolean | null = null;
    let head = '';
    client.on('data', (d: Buffer) => {
      const text = d.toString('latin1');
      if (health === null) {
        head += text;
        if (head.includes('urlkit-health')) health = true;
        else if (/\binfo\b/i.test(head)) health = false; // its handshake went by without the name
      }
      AT_WORK.forEach((re, i) => re.test(text) && seen.add(i));
      if (seen.size === AT_WORK.length) atWork();
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      if (health !== true || released) client.write(d);
      else waiting.push(() => client.write(d));
    });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('error', () => {});
      a.on('close', () => {
        b.destroy();
        sockets.delete(a);
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: redis.url.replace(`:${redis.port}`, `:${port}`),
    atWork: atWorkP,
    release() {
      released = true;
      for (const send of waiting.splice(0)) send();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let redis: TestRedis;
let proxy: HeldProxy;
let dispatcher: QueueDispatcher | null = null;

before(async () => {
  if (redisSkip) return;
  redis = await startRedis();
  proxy = await heldHealthProxy(redis);
});

after(async () => {
  await dispatcher?.close();
  await proxy?.close();
  await redis?.stop();
});

describe('scale-out dispatcher start', () => {
  it('resolves once a job can be queued: the first call after it is answered', { skip: redisSkip }, async () => {
    const config = testConfig({ redisUrl: proxy.url });
    const local = createInProcessDispatcher();
    dispatcher = createQueueDispatcher({
      config,
      local,
      role: 'all',
      logger: pino({ level: 'silent' }),
      observer: { enqueued: () => {}, answered: () => {}, started: () => {}, finished: () => {} },
    });
    dispatcher.register<string, null, string>('echo', (job) => Promise.resolve(job.items));
    const started = dispatcher.start();
    // The health connection is let through once BullMQ's are at work, or when start() gives up
    // waiting without it (the test then fails on ready()).
    void Promise.race([proxy.atWork, started.catch(() => {})]).then(() => proxy.release());
    await started;
    assert.equal(dispatcher.ready(), true, 'ready() right after start()');
    const answer = await dispatcher.runChunk<string, null, string>(
      { handler: 'echo', index: 0, items: ['a', 'b'], options: null, deadline: Date.now() + 30_000 },
      new AbortController().signal,
    );
    assert.deepEqual(answer, ['a', 'b']);
  });
});
