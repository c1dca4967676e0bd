// A caller that does not read its answers cannot make the service hold them without bound: while
// its unread answers hold more than URLKIT_MAX_UNREAD_ANSWER_BYTES its new calls are refused
// (429) and other callers' calls go on, and a large answer not read at the minimum rate has its
// connection closed. The answers are metadata batches with their content, about 10 MB, read by a
// raw socket that stops reading after the first bytes: more than the kernel's buffers take, so
// the rest waits in the service. All callers' unread answers together are bounded too
// (URLKIT_UNREAD_ANSWER_MEMORY_BYTES): past it, a caller holding some is refused, not one holding none. A
// batch's answer keeps its results counted in the result memory until it is read.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../src/config/config.js';
import { buildApp } from '../../../src/http/build-app.js';
import { LONG_PAGE as PAGE } from '../../support/long-page.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { post, postAs } from '../../support/post-tool.js';
import { until } from '../../support/until.js';
import { gaugeAt } from '../../support/metric-gauge.js';

const SLOW = 'slow-reader';
const OTHER = 'other-caller';
const ITEMS = 50;

let site: LoopbackServer;

before(async () => {
  site = await startServer((req, res) => {
    // /hang/...: answers after 3 s (a batch with one is still running 3 s later).
    const delay = req.url?.startsWith('/hang/') ? 3000 : 0;
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE), delay);
  });
});
after(async () => {
  await site.close();
});

const batch = (tag: string) => ({
  items: Array.from({ length: ITEMS }, (_, i) => ({ url: `${site.origin}/${tag}/${i}` })),
  include_content: true,
});

async function startApp(overrides: Partial<Config>): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildApp(testConfig({ apiKeys: [SLOW, OTHER], ...overrides }), { logStream: { write() {} } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}` };
}

interface StalledCall {
  socket: net.Socket;
  /** Bytes received so far. */
  received(): number;
  /** The last bytes received (up to 64), as Latin-1. */
  tail(): string;
  /** The answer's Content-Length, once its head has arrived. */
  length(): number | null;
  closed(): boolean;
  /** Reads the rest of the answer. */
  resume(): void;
}

/** A metadata batch (over MCP: `mcp`) whose answer is read up to its first bytes, then no further. */
function stalledCall(origin: string, mcp = false): Promise<StalledCall> {
  const { port } = new URL(origin);
  const args = batch(`stalled-${Math.random()}`);
  const body = JSON.stringify(
    mcp ? { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_url_metadata', arguments: args } } : args,
  );
  const path = mcp ? '/mcp' : '/api/v1/tools/get_url_metadata';
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = 0;
  let head = '';
  let tail = '';
  let closed = false;
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${SLOW}\r\n` +
      'Accept: application/json, text/event-stream\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return new Promise((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      if (received === 0) {
        socket.pause();
        head = chunk.toString('latin1', 0, Math.min(chunk.length, 1024));
        resolve({
          socket,
          received: () => received,
          tail: () => tail,
          length: () => {
            const found = /content-length: (\d+)/i.exec(head);
            return found ? Number(found[1]) : null;
          },
          closed: () => closed,
          resume: () => socket.resume(),
        });
      }
      received += chunk.length;
      tail = (tail + chunk.toString('latin1', Math.max(0, chunk.length - 64))).slice(-64);
    });
  });
}

/** The slow reader's status call, tried until it is refused (or for 20 s). */
async function refusedCall(origin: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await post<{ error: { code: string; message: string } }>(
      origin,
      'check_url_status',
      { url: `${site.origin}/status` },
      { authorization: `Bearer ${SLOW}` },
    );
    if (answer.status !== 200 || Date.now() > deadline) return answer;
    await sleep(100);
  }
}

describe('a caller that does not read its answers', () => {
  let app: FastifyInstance;
  let origin: string;
  before(async () => {
    // No rate floor here: the unread answer stays until the test reads it.
    ({ app, origin } = await startApp({ maxUnreadAnswerBytes: 2 * 1024 * 1024, minBodyRate: 0 }));
  });
  after(async () => {
    await app.close();
  });

  for (const over of ['the JSON API', 'MCP'])
    it(`has its new calls refused until it reads them; other callers go on (${over})`, async (t) => {
      const stalled = await stalledCall(origin, over === 'MCP');
      t.after(() => stalled.socket.destroy());
      // The answer's head may come before its body is written (MCP's event stream does).
      const refused = await refusedCall(origin);
      assert.equal(refused.status, 429);
      assert.equal(refused.json.error.code, 'rate_limited');
      assert.match(refused.json.error.message, /not read yet/);

      const other = await postAs(origin, OTHER, 'check_url_status', { url: `${site.origin}/status` });
      assert.equal(other.status, 200);

      stalled.resume();
      await until('the stalled answer read', () => stalled.received() > 4 * 1024 * 1024);
      stalled.socket.destroy();
      await until('the stalled connection closed', () => stalled.closed());
      const again = await postAs(origin, SLOW, 'check_url_status', { url: `${site.origin}/status` });
      assert.equal(again.status, 200);
    });

  it('is not counted for an answer it left before it was ready', async (t) => {
    // A batch whose pages are in but one (4 MB of results held), left before that one comes: the
    // call stops, and its answer has no one to go to.
    const { port } = new URL(origin);
    const items = [...batch(`left-${Math.random()}`).items.slice(0, 20), { url: `${site.origin}/hang/1` }];
    const body = JSON.stringify({ items, include_content: true });
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST /api/v1/tools/get_url_metadata HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${SLOW}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    t.after(() => socket.destroy());
    await sleep(1500);
    socket.destroy();
    await sleep(500);
    const next = await postAs(origin, SLOW, 'check_url_status', { url: `${site.origin}/status` });
    assert.equal(next.status, 200, 'the caller is not held to an answer it never got');
  });
});

describe('small answers a caller does not read', () => {
  let app: FastifyInstance;
  let origin: string;
  before(async () => {
    ({ app, origin } = await startApp({ maxUnreadAnswerBytes: 256 * 1024, minBodyRate: 0 }));
  });
  after(async () => {
    await app.close();
  });

  it('count against its bound: answers under 1 MiB pipelined on a connection that is not read', async (t) => {
    // Each answer is under the 1 MiB a large answer starts at; the kernel's buffers take the first
    // few, then the rest wait in the service, one on the socket and the next queued behind it.
    const args = (n: number) => ({
      items: batch(`small-${n}-${Math.random()}`).items.slice(0, 4),
      include_content: true,
    });
    const probe = await fetch(`${origin}/api/v1/tools/get_url_metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${OTHER}` },
      body: JSON.stringify(args(0)),
    });
    const size = Buffer.byteLength(await probe.text());
    assert.ok(size > 512 * 1024 && size < 1024 * 1024, `an answer of ${size} bytes`);

    const { port } = new URL(origin);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.pause();
    socket.on('error', () => {});
    t.after(() => socket.destroy());
    for (let n = 1; n <= 12; n++) {
      const body = JSON.stringify(args(n));
      socket.write(
        `POST /api/v1/tools/get_url_metadata HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${SLOW}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    const refused = await refusedCall(origin);
    assert.equal(refused.status, 429, 'the caller holding unread answers is refused');
    assert.match(refused.json.error.message, /not read yet/);
    const other = await postAs(origin, OTHER, 'check_url_status', { url: `${site.origin}/status` });
    assert.equal(other.status, 200, 'another caller goes on');

    socket.destroy();
    await until('the unread connection closed', () => socket.destroyed);
    await sleep(200);
    const again = await postAs(origin, SLOW, 'check_url_status', { url: `${site.origin}/status` });
    assert.equal(again.status, 200, 'nothing is counted once the connection is gone');
  });
});

describe("all callers' unread answers together", () => {
  let app: FastifyInstance;
  let origin: string;
  before(async () => {
    // No bound per caller and no rate floor: only the total refuses, and the unread answer stays.
    ({ app, origin } = await startApp({
      maxUnreadAnswerBytes: 0,
      unreadAnswerMemoryBytes: 2 * 1024 * 1024,
      minBodyRate: 0,
    }));
  });
  after(async () => {
    await app.close();
  });

  it('refuse the calls of a caller holding some once over the bound; others go on', async (t) => {
    const stalled = await stalledCall(origin);
    t.after(() => stalled.socket.destroy());
    const refused = await refusedCall(origin);
    assert.equal(refused.status, 429);
    assert.equal(refused.json.error.code, 'rate_limited');
    assert.match(refused.json.error.message, /URLKIT_UNREAD_ANSWER_MEMORY_BYTES/);
    // Another caller's batch (about 800 KB), read as it comes, has its answer though the total is full.
    const other = await postAs(origin, OTHER, 'get_url_metadata', {
      items: batch(`other-${Math.random()}`).items.slice(0, 4),
      include_content: true,
    });
    assert.equal(other.status, 200);
    assert.equal(other.items.length, 4);
    for (const item of other.items) assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));

    stalled.socket.destroy();
    await until('the stalled connection closed', () => stalled.closed());
    await sleep(200);
    const again = await postAs(origin, SLOW, 'check_url_status', { url: `${site.origin}/status` });
    assert.equal(again.status, 200);
  });
});

describe('a large answer', () => {
  let app: FastifyInstance;
  let origin: string;
  before(async () => {
    ({ app, origin } = await startApp({ maxUnreadAnswerBytes: 0, minBodyRate: 4096, minBodyRateWindowMs: 1000 }));
  });
  after(async () => {
    await app.close();
  });

  it('read at once arrives whole, as JSON', async (t) => {
    // Every part that holds something for the call listens for its response's close: Node warned of
    // a leak on each large answer (11 'close' listeners on one response) before they shared one.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    t.after(() => process.off('warning', onWarning));
    const res = await fetch(`${origin}/api/v1/tools/get_url_metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${OTHER}` },
      body: JSON.stringify(batch('whole')),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    const text = await res.text();
    assert.ok(text.length > 4 * 1024 * 1024, `a large answer (${text.length} bytes)`);
    assert.equal(Buffer.byteLength(text), Number(res.headers.get('content-length')));
    const answer = JSON.parse(text) as { data: { results: { data: { content?: string } | null }[] } };
    assert.equal(answer.data.results.length, ITEMS);
    for (const item of answer.data.results) assert.match(item.data?.content ?? '', /^Paragraph 0 says/);
    assert.deepEqual(
      warnings.filter((w) => w.startsWith('MaxListenersExceededWarning')),
      [],
    );
  });

  it('not read at the minimum rate has its connection closed', async (t) => {
    const stalled = await stalledCall(origin);
    t.after(() => stalled.socket.destroy());
    // Four windows without reading, then read: what the kernel's buffers held arrives, then the
    // end of a connection the service closed, not the rest of the answer.
    await sleep(4000);
    stalled.resume();
    await until('the end of the stalled connection', () => stalled.closed(), 20_000);
    const length = stalled.length() ?? 0;
    assert.ok(length > 4 * 1024 * 1024, `a large answer (${length} bytes)`);
    assert.ok(stalled.received() < length, 'the whole answer was sent');
  });

  it('over MCP, not read at the minimum rate, has its connection closed', async (t) => {
    const stalled = await stalledCall(origin, true);
    t.after(() => stalled.socket.destroy());
    await sleep(4000);
    stalled.resume();
    await until('the end of the stalled connection', () => stalled.closed(), 20_000);
    // An event stream has no Content-Length: it is sent in chunks. The answer is one event, which
    // ends with a blank line, the last of its chunks, then the chunk of length 0: the end of the
    // connection came before that. (What arrives before the cut is what the kernel's buffers
    // held, over 4 MB on some machines, so no byte count tells.)
    assert.ok(stalled.received() > 64 * 1024, `the answer began (${stalled.received()} bytes)`);
    assert.ok(
      !/\n\n\r\n(?:0\r\n\r\n)?$/.test(stalled.tail()),
      `the whole answer was sent (${stalled.received()} bytes, ending ${JSON.stringify(stalled.tail().slice(-16))})`,
    );
  });
});

describe("a batch's answer not yet read", () => {
  let app: FastifyInstance;
  let origin: string;
  const budget = 8 * 1024 * 1024;
  before(async () => {
    // No unread bound and no rate floor: the answer waits as long as the test lets it.
    ({ app, origin } = await startApp({ maxUnreadAnswerBytes: 0, minBodyRate: 0, resultMemoryBytes: budget }));
  });
  after(async () => {
    await app.close();
  });

  const resultMemory = () => gaugeAt(origin, 'urlkit_result_memory_bytes');

  for (const over of ['the JSON API', 'MCP'])
    it(`keeps its results counted in the result memory until it is read (${over})`, async (t) => {
      const stalled = await stalledCall(origin, over === 'MCP');
      t.after(() => stalled.socket.destroy());
      await sleep(500);
      // Fifty texts of about 200,000 characters: the batch is over, its answer is what holds them.
      assert.ok((await resultMemory()) > 5_000_000, `counted while unread: ${await resultMemory()} bytes`);
      // Another caller's batch still finds the room kept for others.
      const other = await postAs(origin, OTHER, 'get_url_metadata', {
        items: [`${site.origin}/other/${over.length}`],
        include_content: true,
        timeout: 3,
      });
      assert.equal(other.status, 200);
      assert.equal(other.items[0]?.meta.error, undefined, JSON.stringify(other.items[0]?.meta.error));
      stalled.resume();
      let held = await resultMemory();
      for (const deadline = Date.now() + 30_000; held !== 0 && Date.now() < deadline; held = await resultMemory())
        await sleep(100);
      assert.equal(held, 0, 'given back once the answer was read');
      assert.equal(stalled.closed(), false, 'read, not cut');
    });
});
