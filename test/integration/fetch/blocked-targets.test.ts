// The egress guard against real sockets: every loopback spelling, names that resolve to
// loopback and redirects into forbidden places are refused BEFORE any connection is made.
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import dns from 'node:dns/promises';
import os from 'node:os';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { testConfig } from '../../support/loopback-server.js';
import { startForbiddenTargets, startHostileSite, type HostileSite } from '../../support/hostile-site.js';

let forbidden: Awaited<ReturnType<typeof startForbiddenTargets>>;
let site: HostileSite;
let fetcher: Fetcher;
const outcomes: string[] = [];

before(async () => {
  forbidden = await startForbiddenTargets();
  site = await startHostileSite();
  fetcher = createFetcher(testConfig({ maxRetries: 0 }), { onOutcome: (o) => outcomes.push(o) });
});
after(async () => {
  await fetcher.close();
  await Promise.all([forbidden.close(), site.close()]);
});
afterEach(() => {
  assert.equal(forbidden.total(), 0, 'a forbidden loopback server saw a connection');
});

async function expectFailure(url: string, code: string): Promise<FetchFailure> {
  const err = await fetcher.fetchPage(url, { timeoutMs: 3000 }).then(
    () => assert.fail(`${url} was fetched`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof FetchFailure, `${url}: not a FetchFailure: ${String(err)}`);
  assert.equal(err.code, code, `${url}: ${err.message}`);
  return err;
}

test('every spelling of a loopback address is blocked without connecting', async () => {
  const p = forbidden.v4.port;
  const spellings = [
    `http://127.0.0.1:${p}/`,
    `http://127.1:${p}/`,
    `http://127.0.1:${p}/`,
    `http://2130706433:${p}/`,
    `http://0x7f000001:${p}/`,
    `http://0x7f.0.0.1:${p}/`,
    `http://017700000001:${p}/`,
    `http://0177.0.0.01:${p}/`,
    `http://127.000.000.001:${p}/`,
    `http://127.0.0.1.:${p}/`,
    `http://%31%32%37.0.0.1:${p}/`,
    `http://127\u30020\u30020\u30021:${p}/`,
    `http://\u2460\u2461\u2466.0.0.1:${p}/`,
    `http://0:${p}/`,
    `http://0.0.0.0:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://[::ffff:7f00:1]:${p}/`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
    `http://[::127.0.0.1]:${p}/`,
    `http://[64:ff9b::127.0.0.1]:${p}/`,
    `http://[2002:7f00:1::]:${p}/`,
    `http://user:pass@127.0.0.1:${p}/`,
    `https://127.0.0.1:${p}/`,
  ];
  if (forbidden.v6) {
    const p6 = forbidden.v6.port;
    spellings.push(
      `http://[::1]:${p6}/`,
      `http://[0:0:0:0:0:0:0:1]:${p6}/`,
      `http://[::]:${p6}/`,
      `http://[0000::0001]:${p6}/`,
    );
  }
  for (const url of spellings) {
    const err = await expectFailure(url, 'blocked_url');
    assert.equal(err.partial.hops.length, 0);
  }
});

test('the IPv4-mapped spelling of the allowed fixture address is still blocked', async () => {
  await expectFailure(`http://[::ffff:127.0.0.2]:${site.port}/html`, 'blocked_url');
  assert.equal(site.hits('/html'), 0);
});

test('names that resolve to loopback are refused: localhost, its variants, and /etc/hosts names', async () => {
  const p = forbidden.v4.port;
  for (const name of ['localhost', 'LOCALHOST', 'localhost.', 'api.localhost']) {
    await expectFailure(`http://${name}:${p}/`, 'blocked_url');
  }
  // A name that goes through the real resolver (not our localhost shortcut) and answers loopback:
  // refused, and answered as a name that does not resolve (no DNS oracle, docs/fetch.md).
  const candidates = [os.hostname(), 'ip6-localhost', 'ip6-loopback', 'vm'];
  let checked = 0;
  for (const name of candidates) {
    const answers = await dns.lookup(name, { all: true }).catch(() => []);
    if (answers.length === 0 || !answers.every((a) => a.address.startsWith('127.') || a.address === '::1')) continue;
    const err = await expectFailure(`http://${name}:${p}/`, 'dns_error');
    assert.doesNotMatch(err.message, /127\.|::1/);
    checked++;
  }
  assert.ok(checked > 0, 'no resolver name for loopback found in this environment');
});

test('redirects (301, 302, 303, 307, 308) to blocked addresses are refused at connect time', async () => {
  const p = forbidden.v4.port;
  for (const code of [301, 302, 303, 307, 308]) {
    for (const to of [
      `http://127.0.0.1:${p}/`,
      `http://localhost:${p}/`,
      `http://2130706433:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const err = await expectFailure(`${site.origin}/redirect/${code}?to=${encodeURIComponent(to)}`, 'blocked_url');
      assert.equal(err.partial.hops.length, 1, 'the hop that redirected is reported');
      assert.equal(err.partial.hops[0]!.statusCode, code);
      assert.equal(err.partial.hops[0]!.location, to);
    }
  }
});

test('redirects to non-http schemes are blocked_url; a requested non-http URL is invalid_url', async () => {
  for (const to of [
    'file:///etc/passwd',
    'ftp://127.0.0.2/',
    'gopher://127.0.0.1:6379/_INFO',
    'javascript:alert(1)',
    'data:text/html,hi',
  ]) {
    await expectFailure(`${site.origin}/redirect/302?to=${encodeURIComponent(to)}`, 'blocked_url');
  }
  for (const url of [
    'file:///etc/passwd',
    'ftp://example.com/',
    'not a url',
    '/relative/path',
    'http://',
    'javascript:alert(1)',
  ]) {
    await expectFailure(url, 'invalid_url');
  }
});

test('ports on the WHATWG bad-port list are blocked, on the fixture address too', async () => {
  await expectFailure('http://127.0.0.2:25/', 'blocked_url');
  await expectFailure(`${site.origin}/redirect/302?to=${encodeURIComponent('http://127.0.0.2:6667/')}`, 'blocked_url');
});

test('cloud metadata and private addresses are blocked', async () => {
  for (const url of [
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/',
    'http://168.63.129.16/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://[fe80::1]/',
  ]) {
    await expectFailure(url, 'blocked_url');
  }
});

test('the observer hears one outcome per fetch, and the allowed fixture still works', async () => {
  outcomes.length = 0;
  await expectFailure(`http://127.0.0.1:${forbidden.v4.port}/`, 'blocked_url');
  const r = await fetcher.fetchPage(`${site.origin}/html`, { timeoutMs: 3000 });
  assert.equal(r.status, 200);
  assert.deepEqual(outcomes, ['blocked_url', 'ok']);
});
