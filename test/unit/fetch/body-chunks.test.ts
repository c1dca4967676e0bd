// eachChunk: a body's chunks read without an async iterator, with the stream's own pacing,
// errors and early ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { eachChunk } from '../../../src/fetch/body-chunks.js';

test('eachChunk: every byte, in order, as the chunks arrive over several turns', async () => {
  const body = new PassThrough();
  const got: Buffer[] = [];
  const reading = eachChunk(body, (c) => void got.push(c));
  for (let i = 0; i < 5; i++) {
    body.write(Buffer.alloc(1000, 97 + i));
    await turn();
  }
  body.end(Buffer.from('end'));
  await reading;
  const all = Buffer.concat(got).toString();
  assert.equal(all, ['a', 'b', 'c', 'd', 'e'].map((ch) => ch.repeat(1000)).join('') + 'end');
});

test('eachChunk: a promise from take holds reading, and the writer feels it (backpressure)', async () => {
  const body = new PassThrough({ highWaterMark: 4096 });
  let release!: () => void;
  const held = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
  let calls = 0;
  const reading = eachChunk(body, () => (++calls === 1 ? held : undefined));
  body.write(Buffer.alloc(1000));
  await turn();
  assert.equal(calls, 1);
  // While held, nothing more is taken and the stream fills up to its mark.
  let accepted = true;
  for (let i = 0; i < 20 && accepted; i++) accepted = body.write(Buffer.alloc(1000));
  await turn();
  assert.equal(calls, 1);
  assert.equal(accepted, false);
  release();
  body.end();
  await reading;
  assert.ok(calls >= 2);
});

test('eachChunk: stop, directly or through the promise, ends reading', async () => {
  for (const stop of [() => 'stop' as const, () => Promise.resolve('stop' as const)]) {
    const body = new PassThrough();
    let calls = 0;
    const reading = eachChunk(body, () => (++calls === 2 ? stop() : undefined));
    for (let i = 0; i < 4; i++) {
      body.write(Buffer.alloc(10));
      await turn();
    }
    await reading;
    assert.equal(calls, 2);
    body.destroy();
  }
});

test("eachChunk: the body's error, or a close before its end, rejects", async () => {
  const failing = new PassThrough();
  const r1 = eachChunk(failing, () => undefined);
  failing.write(Buffer.alloc(10));
  await turn();
  failing.destroy(new Error('reset by peer'));
  await assert.rejects(r1, /reset by peer/);

  // Destroyed while take's promise holds reading: the error surfaces once it settles.
  const held = new PassThrough();
  let release!: () => void;
  const r2 = eachChunk(held, () => new Promise<undefined>((resolve) => (release = () => resolve(undefined))));
  held.write(Buffer.alloc(10));
  await turn();
  held.destroy(new Error('deadline'));
  release();
  await assert.rejects(r2, /deadline/);

  const closed = new PassThrough();
  const r3 = eachChunk(closed, () => undefined);
  closed.write(Buffer.alloc(10));
  await turn();
  closed.destroy();
  await assert.rejects(r3, (e: unknown) => (e as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE');
});
