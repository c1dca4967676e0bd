import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Turns } from '../../../src/util/turns.js';

test('turns do not overlap and come in the order asked', async () => {
  const turns = new Turns();
  const log: string[] = [];
  const work = async (name: string, ms: number) => {
    const end = await turns.take();
    log.push(`${name} starts`);
    await sleep(ms);
    log.push(`${name} ends`);
    end();
  };
  await Promise.all([work('a', 30), work('b', 1), work('c', 10)]);
  assert.deepEqual(log, ['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
});

test('one that gives up waiting rejects with its reason and does not hold those after it', async () => {
  const turns = new Turns();
  const endFirst = await turns.take();
  const controller = new AbortController();
  const second = turns.take(controller.signal);
  const third = turns.take();
  controller.abort(new Error('left the line'));
  await assert.rejects(second, /left the line/);
  let thirdStarted = false;
  void third.then(() => (thirdStarted = true));
  await sleep(10);
  assert.equal(thirdStarted, false, 'the third started before the first ended');
  endFirst();
  const endThird = await third;
  endThird();
});

test('a signal already aborted rejects at once, even with the line free', async () => {
  const turns = new Turns();
  const controller = new AbortController();
  controller.abort(new Error('gone'));
  await assert.rejects(turns.take(controller.signal), /gone/);
  (await turns.take())();
});
