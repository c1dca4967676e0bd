// Retries and politeness against real loopback servers.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { startHostileSite, type HostileSite } from '../../support/hostile-site.js';

let site: HostileSite;
let fetcher: Fetcher;

before(async () => {
  site = await startHostileSite();
  fetcher = createFetcher(testConfig({ maxRetries: 2 }));
});
after(async () => {
  await fetcher.close();
  await site.close();
});

test('503 then 200: one retry, counted', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/flaky?id=a&fails=1`, { timeoutMs: 5000 });
  assert.equal(r.status, 200);
  assert.equal(r.retries, 1);
  assert.match(r.body!.text!, /ok after 1 failures/);
});

test('still failing after maxRetries: the last 503 is returned as data', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/flaky?id=b&fails=10`, { timeoutMs: 5000 });
  assert.equal(r.status, 503);
  assert.equal(r.retries, 2);
  assert.equal(r.body!.text, 'try later');
});

test('429 with Retry-After: waits and retries once', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/retry-after?id=c&s=1`, { timeoutMs: 5000 });
  assert.equal(r.status, 200);
  assert.equal(r.retries, 1);
  assert.ok(r.timings.totalMs >= 900, 'the Retry-After wait was honoured');
});

test('a Retry-After beyond the deadline is not waited for: the 429 is reported', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/retry-after?id=d&s=30`, { timeoutMs: 2000 });
  assert.equal(r.status, 429);
  assert.equal(r.retries, 0);
  assert.equal(r.headers['retry-after'], '30');
});

test('other 4xx and 500 are never retried', async () => {
  for (const code of [400, 403, 404, 500]) {
    const before = site.hits(`/status/${code}`);
    const r = await fetcher.fetchPage(`${site.origin}/status/${code}`, { timeoutMs: 3000 });
    assert.equal(r.retries, 0);
    assert.equal(site.hits(`/status/${code}`) - before, 1, String(code));
  }
});

test('per-host concurrency: a burst of fetches to one host never exceeds the limit', async () => {
  let active = 0;
  let peak = 0;
  const slow: LoopbackServer = await startServer((_req, res) => {
    active++;
    peak = Math.max(peak, active);
    setTimeout(() => {
      active--;
      res.end('<p>done</p>');
    }, 50);
  });
  const limited = createFetcher(testConfig({ perHostConcurrency: 2 }));
  try {
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) => limited.fetchPage(`${slow.origin}/${i}`, { timeoutMs: 5000 })),
    );
    assert.equal(
      all.every((r) => r.status === 200),
      true,
    );
    assert.equal(peak, 2);
  } finally {
    await limited.close();
    await slow.close();
  }
});

test('retryStatuses:false reports a 429/503 at once (network failures would still retry)', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/retry-after?id=e&s=1`, { timeoutMs: 5000, retryStatuses: false });
  assert.equal(r.status, 429);
  assert.equal(r.retries, 0);
  assert.equal(site.hits('/retry-after') > 0, true);
  const f = await fetcher.fetchPage(`${site.origin}/flaky?id=f&fails=1`, {
    timeoutMs: 5000,
    retryStatuses: false,
    body: 'none',
  });
  assert.equal(f.status, 503);
  assert.equal(f.retries, 0);
});
