// The minimum transfer rate of a response body (issue 31, row 6): a body that sends a lot and
// then a byte now and then is cut off by the rate, long before its deadline, so it stops
// holding body memory; a slow but steady body is read whole; and time the reader spends
// waiting for body memory (when the server cannot send) is not held against the body.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Callers } from '../../../src/admission/callers.js';
import { MemoryBudget } from '../../../src/admission/memory-budget.js';
import { runAsCaller } from '../../../src/admission/run-as-caller.js';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

const KiB = 1024;
const html = { 'content-type': 'text/html; charset=utf-8' };

let site: LoopbackServer;
let fetcher: Fetcher;
const open = new Set<ServerResponse>();

before(async () => {
  site = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    open.add(res);
    res.on('close', () => open.delete(res));
    if (path === '/stalls') {
      // 256 KiB at once, then one byte every 400 ms.
      res.writeHead(200, html);
      res.write(Buffer.alloc(256 * KiB, 0x61));
      const t = setInterval(() => res.write('a'), 400);
      res.on('close', () => clearInterval(t));
      return;
    }
    if (path === '/steady') {
      // 40 KiB at 8 KiB/s, a kilobyte every 125 ms: slow, but above the minimum.
      res.writeHead(200, { ...html, 'content-length': 40 * KiB });
      let sent = 0;
      const t = setInterval(() => {
        res.write(Buffer.alloc(KiB, 0x62));
        if (++sent === 40) {
          clearInterval(t);
          res.end();
        }
      }, 125);
      res.on('close', () => clearInterval(t));
      return;
    }
    if (path === '/mib') {
      const page = Buffer.alloc(1024 * KiB, 0x63);
      res.writeHead(200, { ...html, 'content-length': page.length });
      return res.end(page);
    }
    res.writeHead(404).end();
  });
  fetcher = createFetcher(testConfig({ minBodyRate: 4096, minBodyRateWindowMs: 500 }));
});
after(async () => {
  for (const res of open) res.destroy();
  await fetcher.close();
  await site.close();
});

describe('minimum transfer rate of a body', () => {
  it('cuts off a body that stalls after a burst, as a timeout naming the rate, not the deadline', async () => {
    await assert.rejects(
      fetcher.fetchPage(`${site.origin}/stalls`, { timeoutMs: 10_000 }),
      (err: unknown) =>
        err instanceof FetchFailure && err.code === 'timeout' && /URLKIT_MIN_BODY_RATE/.test(err.message),
    );
  });

  it('reads a slow but steady body whole', async () => {
    const res = await fetcher.fetchPage(`${site.origin}/steady`, { timeoutMs: 20_000 });
    assert.equal(res.body?.bytes.length, 40 * KiB);
    assert.equal(res.truncated, false);
  });

  it('does not count the time a body waits for body memory', async () => {
    const budget = new MemoryBudget(1024 * KiB);
    // Held by an older share: the page gets its first share, then waits to grow for several windows.
    const blocker = await budget.acquire(700 * KiB);
    const shares = { callers: new Callers(), bodyMemory: budget };
    const reading = runAsCaller(shares, 'reader', () => fetcher.fetchPage(`${site.origin}/mib`, { timeoutMs: 20_000 }));
    for (let i = 0; i < 200 && budget.stats().waiting === 0; i++) await sleep(10);
    assert.equal(budget.stats().waiting, 1, 'the body waits for memory');
    await sleep(2000);
    blocker.release();
    const res = await reading;
    assert.equal(res.body?.bytes.length, 1024 * KiB);
  });
});
