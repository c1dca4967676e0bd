// A caller's bound on jobs out holds over every API process: two CallerJobs on one real Redis
// stand for two API processes behind a load balancer that spreads one caller's calls over both.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { LeasesUnavailable, redisCallerJobs, type CallerJobs } from '../../../src/batch/caller-jobs.js';
import { callerKey } from '../../../src/admission/callers.js';
import { RELEASED_CHANNEL } from '../../../src/batch/caller-leases.js';
import { redisOptionsFromUrl } from '../../../src/batch/redis-options.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';

/** Job slots of the one worker: a caller may have 3 out (a quarter kept for others). */
const SLOTS = 4;
/** Long enough for a chunk refused a lease to show it waits. */
const SETTLE_MS = 300;

let redis: TestRedis;
const opened: { jobs: CallerJobs; commands: Redis }[] = [];

before(async () => {
  if (!redisSkip) redis = await startRedis();
});

after(async () => {
  for (const { jobs, commands } of opened) {
    jobs.close();
    commands.disconnect();
  }
  await redis?.stop();
});

/** One API process's count of callers' jobs. */
async function apiProcess(): Promise<CallerJobs> {
  const connection = redisOptionsFromUrl(redis.url);
  const commands = new Redis({ ...connection, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  commands.on('error', () => {});
  await new Promise<void>((resolve) => commands.once('ready', () => resolve()));
  const jobs = redisCallerJobs(Redis, connection, commands, SLOTS, () => {});
  opened.push({ jobs, commands });
  // The subscriber hears of leases given back once it has subscribed.
  await new Promise((r) => setTimeout(r, 100));
  return jobs;
}

const lapse = () => Date.now() + 60_000;
const never = () => new AbortController().signal;

/** Whether `p` settled within SETTLE_MS. */
async function settles(p: Promise<unknown>): Promise<boolean> {
  const settled = await Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise((r) => setTimeout(() => r(false), SETTLE_MS)),
  ]);
  return settled === true;
}

describe('a caller’s jobs counted over every API process', { skip: redisSkip }, () => {
  it('bounds a caller whose calls reach two API processes; another caller still gets a turn', async () => {
    const one = await apiProcess();
    const two = await apiProcess();
    const caller = `key:${randomUUID()}`;
    const [a, b] = [randomUUID(), randomUUID()];
    assert.equal(await one.acquire(caller, a, lapse(), never()), 0);
    assert.equal(await two.acquire(caller, b, lapse(), never()), 1, 'the priority counts the other process’s job');
    assert.equal(await one.acquire(caller, randomUUID(), lapse(), never()), 2);
    const fourth = two.acquire(caller, randomUUID(), lapse(), never());
    assert.equal(await settles(fourth), false, 'a fourth job went out');
    assert.equal(await two.acquire(`key:${randomUUID()}`, randomUUID(), lapse(), never()), 0, 'another caller waits');
    // Every API process hears of the lease given back (not only at its next retry).
    const listener = new Redis(redis.url);
    try {
      await listener.subscribe(RELEASED_CHANNEL);
      const heard = new Promise((resolve) => listener.once('message', (_channel, key: string) => resolve(key)));
      one.release(caller, a);
      assert.equal(await heard, callerKey(caller));
    } finally {
      listener.disconnect();
    }
    assert.equal(await fourth, 2);
  });

  it('keeps a caller’s waiting chunks in order in one process, and a chunk that gives up takes no lease', async () => {
    const one = await apiProcess();
    const two = await apiProcess();
    const caller = `addr:${randomUUID()}`;
    const held = [randomUUID(), randomUUID(), randomUUID()];
    for (const lease of held) await one.acquire(caller, lease, lapse(), never());
    const gaveUp = new AbortController();
    const first = two.acquire(caller, randomUUID(), lapse(), gaveUp.signal);
    const order: string[] = [];
    const second = two.acquire(caller, randomUUID(), lapse(), never()).then(() => void order.push('second'));
    const third = two.acquire(caller, randomUUID(), lapse(), never()).then(() => void order.push('third'));
    gaveUp.abort(new Error('gave up'));
    await assert.rejects(first, /gave up/);
    one.release(caller, held[0]!);
    await second;
    assert.equal(await settles(third), false, 'two leases went out for one given back');
    one.release(caller, held[1]!);
    await third;
    assert.deepEqual(order, ['second', 'third']);
  });

  it('a lease never given back (its API process died) lapses, and the waiting chunk goes', async () => {
    const one = await apiProcess();
    const two = await apiProcess();
    const caller = `key:${randomUUID()}`;
    await one.acquire(caller, randomUUID(), Date.now() + 200, never());
    await one.acquire(caller, randomUUID(), lapse(), never());
    await one.acquire(caller, randomUUID(), lapse(), never());
    assert.equal(await two.acquire(caller, randomUUID(), lapse(), never()), 2);
  });

  it('Redis unreachable: a waiting chunk fails as LeasesUnavailable', async () => {
    const one = await apiProcess();
    const caller = `key:${randomUUID()}`;
    for (let i = 0; i < 3; i++) await one.acquire(caller, randomUUID(), lapse(), never());
    const waiting = one.acquire(caller, randomUUID(), lapse(), never());
    // The last test: Redis stays down (a restarted one would take the lease, its count gone with it).
    await redis.stop();
    await assert.rejects(waiting, LeasesUnavailable);
  });
});
