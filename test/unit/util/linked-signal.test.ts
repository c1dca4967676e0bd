import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { linkedSignal } from '../../../src/util/linked-signal.js';

test('follows any parent, with its reason', () => {
  const a = new AbortController();
  const b = new AbortController();
  const link = linkedSignal([a.signal, undefined, b.signal]);
  assert.equal(link.signal.aborted, false);
  b.abort(new Error('b went'));
  assert.equal(link.signal.aborted, true);
  assert.equal((link.signal.reason as Error).message, 'b went');
  assert.equal(link.timedOut, false);
});

test('a parent already aborted aborts it at once', () => {
  const a = new AbortController();
  a.abort(new Error('early'));
  const link = linkedSignal([a.signal], 10_000);
  assert.equal(link.signal.aborted, true);
  assert.equal((link.signal.reason as Error).message, 'early');
});

test('the timer aborts it with a TimeoutError and says so', async () => {
  const link = linkedSignal([], 30);
  await sleep(80);
  assert.equal(link.signal.aborted, true);
  assert.equal(link.timedOut, true);
  assert.equal((link.signal.reason as DOMException).name, 'TimeoutError');
});

test('a custom timeout reason', async () => {
  const link = linkedSignal([], 10, () => new Error('too slow'));
  await sleep(50);
  assert.equal((link.signal.reason as Error).message, 'too slow');
});

test('after dispose it follows nothing: no parent listener is left behind, the timer is cleared', async () => {
  const a = new AbortController();
  let added = 0;
  let removed = 0;
  const add = a.signal.addEventListener.bind(a.signal);
  const remove = a.signal.removeEventListener.bind(a.signal);
  a.signal.addEventListener = ((...args: Parameters<typeof add>) => (added++, add(...args))) as typeof add;
  a.signal.removeEventListener = ((...args: Parameters<typeof remove>) => (
    removed++,
    remove(...args)
  )) as typeof remove;
  const link = linkedSignal([a.signal], 30);
  link.dispose();
  assert.equal(added, 1);
  assert.equal(removed, 1);
  a.abort();
  await sleep(60);
  assert.equal(link.signal.aborted, false);
  assert.equal(link.timedOut, false);
});

test('abort() aborts it with the given reason, not as a timeout', () => {
  const link = linkedSignal([], 10_000);
  link.abort(new Error('stop'));
  assert.equal(link.signal.aborted, true);
  assert.equal(link.timedOut, false);
});
