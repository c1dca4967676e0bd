// Page fetches reuse keep-alive connections; anything but a clean exchange closes the
// connection instead of pooling it, and status probes always open their own.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

const T = { timeoutMs: 5000 };
let site: LoopbackServer;
let fetcher: Fetcher;
/** Server-side sockets still open. */
const open = new Set<Socket>();
/** The server side of the connection that served the last /stall. */
let stalled: Socket | null = null;
/** The server side of the connection that served the last plain page. */
let lastSocket: Socket | null = null;

before(async () => {
  site = await startServer((req, res) => {
    if (req.url === '/close') {
      res.writeHead(200, { 'content-type': 'text/html', connection: 'close' }).end('<p>bye</p>');
    } else if (req.url === '/big') {
      // Larger than the fetch's cap: the body is cut and the rest never read.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>' + 'x'.repeat(256 * 1024) + '</p>');
    } else if (req.url?.startsWith('/hop/')) {
      // /hop/<kind>/<n>: a redirect to /hop/<kind>/<n-1>, its body a short note ("short"), 32 KiB
      // ("large", its length declared), 20 KiB sent chunked ("long") or a note that never ends
      // ("stalled"); /hop/<kind>/0 is the page.
      const [, , kind, n] = req.url.split('/');
      if (Number(n) === 0) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>arrived</p>');
      res.writeHead(302, { location: `/hop/${kind}/${Number(n) - 1}`, 'content-type': 'text/html' });
      if (kind === 'short') res.end('<p>Moved.</p>');
      else if (kind === 'large') res.end('<p>' + 'm'.repeat(32 * 1024) + '</p>');
      else if (kind === 'long') res.write('<p>' + 'm'.repeat(20 * 1024), () => res.end('</p>'));
      else res.write('<p>Moved');
    } else if (req.url === '/stall') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>start'); // and never ends
      stalled = req.socket;
    } else {
      lastSocket = req.socket;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
    }
  });
  site.server.on('connection', (s: Socket) => {
    open.add(s);
    s.on('close', () => open.delete(s));
  });
  fetcher = createFetcher(testConfig({ maxRetries: 0 }));
});
after(async () => {
  await fetcher.close();
  await site.close();
});

async function settle(): Promise<void> {
  await sleep(100);
}

test('sequential page fetches of one origin share one connection', async () => {
  const before = site.connections();
  for (let i = 0; i < 5; i++) {
    const r = await fetcher.fetchPage(`${site.origin}/page${i}`, T);
    assert.equal(r.status, 200);
    assert.match(r.body!.text!, /hello/);
  }
  assert.equal(site.connections() - before, 1);
});

test('a same-origin redirect chain travels on one connection', async () => {
  const other = createFetcher(testConfig());
  try {
    const before = site.connections();
    const r = await other.fetchPage(`${site.origin}/hop/short/5`, T);
    assert.equal(r.status, 200);
    assert.match(r.body!.text!, /arrived/);
    assert.equal(r.hops.length, 5);
    assert.equal(site.connections() - before, 1);
  } finally {
    await other.close();
  }
});

test('a redirect whose body is long or does not end is not read: a connection per hop, the chain goes on', async () => {
  for (const kind of ['large', 'long', 'stalled']) {
    const other = createFetcher(testConfig());
    try {
      const before = site.connections();
      const r = await other.fetchPage(`${site.origin}/hop/${kind}/3`, T);
      assert.equal(r.status, 200, kind);
      assert.match(r.body!.text!, /arrived/);
      assert.equal(site.connections() - before, 4, kind);
    } finally {
      await other.close();
    }
  }
});

test('the first fetch on a connection reports its connect time; a reused one none', async () => {
  const other = createFetcher(testConfig());
  try {
    const first = await other.fetchPage(`${site.origin}/a`, T);
    const second = await other.fetchPage(`${site.origin}/b`, T);
    assert.notEqual(first.timings.connectMs, null);
    assert.equal(second.timings.connectMs, null);
  } finally {
    await other.close();
  }
});

test('a body cut at the cap closes its connection instead of pooling it', async () => {
  const capped = createFetcher(testConfig({ maxBodyBytes: 16 * 1024 }));
  try {
    const before = site.connections();
    const r = await capped.fetchPage(`${site.origin}/big`, T);
    assert.equal(r.truncated, true);
    await settle();
    const after = await capped.fetchPage(`${site.origin}/small`, T);
    assert.equal(after.status, 200);
    assert.equal(site.connections() - before, 2, 'the cut connection was not reused');
  } finally {
    await capped.close();
  }
});

test('a fetch that times out in the body closes its connection', async () => {
  const other = createFetcher(testConfig({ maxRetries: 0 }));
  try {
    await assert.rejects(
      other.fetchPage(`${site.origin}/stall`, { timeoutMs: 300 }),
      (e: Error & { code?: string }) => e.code === 'timeout',
    );
    await settle();
    assert.ok(stalled, 'the stalled page was served');
    assert.equal(open.has(stalled), false, 'the stalled connection is closed, not kept idle');
    const r = await other.fetchPage(`${site.origin}/after`, T);
    assert.equal(r.status, 200);
  } finally {
    await other.close();
  }
});

test('Connection: close from the server is obeyed: the next fetch opens a new connection', async () => {
  const other = createFetcher(testConfig());
  try {
    const before = site.connections();
    await other.fetchPage(`${site.origin}/close`, T);
    await other.fetchPage(`${site.origin}/x`, T);
    assert.equal(site.connections() - before, 2);
  } finally {
    await other.close();
  }
});

test('status-style fetches (fresh connections) open one connection each and report connect times', async () => {
  const before = site.connections();
  for (let i = 0; i < 3; i++) {
    const r = await fetcher.fetchPage(`${site.origin}/probe`, {
      ...T,
      method: 'HEAD',
      body: 'none',
      freshConnection: true,
    });
    assert.equal(r.status, 200);
    assert.notEqual(r.timings.connectMs, null);
  }
  assert.equal(site.connections() - before, 3);
});

test('closing the fetcher closes its idle pooled connections', async () => {
  const other = createFetcher(testConfig());
  const r = await other.fetchPage(`${site.origin}/idle`, T);
  assert.equal(r.status, 200);
  const mine = lastSocket!;
  await settle();
  assert.equal(open.has(mine), true, 'kept idle for the next fetch');
  await other.close();
  await settle();
  assert.equal(open.has(mine), false);
});
