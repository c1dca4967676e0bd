import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeTime, within } from '../../../src/util/before-time.js';

const never = () => new Promise<never>(() => {});

// The timers keep no process alive (the last test shows it): this one keeps the tests' alive.
let alive: NodeJS.Timeout;
before(() => {
  alive = setInterval(() => {}, 1000);
});
after(() => clearInterval(alive));

test('a promise that settles first gives its own outcome, value or error', async () => {
  const signal = new AbortController().signal;
  assert.equal(await within(Promise.resolve(7), { ms: 10_000, signal }), 7);
  await assert.rejects(within(Promise.reject(new Error('own')), { ms: 10_000, signal }), /own/);
  assert.equal(
    await beforeTime(
      sleep(5).then(() => 'late enough'),
      10_000,
    ),
    'late enough',
  );
});

test('once the time is up it rejects with what timeUp makes, made only then', async () => {
  let made = 0;
  const timeUp = () => {
    made++;
    return new Error('time up');
  };
  const waiting = within(never(), { ms: 20, timeUp });
  assert.equal(made, 0);
  await assert.rejects(waiting, /time up/);
  assert.equal(made, 1);
  await assert.rejects(beforeTime(never(), 20), /not within 20 ms/);
});

test('an abort rejects at once with the reason, before the time is up', async () => {
  const controller = new AbortController();
  const waiting = within(never(), { ms: 60_000, signal: controller.signal });
  controller.abort(new Error('caller left'));
  await assert.rejects(waiting, /caller left/);
});

test('a signal already aborted rejects at once', async () => {
  const controller = new AbortController();
  controller.abort(new Error('gone before'));
  await assert.rejects(within(never(), { ms: 60_000, signal: controller.signal }), /gone before/);
  await assert.rejects(within(never(), { signal: controller.signal }), /gone before/);
});

test('nothing is left listening on the signal once it settles, and no timer runs on', async () => {
  const controller = new AbortController();
  let timedUp = false;
  await within(Promise.resolve(1), {
    signal: controller.signal,
    ms: 20,
    timeUp: () => {
      timedUp = true;
      return new Error('late');
    },
  });
  // An abort after the end is not heard: the listener was removed, so nothing rejects.
  controller.abort(new Error('after'));
  await sleep(40);
  assert.equal(timedUp, false);
});

test('the timer keeps no process alive', async () => {
  const { spawnSync } = await import('node:child_process');
  const module = new URL('../../../src/util/before-time.js', import.meta.url).href;
  const script =
    `const { within } = await import(${JSON.stringify(module)});` +
    'within(new Promise(() => {}), { ms: 600000 }).catch(() => {});';
  // Held by its timer, the child would be killed by spawnSync's own bound (signal, no status).
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(child.signal, null, 'the child was still running');
  assert.equal(child.status, 0, child.stderr);
});
