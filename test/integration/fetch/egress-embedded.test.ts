// The egress policy against real sockets, for what an IPv6 address carries inside it and for
// what a refusal tells the caller. DNS answers are injected by replacing node:dns's lookup
// from here (the fetcher resolves through it), so a name can answer anything without a resolver.
import { after, afterEach, before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import dnsPromises from 'node:dns/promises';
import net from 'node:net';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { EgressDenial, Fetcher } from '../../../src/fetch/types.js';
import type { Config } from '../../../src/config/config.js';
import { testConfig } from '../../support/loopback-server.js';
import { startForbiddenTargets, startHostileSite, type HostileSite } from '../../support/hostile-site.js';

type Answer = { address: string; family: number };

/** Names this file's resolver knows; any other name does not exist (ENOTFOUND, as getaddrinfo says it). */
const ZONE = new Map<string, Answer[]>([
  ['imds.example.test', [{ address: '::ffff:a9fe:a9fe', family: 6 }]],
  ['imds-compat.example.test', [{ address: '::169.254.169.254', family: 6 }]],
  ['imds-nat64.example.test', [{ address: '64:ff9b::a9fe:a9fe', family: 6 }]],
  ['mapped-loopback.example.test', [{ address: '::ffff:7f00:1', family: 6 }]],
  ['intranet.example.test', [{ address: '10.1.2.3', family: 4 }]],
  ['fixture.example.test', [{ address: '127.0.0.2', family: 4 }]],
  [
    'fixture-pair.example.test',
    [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.3', family: 4 },
    ],
  ],
  [
    'mixed.example.test',
    [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ],
  ],
]);

function fakeLookup(hostname: string): Promise<Answer[]> {
  const answers = ZONE.get(hostname.toLowerCase());
  if (answers) return Promise.resolve(answers);
  const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname,
  });
  return Promise.reject(err);
}

let forbidden: Awaited<ReturnType<typeof startForbiddenTargets>>;
let site: HostileSite;
const fetchers: Fetcher[] = [];
const denials: EgressDenial[] = [];
/** Hosts net.connect was asked for, in order. */
const connects: string[] = [];

before(async () => {
  forbidden = await startForbiddenTargets();
  site = await startHostileSite();
  mock.method(dnsPromises, 'lookup', fakeLookup);
  const realConnect = net.connect.bind(net) as (...args: unknown[]) => net.Socket;
  mock.method(net, 'connect', (...args: unknown[]) => {
    const o = args[0] as { host?: string } | undefined;
    connects.push(String(o?.host));
    return realConnect(...args);
  });
});
after(async () => {
  mock.restoreAll();
  await Promise.all(fetchers.map((f) => f.close()));
  await Promise.all([forbidden.close(), site.close()]);
});
afterEach(() => {
  assert.equal(forbidden.total(), 0, 'a forbidden loopback server saw a connection');
});

function fetcherWith(overrides: Partial<Config>): Fetcher {
  const f = createFetcher(testConfig({ maxRetries: 0, ...overrides }), {
    onOutcome: () => {},
    onEgressDenied: (d) => denials.push(d),
  });
  fetchers.push(f);
  return f;
}

async function failure(fetcher: Fetcher, url: string): Promise<FetchFailure> {
  const err = await fetcher.fetchPage(url, { timeoutMs: 3000 }).then(
    () => assert.fail(`${url} was fetched`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof FetchFailure, `${url}: not a FetchFailure: ${String(err)}`);
  return err;
}

test('with private networks allowed, no spelling of a metadata address opens a socket', async () => {
  const fetcher = fetcherWith({ allowPrivateNetworks: true });
  const before = connects.length;
  for (const url of [
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
    'http://[::a9fe:a9fe]/',
    'http://[::ffff:0:a9fe:a9fe]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[2001:0:4136:e378:8000:63bf:5601:5601]/',
    'http://[::ffff:100.100.100.200]/',
    'http://[::ffff:168.63.129.16]/',
    'http://[::ffff:169.254.170.2]/v2/credentials',
    'http://[::ffff:192.0.0.192]/',
    'http://[fd00:ec2::254]/',
    'http://[fd00:ec2::23]/',
    'http://0xa9fea9fe/',
    'http://2852039166/',
    'http://0251.0376.0251.0376/',
    'http://169.254.43518/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.google.internal./',
    'http://instance-data/latest/meta-data/',
  ]) {
    const err = await failure(fetcher, url);
    assert.equal(err.code, 'blocked_url', `${url}: ${err.message}`);
    assert.match(err.message, /cloud metadata/, url);
  }
  assert.deepEqual(connects.slice(before), [], 'a socket was opened');
});

test('with private networks allowed, a name whose answers are metadata addresses opens no socket', async () => {
  const fetcher = fetcherWith({ allowPrivateNetworks: true });
  const before = connects.length;
  for (const name of ['imds.example.test', 'imds-compat.example.test', 'imds-nat64.example.test']) {
    denials.length = 0;
    const err = await failure(fetcher, `http://${name}/latest/meta-data/`);
    assert.equal(err.code, 'dns_error', `${name}: ${err.message}`);
    assert.doesNotMatch(err.message, /a9fe|169\.254/);
    // The operator's log has the answer and the rule.
    assert.equal(denials.length, 1);
    assert.equal(denials[0]!.host, name);
    assert.match(denials[0]!.addresses[0]!.reason ?? '', /cloud metadata/);
  }
  assert.deepEqual(connects.slice(before), [], 'a socket was opened');
});

test('[::ffff:127.0.0.1] does not reach the IPv4 loopback server, even with the IPv4-mapped range opened', async () => {
  const fetcher = fetcherWith({ allowCidrs: ['127.0.0.2/32', '::ffff:0:0/96', '64:ff9b::/96'] });
  const p = forbidden.v4.port;
  for (const url of [
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://[::ffff:7f00:1]:${p}/`,
    `http://[64:ff9b::7f00:1]:${p}/`,
  ]) {
    const err = await failure(fetcher, url);
    assert.equal(err.code, 'blocked_url', `${url}: ${err.message}`);
    assert.match(err.message, /loopback, embedded in/);
  }
  const err = await failure(fetcher, `http://mapped-loopback.example.test:${p}/`);
  assert.equal(err.code, 'dns_error', err.message);
  // The opened range itself still works for what is allowed inside it: the fixture address.
  const ok = await fetcher.fetchPage(`http://[::ffff:127.0.0.2]:${site.port}/html`, { timeoutMs: 3000 });
  assert.equal(ok.status, 200);
});

test('a name that resolves only to forbidden addresses answers exactly like a name that does not exist', async () => {
  const fetcher = fetcherWith({});
  denials.length = 0;
  const internal = await failure(fetcher, 'http://intranet.example.test/');
  const missing = await failure(fetcher, 'http://nowhere.example.test/');
  const shape = (e: FetchFailure, name: string) => ({
    code: e.code,
    retryable: e.retryable,
    message: e.message.replace(name, '<name>'),
    hops: e.partial.hops.length,
  });
  assert.deepEqual(shape(internal, 'intranet.example.test'), shape(missing, 'nowhere.example.test'));
  assert.equal(internal.code, 'dns_error');
  assert.doesNotMatch(internal.message, /10\.1\.2\.3|private/);
  // Through a redirect too.
  const viaRedirect = await failure(
    fetcher,
    `${site.origin}/redirect/302?to=${encodeURIComponent('http://intranet.example.test/')}`,
  );
  const missingViaRedirect = await failure(
    fetcher,
    `${site.origin}/redirect/302?to=${encodeURIComponent('http://nowhere.example.test/')}`,
  );
  assert.deepEqual(shape(viaRedirect, 'intranet.example.test'), shape(missingViaRedirect, 'nowhere.example.test'));
  // The log says which: the refused name with its address and rule; the missing one is no refusal.
  assert.deepEqual(
    denials.map((d) => [d.host, d.answered, d.addresses.map((a) => `${a.address} ${a.reason}`)]),
    [
      ['intranet.example.test', 'dns_error', ['10.1.2.3 private']],
      ['intranet.example.test', 'dns_error', ['10.1.2.3 private']],
    ],
  );
});

test('a blocked_url message never shows a resolved address', async () => {
  const fetcher = fetcherWith({});
  denials.length = 0;
  const err = await failure(fetcher, `http://mixed.example.test:${forbidden.v4.port}/`);
  assert.equal(err.code, 'blocked_url');
  assert.doesNotMatch(err.message, /127\.0\.0\.[12]|loopback/);
  assert.deepEqual(denials[0]!.addresses, [
    { address: '127.0.0.2', allowed: true, reason: 'allowed by 127.0.0.2/32' },
    { address: '127.0.0.1', allowed: false, reason: 'loopback' },
  ]);
});

/** A port nothing listens on, on the fixture address: every connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('a connect_error message names the host as written, never what it resolved to', async () => {
  const fetcher = fetcherWith({ allowPrivateNetworks: true });
  const port = await closedPort();
  for (const [url, shown] of [
    [`http://fixture.example.test:${port}/`, `fixture.example.test:${port}`],
    [`http://fixture-pair.example.test:${port}/`, `fixture-pair.example.test:${port}`],
    [`${site.origin}/redirect/302?to=${encodeURIComponent(`http://fixture.example.test:${port}/`)}`, null],
  ] as const) {
    const err = await failure(fetcher, url);
    assert.equal(err.code, 'connect_error', `${url}: ${err.message}`);
    assert.doesNotMatch(err.message, /127\.0\.0\.[23]/, url);
    if (shown) assert.ok(err.message.includes(shown), `${url}: ${err.message}`);
  }
  // An IP literal is what the caller wrote: it stays in the message.
  const literal = await failure(fetcher, `http://127.0.0.2:${port}/`);
  assert.match(literal.message, /Connecting to 127\.0\.0\.2:\d+ failed \(ECONNREFUSED\)/);
});

test('a tls_error message tells the reason, not the error dump of OpenSSL', async () => {
  const fetcher = fetcherWith({});
  // The hostile site speaks plain HTTP: a TLS client reads its answer as a record of the wrong version.
  const err = await failure(fetcher, `https://fixture.example.test:${site.port}/html`);
  assert.equal(err.code, 'tls_error', err.message);
  assert.match(err.message, /^The TLS handshake with fixture\.example\.test failed: wrong version number$/);
  assert.doesNotMatch(err.message, /:error:|openssl|\.c:\d|127\.0\.0\.2/i);
});
