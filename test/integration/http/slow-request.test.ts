// A caller that never finishes sending its request (a chunked body that never ends, a body sent a
// byte at a time) does not hold a connection of the service for longer than a call's deadline: the
// service closes it, as for any request that does not arrive in time.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { testConfig } from '../../support/loopback-server.js';

let app: FastifyInstance;
let port: number;

before(async () => {
  app = await buildApp(testConfig({ requestTimeoutMs: 1000 }), { logStream: { write() {} } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});
after(async () => {
  await app.close();
});

/**
 * Opens a connection, sends `head`, then `drip` every 100 ms, and gives up after `giveUpMs` (far
 * past the service's 1 s: reaching it means the service held the connection). Resolves with what
 * came back and whether the service closed the connection itself.
 */
function dripUntilClosed(head: string, drip: string, giveUpMs: number): Promise<{ answer: string; held: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let held = false;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', () => {});
    const timer = setInterval(() => socket.write(drip), 100);
    const giveUp = setTimeout(() => {
      held = true;
      socket.destroy();
    }, giveUpMs);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, held });
    });
    socket.write(head);
  });
}

const post = (framing: string) =>
  'POST /api/v1/tools/clean_web_content HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
  `Content-Type: application/json\r\n${framing}\r\n`;

it('a chunked body that never ends is cut off', async () => {
  const { answer, held } = await dripUntilClosed(
    post('Transfer-Encoding: chunked\r\n') + '1\r\n{\r\n',
    '1\r\n \r\n',
    20_000,
  );
  assert.equal(held, false, 'the service held the connection');
  assert.doesNotMatch(answer, /^HTTP\/1\.1 2/);
});

it('a body sent a byte at a time, short of its Content-Length, is cut off', async () => {
  const { answer, held } = await dripUntilClosed(post('Content-Length: 100000\r\n') + '{', ' ', 20_000);
  assert.equal(held, false, 'the service held the connection');
  assert.doesNotMatch(answer, /^HTTP\/1\.1 2/);
});

it('a call whose body arrives in time is answered as usual', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/tools/clean_web_content',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  assert.equal(res.statusCode, 400);
});
