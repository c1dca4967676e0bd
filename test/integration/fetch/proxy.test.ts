// Proxy modes against a local CONNECT proxy: the target is resolved and checked first, and the
// tunnel is requested for the checked address, never for a name the proxy would resolve again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { WithheldFailure } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import {
  startForbiddenTargets,
  startHostileSite,
  startRawServer,
  type HostileSite,
} from '../../support/hostile-site.js';
import { startProxy, type ProxyServer } from '../../support/proxy-server.js';

let site: HostileSite;
let proxy: ProxyServer;
let forbidden: Awaited<ReturnType<typeof startForbiddenTargets>>;
const closers: Array<() => Promise<void>> = [];

before(async () => {
  site = await startHostileSite();
  proxy = await startProxy();
  forbidden = await startForbiddenTargets();
});
after(async () => {
  await Promise.all([site.close(), proxy.close(), forbidden.close(), ...closers.map((c) => c())]);
});

function fetcherWith(mode: 'never' | 'always' | 'fallback', proxyUrl = proxy.url, extra = {}) {
  const f = createFetcher(testConfig({ proxyUrl, proxyMode: mode, maxRetries: 2, ...extra }));
  closers.push(() => f.close());
  return f;
}

test('always: the response comes through the proxy, tunnelled to the checked address', async () => {
  proxy.connects.length = 0;
  const r = await fetcherWith('always').fetchPage(`${site.origin}/html`, { timeoutMs: 3000 });
  assert.equal(r.status, 200);
  assert.equal(r.viaProxy, true);
  assert.match(r.body!.text!, /héllo/);
  assert.deepEqual(proxy.connects, [`127.0.0.2:${site.port}`]);
});

test('always: a host name is resolved by us and the proxy is asked for the IP', async () => {
  const local: LoopbackServer = await startServer((_req, res) => res.end('<p>on 127.0.0.1</p>'), '127.0.0.1');
  closers.push(() => local.close());
  proxy.connects.length = 0;
  const f = fetcherWith('always', proxy.url, { allowCidrs: ['127.0.0.1/32', '::1/128'] });
  const r = await f.fetchPage(`http://localhost:${local.port}/`, { timeoutMs: 3000 });
  assert.equal(r.status, 200);
  assert.equal(r.viaProxy, true);
  assert.deepEqual(proxy.connects, [`127.0.0.1:${local.port}`], 'CONNECT names the checked address, not "localhost"');
  assert.equal(r.finalUrl, `http://localhost:${local.port}/`);
});

test('always: a blocked target never reaches the proxy or the target', async () => {
  proxy.connects.length = 0;
  const f = fetcherWith('always');
  for (const url of [
    `http://127.0.0.1:${forbidden.v4.port}/`,
    `http://localhost:${forbidden.v4.port}/`,
    `${site.origin}/redirect/302?to=${encodeURIComponent(`http://127.0.0.1:${forbidden.v4.port}/`)}`,
  ]) {
    const err = await f.fetchPage(url, { timeoutMs: 3000 }).catch((e: unknown) => e);
    assert.ok(err instanceof FetchFailure);
    assert.equal(err.code, 'blocked_url', url);
  }
  assert.deepEqual(proxy.connects, [`127.0.0.2:${site.port}`], 'only the allowed redirecting hop was tunnelled');
  assert.equal(forbidden.total(), 0);
});

test('fallback: a direct 403 is retried through the proxy and reported as via_proxy', async () => {
  proxy.connects.length = 0;
  const r = await fetcherWith('fallback').fetchPage(`${site.origin}/forbidden-once?id=fb1`, { timeoutMs: 3000 });
  assert.equal(r.status, 200);
  assert.equal(r.viaProxy, true);
  assert.equal(r.retries, 1);
  assert.match(r.body!.text!, /welcome/);
  assert.equal(proxy.connects.length, 1);
});

test('fallback: a direct success does not touch the proxy', async () => {
  proxy.connects.length = 0;
  const r = await fetcherWith('fallback').fetchPage(`${site.origin}/html`, { timeoutMs: 3000 });
  assert.equal(r.viaProxy, false);
  assert.equal(r.retries, 0);
  assert.equal(proxy.connects.length, 0);
});

test('fallback: a reset direct connection is retried through the proxy', async () => {
  proxy.connects.length = 0;
  // The first request's connection is reset before any response; later ones are answered.
  let n = 0;
  const flaky = await startServer((req, res) => {
    if (++n === 1) return req.socket.resetAndDestroy();
    res.end('<p>second time lucky</p>');
  });
  closers.push(() => flaky.close());
  const r = await fetcherWith('fallback').fetchPage(`${flaky.origin}/`, { timeoutMs: 3000 });
  assert.equal(r.status, 200);
  assert.equal(r.viaProxy, true);
  assert.equal(r.retries, 1);
  assert.deepEqual(proxy.connects, [`127.0.0.2:${flaky.port}`]);
});

test('never: a configured proxy is not used', async () => {
  proxy.connects.length = 0;
  const r = await fetcherWith('never').fetchPage(`${site.origin}/forbidden-once?id=nv1`, { timeoutMs: 3000 });
  assert.equal(r.status, 403);
  assert.equal(r.viaProxy, false);
  assert.equal(proxy.connects.length, 0);
});

test('a proxy that refuses the tunnel is connect_error with via_proxy true', async () => {
  const refusing = await startProxy({ refuseWith: 403 });
  closers.push(() => refusing.close());
  const err = await fetcherWith('always', refusing.url)
    .fetchPage(`${site.origin}/html`, { timeoutMs: 3000 })
    .catch((e: unknown) => e);
  assert.ok(err instanceof FetchFailure);
  assert.equal(err.code, 'connect_error');
  assert.match(err.message, /proxy refused/);
  assert.equal(err.partial.viaProxy, true);
});

test('proxy credentials from URLKIT_PROXY are sent as Proxy-Authorization', async () => {
  const authed = await startProxy({ auth: 'op:pw' });
  closers.push(() => authed.close());
  const r = await fetcherWith('always', authed.url).fetchPage(`${site.origin}/html`, { timeoutMs: 3000 });
  assert.equal(r.status, 200);
  const noCreds = authed.url.replace('op:pw@', '');
  const err = await fetcherWith('always', noCreds)
    .fetchPage(`${site.origin}/html`, { timeoutMs: 3000 })
    .catch((e: unknown) => e);
  assert.ok(err instanceof FetchFailure);
  assert.equal(err.code, 'connect_error');
});

test('an https:// proxy is spoken to over TLS, and its certificate is verified too', async () => {
  const dir = fileURLToPath(new URL('../../../../test/integration/fetch/tls/', import.meta.url));
  const tlsProxy = await startProxy({
    tls: { key: readFileSync(`${dir}self-signed-key.pem`), cert: readFileSync(`${dir}self-signed-cert.pem`) },
  });
  closers.push(() => tlsProxy.close());
  assert.match(tlsProxy.url, /^https:/);
  const err = await fetcherWith('always', tlsProxy.url)
    .fetchPage(`${site.origin}/html`, { timeoutMs: 3000 })
    .catch((e: unknown) => e);
  assert.ok(err instanceof FetchFailure);
  assert.equal(err.code, 'connect_error');
  assert.match(err.message, /proxy/i);
  assert.equal(tlsProxy.connects.length, 0, 'no CONNECT was sent over an unverified channel');
});

test("a proxy's refusal gives the caller its status, not its words; the log gets the words", async () => {
  const replies: Array<[string, string]> = [
    ['HTTP/1.1 407 Proxy Authentication Required by gw1.internal.corp (10.9.8.7)\r\n\r\n', 'status 407'],
    ['SSH-2.0-OpenSSH_9.6 gw1.internal.corp\r\n\r\n', 'something other than HTTP'],
  ];
  for (const [reply, told] of replies) {
    const hostile = await startRawServer((sock) => sock.once('data', () => sock.end(reply)), '127.0.0.3');
    closers.push(() => hostile.close());
    const withheld: WithheldFailure[] = [];
    const f = createFetcher(testConfig({ proxyUrl: `http://127.0.0.3:${hostile.port}`, proxyMode: 'always' }), {
      onOutcome: () => {},
      onCauseWithheld: (w) => withheld.push(w),
    });
    closers.push(() => f.close());
    const err = await f.fetchPage(`${site.origin}/html`, { timeoutMs: 3000 }).catch((e: unknown) => e);
    assert.ok(err instanceof FetchFailure);
    assert.equal(err.code, 'connect_error');
    assert.ok(err.message.includes(told), err.message);
    assert.doesNotMatch(err.message, /internal\.corp|10\.9\.8\.7|OpenSSH/);
    assert.equal(withheld.length, 1);
    assert.match(String(withheld[0]!.cause), /gw1\.internal\.corp/, 'the operator sees what the proxy said');
  }
});
