import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'undici';
import { ConnectionPool } from '../../../src/fetch/connection-pool.js';

// Clients to a closed port: never connected, so these tests open no socket.
function pool(opts: Partial<{ maxIdlePerOrigin: number; maxIdle: number; idleMs: number }> = {}) {
  const opened: Client[] = [];
  const p = new ConnectionPool({
    open: (origin) => {
      const c = new Client(origin);
      opened.push(c);
      return c;
    },
    maxIdlePerOrigin: opts.maxIdlePerOrigin ?? 2,
    maxIdle: opts.maxIdle ?? 10,
    idleMs: opts.idleMs ?? 10_000,
  });
  return { p, opened };
}

const A = 'http://127.0.0.2:9';
const B = 'http://127.0.0.2:10';

test('a client given back is taken again for the same origin only', async () => {
  const { p, opened } = pool();
  const c = p.take(A);
  p.give(A, c);
  assert.equal(p.take(B) === c, false);
  assert.equal(p.take(A), c);
  assert.equal(opened.length, 2);
  await p.close();
});

test('idle clients are bounded per origin and in all; the excess is destroyed', async () => {
  const { p } = pool({ maxIdlePerOrigin: 1, maxIdle: 1 });
  const [c1, c2, c3] = [p.take(A), p.take(A), p.take(B)];
  p.give(A, c1);
  p.give(A, c2);
  p.give(B, c3);
  assert.equal(p.size, 1);
  await sleep(10);
  assert.equal(c2.destroyed, true);
  assert.equal(c3.destroyed, true);
  assert.equal(c1.destroyed, false);
  await p.close();
  assert.equal(c1.destroyed, true);
});

test('an idle client past its idle time is closed, not handed out', async () => {
  const { p } = pool({ idleMs: 100 });
  const c = p.take(A);
  p.give(A, c);
  await sleep(300);
  assert.equal(p.size, 0);
  assert.equal(c.destroyed, true);
  assert.notEqual(p.take(A), c);
  await p.close();
});

test('a destroyed client is never pooled', async () => {
  const { p } = pool();
  const c = p.take(A);
  await c.destroy();
  p.give(A, c);
  assert.equal(p.size, 0);
  await p.close();
});
