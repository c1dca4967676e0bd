// Request bodies of the calls in progress share URLKIT_REQUEST_BODY_MEMORY_BYTES, a caller's at
// most a quarter: a body past the caller's quarter is refused 429 before it is read, past the
// whole 503, while other callers' calls go on, and an answered call gives its room back. A
// chunked body is counted as it arrives. Bodies here are sent over raw sockets so that a client
// can hold one half sent, as a client that sends its body slowly does.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { until } from '../../support/until.js';

const MIB = 1024 * 1024;
/** The budget of these tests: a caller's quarter is 512 KiB, under the 1 MiB body limit. */
const BUDGET = 2 * MIB;

let site: LoopbackServer;

/** Requests for the site's slow page, which answers after 3 s. */
let slowHits = 0;

before(async () => {
  site = await startServer((req, res) => {
    const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (req.url !== '/slow') return answer();
    slowHits++;
    setTimeout(answer, 3000);
  });
});
after(async () => {
  await site.close();
});

let service: { app: FastifyInstance; port: number };
const opened: net.Socket[] = [];
beforeEach(async () => {
  const app = await buildApp(testConfig({ requestBodyMemoryBytes: BUDGET }), { logStream: { write() {} } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  service = { app, port: (app.server.address() as net.AddressInfo).port };
});
afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy();
  await service.app.close();
});

interface Call {
  socket: net.Socket;
  /** Sends more of the body. */
  send: (text: string) => void;
  /** The answer's status and error code, once it has arrived whole. */
  answer: () => Promise<{ status: number; code: string | null }>;
  /** The error message of the answer, once answer() has resolved. */
  message: () => string | undefined;
  /** Whether the connection has closed. */
  closed: () => boolean;
}

/**
 * A check_url_status call from the client address `from` whose body is `length` bytes (a JSON
 * object padded with spaces), of which only `sent` go out now; chunked: no Content-Length, the
 * bytes sent as one chunk.
 */
async function call(from: string, length: number, sent: number, chunked = false, path = '/page'): Promise<Call> {
  const socket = net.connect({ port: service.port, host: '127.0.0.1', localAddress: from });
  opened.push(socket);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  socket.on('error', () => {});
  let closed = false;
  socket.on('close', () => (closed = true));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const json = JSON.stringify({ url: `${site.origin}${path}` });
  const body = json + ' '.repeat(Math.max(0, length - json.length));
  const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  socket.write(
    'POST /api/v1/tools/check_url_status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `${framing}\r\n\r\n`,
  );
  const send = (text: string) => socket.write(chunked ? `${text.length.toString(16)}\r\n${text}\r\n` : text);
  send(body.slice(0, sent));
  const answer = async () => {
    await until(
      'a whole answer',
      () => {
        const [head, rest] = received.split('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1]);
        return rest !== undefined && rest.length >= length;
      },
      15_000,
    );
    const [head = '', rest = ''] = received.split('\r\n\r\n');
    const error = (JSON.parse(rest) as { error?: { code: string } }).error;
    return { status: Number(head.split(' ')[1]), code: error?.code ?? null };
  };
  const message = () =>
    (JSON.parse(received.split('\r\n\r\n')[1] ?? '{}') as { error?: { message: string } }).error?.message;
  return { socket, send, answer, message, closed: () => closed };
}

describe('request bodies share a budget', () => {
  it("refuses a caller's body past its quarter before reading it; others go on; an answered call gives its room back", async () => {
    const held = await call('127.0.0.41', 400_000, 1000);
    const over = await call('127.0.0.41', 400_000, 0);
    assert.deepEqual(await over.answer(), { status: 429, code: 'rate_limited' });
    assert.match(over.message() ?? '', /calls in progress hold their most request body bytes/);
    // Another caller's call of the same size is read and answered.
    const other = await call('127.0.0.42', 400_000, 400_000);
    assert.deepEqual(await other.answer(), { status: 200, code: null });
    // The held body, sent whole and answered, frees its room: the caller's next one is read.
    held.send(' '.repeat(399_000));
    assert.deepEqual(await held.answer(), { status: 200, code: null });
    const next = await call('127.0.0.41', 400_000, 400_000);
    assert.deepEqual(await next.answer(), { status: 200, code: null });
  });

  it('refuses a body past the whole 503 when no caller holds more than it would; a connection closed gives its room back', async () => {
    // Four callers' bodies of a quarter each fill the budget; a fifth caller's larger body would
    // leave it holding more than any of them: no one makes room for it.
    const held = await Promise.all(
      ['127.0.0.51', '127.0.0.52', '127.0.0.53', '127.0.0.54'].map((from) => call(from, BUDGET / 4, 10)),
    );
    const over = await call('127.0.0.55', BUDGET / 4 + 1000, 0);
    assert.deepEqual(await over.answer(), { status: 503, code: 'overloaded' });
    assert.ok(held.every((c) => !c.socket.destroyed && c.socket.readyState === 'open'));
    held[0]!.socket.destroy();
    let again = await call('127.0.0.55', 300_000, 300_000);
    // The service may see the close a moment after the client does.
    for (let tries = 0; tries < 20 && (await again.answer()).status === 503; tries++)
      again = await call('127.0.0.55', 300_000, 300_000);
    assert.deepEqual(await again.answer(), { status: 200, code: null });
  });

  it("makes room past the whole by cutting off the largest holder's body still arriving, never a running call's", async () => {
    // Caller A's body, sent whole, is a call that runs for 3 s (its target is slow); callers C
    // and then B each hold a body still arriving, B's the larger. The budget is then nearly full.
    const running = await call('127.0.0.71', 1_000_000, 1_000_000, false, '/slow');
    await until('the running call reaching its target', () => slowHits > 0, 10_000);
    const smaller = await call('127.0.0.73', 400_000, 10);
    const larger = await call('127.0.0.72', 500_000, 10);
    // A newcomer's body does not fit: A holds the most but only a running call, so the next
    // largest, B, gives way.
    const newcomer = await call('127.0.0.74', 300_000, 300_000);
    assert.deepEqual(await newcomer.answer(), { status: 200, code: null });
    await until("B's arriving body cut off", () => larger.closed(), 10_000);
    assert.ok(!smaller.closed(), "C's smaller body was kept");
    assert.deepEqual(await running.answer(), { status: 200, code: null });
  });

  it("counts a chunked body as it arrives, and ends it in the refusal once past the caller's quarter", async () => {
    const chunked = await call('127.0.0.61', 800_000, 300_000, true);
    chunked.send(' '.repeat(300_000));
    assert.deepEqual(await chunked.answer(), { status: 429, code: 'rate_limited' });
    assert.match(chunked.message() ?? '', /calls in progress hold their most request body bytes/);
    // Under the quarter, a chunked body is read whole.
    const small = await call('127.0.0.62', 100_000, 100_000, true);
    small.send('');
    assert.deepEqual(await small.answer(), { status: 200, code: null });
  });
});
