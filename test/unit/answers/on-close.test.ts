// What runs when a response closes: every part's hand-back, on one 'close' listener of the
// response's, in the order they were added, whether the answer was sent whole or its client left.
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import { it } from 'node:test';
import { onClose } from '../../../src/answers/on-close.js';
import { until } from '../../support/until.js';

async function serve(handler: http.RequestListener): Promise<{ port: number; close: () => void }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

it('runs each hand-back once, in order, on one close listener, however many there are', async (t) => {
  const ran: number[] = [];
  let listeners = 0;
  const server = await serve((_req, res) => {
    const before = res.listenerCount('close');
    for (let i = 0; i < 12; i++) onClose(res, () => ran.push(i));
    listeners = res.listenerCount('close') - before;
    res.end('ok');
  });
  t.after(server.close);
  const answer = await fetch(`http://127.0.0.1:${server.port}/`);
  assert.equal(await answer.text(), 'ok');
  await until('the hand-backs ran', () => ran.length === 12);
  assert.deepEqual(
    ran,
    Array.from({ length: 12 }, (_, i) => i),
  );
  assert.equal(listeners, 1);
});

it('runs them when the client leaves before its answer', async (t) => {
  let ran = 0;
  let arrived = false;
  const server = await serve((_req, res) => {
    arrived = true;
    onClose(res, () => ran++);
    onClose(res, () => ran++);
  });
  t.after(server.close);
  const left = new AbortController();
  const call = fetch(`http://127.0.0.1:${server.port}/`, { signal: left.signal }).catch(() => {});
  await until('the call arrived', () => arrived);
  assert.equal(ran, 0);
  left.abort();
  await call;
  await until('both hand-backs ran', () => ran === 2);
});
