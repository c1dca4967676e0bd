// Plain fetching and our own redirect loop, against a real loopback server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { startHostileSite, type HostileSite } from '../../support/hostile-site.js';
import { FAT_CHAIN, FOLLOWED_LOCATION_BYTES, fatChainUrl, serveFatChain } from '../../support/hostile-pages.js';

let site: HostileSite;
let other: LoopbackServer;
let fetcher: Fetcher;
const otherHeaders: http.IncomingHttpHeaders[] = [];
let fat: LoopbackServer;
const fatPaths: string[] = [];

before(async () => {
  site = await startHostileSite();
  // A second origin (same address, other port) to check what crosses origins.
  other = await startServer((req, res) => {
    otherHeaders.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ method: req.method }));
  });
  fat = await startServer((req, res) => {
    fatPaths.push(new URL(req.url!, 'http://x').pathname);
    serveFatChain(req, res);
  });
  fetcher = createFetcher(testConfig({ maxRetries: 0, maxRedirects: 5 }));
});
after(async () => {
  await fetcher.close();
  await Promise.all([site.close(), other.close(), fat.close()]);
});

const T = { timeoutMs: 3000 };

test('GET returns status, headers, decoded body, charset, kind and timings', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/html`, T);
  assert.equal(r.url, `${site.origin}/html`);
  assert.equal(r.finalUrl, `${site.origin}/html`);
  assert.equal(r.status, 200);
  assert.equal(r.method, 'GET');
  assert.equal(r.contentType, 'text/html; charset=utf-8');
  assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(r.body?.kind, 'html');
  assert.equal(r.body?.charset, 'utf-8');
  assert.match(r.body.text!, /héllo wörld/);
  assert.deepEqual(r.hops, []);
  assert.equal(r.retries, 0);
  assert.equal(r.viaProxy, false);
  assert.equal(r.truncated, false);
  assert.equal(r.javascriptRendered, false);
  assert.ok(
    r.timings.connectMs !== null && r.timings.firstByteMs !== null && r.timings.firstByteMs >= r.timings.connectMs,
  );
  assert.equal(r.timings.tlsMs, null);
});

test('sends an honest User-Agent, Accept and Accept-Encoding', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/echo`, T);
  const seen = JSON.parse(r.body!.text!) as { headers: Record<string, string> };
  assert.match(seen.headers['user-agent']!, /^urlkit\/\d+\.\d+\.\d+ \(\+https?:\/\/\S+\)$/);
  assert.match(seen.headers.accept!, /text\/html/);
  assert.match(seen.headers['accept-encoding']!, /gzip/);
  const custom = await fetcher.fetchPage(`${site.origin}/echo`, { ...T, accept: 'application/json' });
  assert.equal(
    (JSON.parse(custom.body!.text!) as { headers: Record<string, string> }).headers.accept,
    'application/json',
  );
});

test('a 404 or 500 is data, not an error', async () => {
  for (const code of [404, 500]) {
    const r = await fetcher.fetchPage(`${site.origin}/status/${code}`, T);
    assert.equal(r.status, code);
    assert.match(r.body!.text!, new RegExp(`status ${code}`));
  }
});

test('HEAD and body:none read no body', async () => {
  const h = await fetcher.fetchPage(`${site.origin}/html`, { ...T, method: 'HEAD' });
  assert.equal(h.status, 200);
  assert.equal(h.method, 'HEAD');
  assert.equal(h.body, null);
  assert.equal(h.contentType, 'text/html; charset=utf-8');
  const echoed = JSON.parse((await fetcher.fetchPage(`${site.origin}/echo`, T)).body!.text!) as { method: string };
  assert.equal(echoed.method, 'GET');
  // An endless body with body:none comes back at once instead of running into the deadline.
  const g = await fetcher.fetchPage(`${site.origin}/endless`, { timeoutMs: 10_000, body: 'none' });
  assert.equal(g.status, 200);
  assert.equal(g.body, null);
  assert.equal(g.truncated, false);
});

test('each redirect status is followed and recorded as a hop', async () => {
  for (const code of [301, 302, 303, 307, 308]) {
    const r = await fetcher.fetchPage(`${site.origin}/redirect/${code}?to=/html`, T);
    assert.equal(r.status, 200);
    assert.equal(r.finalUrl, `${site.origin}/html`);
    assert.deepEqual(r.hops, [
      { url: `${site.origin}/redirect/${code}?to=/html`, statusCode: code, location: '/html' },
    ]);
  }
});

test('relative, dot-segment and absolute Locations resolve against the current URL', async () => {
  const r1 = await fetcher.fetchPage(`${site.origin}/redirect/302?to=${encodeURIComponent('../html')}`, T);
  assert.equal(r1.finalUrl, `${site.origin}/html`);
  const r2 = await fetcher.fetchPage(
    `${site.origin}/redirect/302?to=${encodeURIComponent(`${other.origin}/x?y=1`)}`,
    T,
  );
  assert.equal(r2.finalUrl, `${other.origin}/x?y=1`);
  const r3 = await fetcher.fetchPage(
    `${site.origin}/redirect/302?to=${encodeURIComponent(`//127.0.0.2:${other.port}/p`)}`,
    T,
  );
  assert.equal(r3.finalUrl, `${other.origin}/p`);
});

test('a redirect without Location is returned as is', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/no-location`, T);
  assert.equal(r.status, 302);
  assert.deepEqual(r.hops, []);
  assert.match(r.body!.text!, /moved/);
});

test('followRedirects:false returns the first response', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/redirect/301?to=/html`, { ...T, followRedirects: false });
  assert.equal(r.status, 301);
  assert.equal(r.headers.location, '/html');
  assert.equal(r.finalUrl, `${site.origin}/redirect/301?to=/html`);
  assert.deepEqual(r.hops, []);
});

test('loops and over-long chains are too_many_redirects, with the hops so far', async () => {
  const loop = await fetcher.fetchPage(`${site.origin}/loop/a`, T).catch((e: unknown) => e);
  assert.ok(loop instanceof FetchFailure);
  assert.equal(loop.code, 'too_many_redirects');
  assert.equal(loop.partial.hops.length, 2, 'a -> b -> a is caught on the first repeat');
  const ok = await fetcher.fetchPage(`${site.origin}/chain/5`, T);
  assert.equal(ok.hops.length, 5, 'exactly the limit is fine');
  const long = await fetcher.fetchPage(`${site.origin}/chain/6`, T).catch((e: unknown) => e);
  assert.ok(long instanceof FetchFailure);
  assert.equal(long.code, 'too_many_redirects');
  assert.equal(long.partial.hops.length, 5, 'the redirect past the limit is not followed');
  assert.equal(long.partial.finalUrl, `${site.origin}/chain/1`, 'where the followed redirects led');
});

test('a Location longer than 8,192 characters ends the fetch at that hop: upstream_error, nothing more sent', async () => {
  // Issue 31 row 4: every hop of a chain carried a 15 KB Location, followed to the end.
  fatPaths.length = 0;
  const issue = await fetcher.fetchPage(fatChainUrl(fat.origin, 'issue', 3), T).catch((e: unknown) => e);
  assert.ok(issue instanceof FetchFailure);
  assert.equal(issue.code, 'upstream_error');
  assert.match(issue.message, /Location is longer than 8,192 characters \(15,000\)/);
  assert.equal(issue.partial.hops.length, 1, 'the hop is reported');
  assert.equal(issue.partial.hops[0]!.location?.length, FAT_CHAIN.locationBytes);
  assert.deepEqual(fatPaths, ['/fat/issue/3'], 'its target is never asked for');
  // Locations within the bound are followed to the end.
  const ok = await fetcher.fetchPage(fatChainUrl(fat.origin, 'ok', 3, FOLLOWED_LOCATION_BYTES), T);
  assert.equal(ok.status, 200);
  assert.equal(ok.hops.length, 3);
  assert.equal(ok.hops[2]!.location?.length, FOLLOWED_LOCATION_BYTES);
});

test('303 fetches with GET but keeps a HEAD probe a HEAD; 307 keeps the method', async () => {
  const h = await fetcher.fetchPage(`${site.origin}/redirect/303?to=/status/200`, { ...T, method: 'HEAD' });
  assert.equal(h.method, 'HEAD');
  assert.equal(site.lastMethod('/status/200'), 'HEAD');
  const g = await fetcher.fetchPage(`${site.origin}/redirect/303?to=/status/201`, T);
  assert.equal(g.method, 'GET');
  assert.equal(site.lastMethod('/status/201'), 'GET');
  const h307 = await fetcher.fetchPage(`${site.origin}/redirect/307?to=/status/202`, { ...T, method: 'HEAD' });
  assert.equal(h307.method, 'HEAD');
  assert.equal(site.lastMethod('/status/202'), 'HEAD');
  assert.equal(h307.body, null);
});

test('credentials and cookies stay on their origin', async () => {
  otherHeaders.length = 0;
  const withCreds = site.origin.replace('http://', 'http://alice:s3cret@');
  const r = await fetcher.fetchPage(`${withCreds}/cookie-set?to=${encodeURIComponent('/cookie-echo')}`, T);
  const same = JSON.parse(r.body!.text!) as { headers: Record<string, string> };
  assert.equal(same.headers.cookie, 'session=abc123; pref=dark', 'cookies go back to the origin that set them');
  assert.deepEqual(r.setCookieNames, [], 'the final response set no cookie');
  const first = await fetcher.fetchPage(`${site.origin}/cookie-set`, { ...T, followRedirects: false });
  assert.deepEqual(first.setCookieNames, ['session', 'pref'], 'names only, never values');
  assert.equal(first.headers['set-cookie'], undefined);
  assert.equal(same.headers.authorization, `Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
  assert.equal(r.finalUrl.includes('s3cret'), false, 'credentials are not echoed in final_url');

  await fetcher.fetchPage(`${withCreds}/cookie-set?to=${encodeURIComponent(`${other.origin}/elsewhere`)}`, T);
  assert.equal(otherHeaders.length, 1);
  assert.equal(otherHeaders[0]!.cookie, undefined);
  assert.equal(otherHeaders[0]!.authorization, undefined);
});

test('deadline: a total timeout covers every hop; timeouts are reported with partial data', async () => {
  const err = await fetcher
    .fetchPage(`${site.origin}/redirect/302?to=/trickle-body`, { timeoutMs: 400 })
    .catch((e: unknown) => e);
  assert.ok(err instanceof FetchFailure);
  assert.equal(err.code, 'timeout');
  assert.equal(err.partial.hops.length, 1);
  assert.equal(err.partial.finalUrl, `${site.origin}/trickle-body`);
});

test('an aborted caller signal ends the fetch', async () => {
  const ctl = new AbortController();
  const p = fetcher.fetchPage(`${site.origin}/trickle-body`, { timeoutMs: 10_000 }, ctl.signal);
  setTimeout(() => ctl.abort(), 100);
  const err = await p.catch((e: unknown) => e);
  assert.ok(err instanceof FetchFailure);
  assert.equal(err.code, 'timeout');
});

test('an IPv6 literal opened by URLKIT_ALLOW_CIDRS is fetched (brackets handled end to end)', async () => {
  let v6: LoopbackServer;
  try {
    v6 = await startServer((_req, res) => res.end('<p>over v6</p>'), '::1');
  } catch {
    return assert.fail('no IPv6 loopback in this environment');
  }
  const f = createFetcher(testConfig({ allowCidrs: ['::1/128'] }));
  try {
    const r = await f.fetchPage(`http://[::1]:${v6.port}/x`, T);
    assert.equal(r.status, 200);
    assert.equal(r.finalUrl, `http://[::1]:${v6.port}/x`);
    assert.equal(r.body!.text, '<p>over v6</p>');
  } finally {
    await f.close();
    await v6.close();
  }
});

test('a name with several checked answers connects to one that listens (v6 and v4 raced)', async () => {
  const v4 = await startServer((_req, res) => res.end('<p>v4 only</p>'), '127.0.0.1');
  const f = createFetcher(testConfig({ allowCidrs: ['127.0.0.1/32', '::1/128'] }));
  try {
    // localhost answers 127.0.0.1 and ::1; only the IPv4 one has a server on this port.
    const r = await f.fetchPage(`http://localhost:${v4.port}/`, T);
    assert.equal(r.status, 200);
    assert.equal(r.body!.text, '<p>v4 only</p>');
    assert.equal(r.finalUrl, `http://localhost:${v4.port}/`);
  } finally {
    await f.close();
    await v4.close();
  }
});

test('close() ends fetches in flight and refuses new ones', async () => {
  const f = createFetcher(testConfig());
  const running = f.fetchPage(`${site.origin}/trickle-body`, { timeoutMs: 10_000 }).catch((e: unknown) => e);
  await new Promise((r) => setTimeout(r, 150));
  await f.close();
  const err = await running;
  assert.ok(err instanceof FetchFailure);
  assert.equal(err.code, 'connect_error');
  const after = await f.fetchPage(`${site.origin}/html`, T).catch((e: unknown) => e);
  assert.ok(after instanceof FetchFailure);
  assert.equal(after.code, 'connect_error');
});

test('a long redirect chain does not pile abort listeners on the fetch deadline', async () => {
  const f = createFetcher(testConfig({ maxRetries: 0, maxRedirects: 20 }));
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
  process.on('warning', onWarning);
  try {
    const r = await f.fetchPage(`${site.origin}/chain/15`, T);
    assert.equal(r.hops.length, 15);
    // Node reports the warning on a later tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off('warning', onWarning);
    await f.close();
  }
  assert.deepEqual(
    warnings.filter((w) => w.startsWith('MaxListenersExceededWarning')),
    [],
  );
});

test('a probe on fresh connections follows a redirect to another origin on a connection of its own', async () => {
  otherHeaders.length = 0;
  const before = other.connections();
  const r = await fetcher.fetchPage(`${site.origin}/cookie-set?to=${encodeURIComponent(`${other.origin}/probe`)}`, {
    ...T,
    method: 'HEAD',
    body: 'none',
    freshConnection: true,
  });
  assert.equal(r.status, 200);
  assert.equal(r.finalUrl, `${other.origin}/probe`);
  assert.equal(r.hops.length, 1);
  assert.equal(otherHeaders.length, 1);
  assert.equal(other.connections() - before, 1);
  assert.notEqual(r.timings.connectMs, null);
});
