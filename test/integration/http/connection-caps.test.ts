// Open connections are capped per client address and in all (URLKIT_MAX_CONNECTIONS_PER_CLIENT,
// URLKIT_MAX_CONNECTIONS): a connection past a cap is answered with the JSON error envelope
// (429 for the client's own excess, 503 for the server's) and closed, its request never read,
// while other clients go on; a closed connection gives its place back. And a connection that
// sends no request, or only part of its headers, is closed after URLKIT_REQUEST_HEADERS_TIMEOUT_MS,
// and its headers may take 8 KiB.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../src/config/config.js';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { until } from '../../support/until.js';

let site: LoopbackServer;
/** Requests the target site received: a refused connection's call must never reach it. */
let hits = 0;

before(async () => {
  site = await startServer((req, res) => {
    hits++;
    const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (req.url === '/slow') setTimeout(answer, 3000);
    else answer();
  });
});
after(async () => {
  await site.close();
});

async function startApp(overrides: Partial<Config>): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp(testConfig(overrides), { logStream: { write() {} } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as net.AddressInfo).port };
}

interface Connection {
  socket: net.Socket;
  /** Everything received so far, as Latin-1. */
  received: () => string;
  closed: () => boolean;
}

/** Every connection the tests opened, destroyed after each test whatever its outcome. */
const opened: net.Socket[] = [];

/** A connection to the service from the client address `from`, once it is established. */
async function connect(port: number, from: string): Promise<Connection> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  opened.push(socket);
  let received = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => received, closed: () => closed };
}

/** A check_url_status call of the target site on `connection`; resolves with the whole answer once it has closed. */
async function statusCall(connection: Connection): Promise<{ status: number; body: string; head: string }> {
  const body = JSON.stringify({ url: `${site.origin}/page` });
  connection.socket.write(
    'POST /api/v1/tools/check_url_status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Connection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
  );
  await until('the answer and the connection closed', connection.closed, 10_000);
  const [head = '', rest = ''] = connection.received().split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: rest, head };
}

afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy();
});

describe('open connections are capped per client and in all', () => {
  let service: { app: FastifyInstance; port: number };
  // A service of its own for each test: the connections of one do not count in the next.
  beforeEach(async () => {
    service = await startApp({ maxConnectionsPerClient: 3, maxConnections: 6 });
  });
  afterEach(async () => {
    for (const socket of opened.splice(0)) socket.destroy();
    await service.app.close();
  });

  it("answers a client's connection past its cap 429 without reading its call; others go on", async () => {
    const held = await Promise.all([1, 2, 3].map(() => connect(service.port, '127.0.0.11')));
    const before = hits;
    const over = await statusCall(await connect(service.port, '127.0.0.11'));
    assert.equal(over.status, 429, over.head);
    assert.match(over.head, /\r\nRetry-After: 1\r\n/i);
    const envelope = JSON.parse(over.body) as { error: { code: string; message: string }; correlation_id: string };
    assert.equal(envelope.error.code, 'rate_limited');
    assert.match(envelope.error.message, /most open connections \(3\)/);
    assert.match(envelope.correlation_id, /^[0-9a-f-]{36}$/);
    await sleep(200);
    assert.equal(hits, before, 'the refused call never reached the site');
    // Another client is served meanwhile.
    const other = await statusCall(await connect(service.port, '127.0.0.12'));
    assert.equal(other.status, 200, other.head);
    assert.ok(hits > before, "the other client's call reached the site");
    // A connection closed gives its place back.
    held[0]!.socket.destroy();
    let again = await statusCall(await connect(service.port, '127.0.0.11'));
    // The service may see the close a moment after the client does.
    for (let tries = 0; again.status === 429 && tries < 20; tries++)
      again = await statusCall(await connect(service.port, '127.0.0.11'));
    assert.equal(again.status, 200, again.head);
    const metrics = await (await fetch(`http://127.0.0.1:${service.port}/metrics`)).text();
    assert.match(metrics, /^urlkit_connections_refused_total\{cap="per_client"\} [1-9]/m);
  });

  it('answers a connection past the total 503 overloaded when no client holds more than one more than it', async () => {
    // Six clients' connections, one each, fill the total; the seventh, a new client's, is over it.
    const held = await Promise.all(
      ['127.0.0.21', '127.0.0.22', '127.0.0.23', '127.0.0.24', '127.0.0.25', '127.0.0.26'].map((from) =>
        connect(service.port, from),
      ),
    );
    const over = await statusCall(await connect(service.port, '127.0.0.27'));
    assert.equal(over.status, 503, over.head);
    assert.equal((JSON.parse(over.body) as { error: { code: string } }).error.code, 'overloaded');
    assert.ok(held.every((c) => !c.closed()));
  });
});

describe('when all connections are taken, the largest holder gives way', () => {
  let service: { app: FastifyInstance; port: number };
  before(async () => {
    service = await startApp({ maxConnectionsPerClient: 4, maxConnections: 6 });
  });
  after(async () => {
    await service.app.close();
  });

  /** Waits until the service has seen `n` connections open, closed ones gone. */
  async function serverHolds(n: number): Promise<void> {
    const count = () => new Promise<number>((resolve) => service.app.server.getConnections((_e, c) => resolve(c)));
    for (let tries = 0; (await count()) !== n && tries < 200; tries++) await sleep(50);
    assert.equal(await count(), n);
  }

  /** A connection whose call's body is still arriving. */
  async function receiving(from: string): Promise<Connection> {
    const connection = await connect(service.port, from);
    connection.socket.write(
      'POST /api/v1/tools/check_url_status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Expect: 100-continue\r\nContent-Length: 100\r\n\r\n{"url":',
    );
    // Node answers 100 Continue as it hands the request on.
    await until('the request read', () => connection.received().includes('100 Continue'), 10_000);
    return connection;
  }

  /** A connection whose call, all its request sent, is running: its target answers after 3 s. */
  async function running(from: string): Promise<Connection> {
    const connection = await connect(service.port, from);
    const body = JSON.stringify({ url: `${site.origin}/slow` });
    const before = hits;
    connection.socket.write(
      'POST /api/v1/tools/check_url_status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    await until('the call reaching its target', () => hits > before, 10_000);
    return connection;
  }

  it("lets a new client in by closing the largest holder's idle connection, else one still receiving, never a running call", async () => {
    // Client A holds four (one receiving a body, one idle, one running a call, one receiving),
    // client B two: the total is full.
    const first = await receiving('127.0.0.51');
    const idle = await connect(service.port, '127.0.0.51');
    const call = await running('127.0.0.51');
    const last = await receiving('127.0.0.51');
    const others = [await connect(service.port, '127.0.0.52'), await connect(service.port, '127.0.0.52')];
    // A new client is served; A's idle connection made room, and nothing else was closed.
    const c = await statusCall(await connect(service.port, '127.0.0.53'));
    assert.equal(c.status, 200, c.head);
    assert.ok(idle.closed(), "the largest holder's idle connection was closed");
    assert.ok([first, call, last, ...others].every((x) => !x.closed()));
    // Once that client's connection is gone, a third client fills the total again. The next new
    // client: A still holds the most, none idle, so its oldest connection still receiving goes.
    await serverHolds(5);
    others.push(await connect(service.port, '127.0.0.55'));
    const d = await statusCall(await connect(service.port, '127.0.0.54'));
    assert.equal(d.status, 200, d.head);
    await until("A's oldest receiving connection closed", first.closed, 10_000);
    assert.ok([call, last, ...others].every((x) => !x.closed()));
    // And again: A holds two, the running call and one receiving; the receiving one goes.
    await serverHolds(5);
    others.push(await connect(service.port, '127.0.0.56'));
    const e = await statusCall(await connect(service.port, '127.0.0.57'));
    assert.equal(e.status, 200, e.head);
    await until("A's other receiving connection closed", last.closed, 10_000);
    assert.ok(!call.closed(), 'the running call was not closed');
    // The running call ends in its answer.
    await until('the running call answered', () => /^HTTP\/1\.1 200 /.test(call.received()), 10_000);
    await serverHolds(5);
    const metrics = await (await fetch(`http://127.0.0.1:${service.port}/metrics`)).text();
    assert.match(metrics, /^urlkit_connections_gave_way_total\{state="idle"\} 1$/m);
    assert.match(metrics, /^urlkit_connections_gave_way_total\{state="receiving"\} 2$/m);
  });
});

describe("a request's headers", () => {
  let service: { app: FastifyInstance; port: number };
  before(async () => {
    service = await startApp({});
  });
  after(async () => {
    await service.app.close();
  });

  it('may take 8 KiB; more is answered 400 invalid_request', async () => {
    const withHeader = async (bytes: number) => {
      const connection = await connect(service.port, '127.0.0.41');
      connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ${'a'.repeat(bytes)}\r\n`);
      connection.socket.write('Connection: close\r\n\r\n');
      await until('the answer and the connection closed', connection.closed, 10_000);
      return connection.received();
    };
    assert.match(await withHeader(7 * 1024), /^HTTP\/1\.1 200 /);
    const over = await withHeader(9 * 1024);
    assert.match(over, /^HTTP\/1\.1 400 /);
    assert.match(over, /"code":"invalid_request","message":"The request headers are too large\."/);
  });
});

describe('a connection that sends no whole request head', () => {
  let service: { app: FastifyInstance; port: number };
  before(async () => {
    service = await startApp({ requestHeadersTimeoutMs: 500 });
  });
  after(async () => {
    await service.app.close();
  });

  it('is closed after the request headers timeout, whether it sent nothing or part of its headers', async () => {
    const silent = await connect(service.port, '127.0.0.31');
    const partial = await connect(service.port, '127.0.0.31');
    partial.socket.write('POST /api/v1/tools/check_url_status HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Node's default would hold them 60 s; the bound here is far above the timeout and its checks.
    await until('the silent connection closed', silent.closed, 10_000);
    await until('the partial one closed', partial.closed, 10_000);
    assert.match(partial.received(), /^HTTP\/1\.1 400 /);
    assert.match(partial.received(), /not received in time/);
  });
});
