// The pure pieces of the fetcher's limits: body cap, encodings, per-host slots, URL rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ItemFailure } from '../../../src/errors/codes.js';
import { HostLimiter } from '../../../src/fetch/host-limiter.js';
import { GZIPPED_FILE, parseContentEncoding, readBody } from '../../../src/fetch/read-body.js';
import { gzipBomb } from '../../support/hostile-site.js';
import { BAD_PORTS, MAX_URL_CHARS, parseRequestedUrl, resolveRedirect } from '../../../src/fetch/url-policy.js';

const chunks = (...parts: Buffer[]) => Readable.from(parts);

test('readBody: a body of exactly the cap is not truncated; one byte more is', async () => {
  const r1 = await readBody(chunks(Buffer.alloc(600), Buffer.alloc(400)), [], 1000);
  assert.equal(r1.kept.whole().length, 1000);
  assert.equal(r1.truncated, false);
  const r2 = await readBody(chunks(Buffer.alloc(600), Buffer.alloc(401)), [], 1000);
  assert.equal(r2.kept.whole().length, 1000);
  assert.equal(r2.truncated, true);
});

test('readBody: the cap counts decoded bytes, and a truncated gzip stream yields what it has', async () => {
  const text = Buffer.from('abcdefghij'.repeat(10_000));
  const gz = zlib.gzipSync(text);
  const r = await readBody(chunks(gz), ['gzip'], 5000);
  assert.equal(r.truncated, true);
  assert.equal(r.kept.whole().toString(), text.subarray(0, 5000).toString());
  const cut = await readBody(chunks(gz.subarray(0, Math.floor(gz.length / 2))), ['gzip'], 1_000_000);
  assert.ok(cut.kept.whole().length > 0 && text.toString().startsWith(cut.kept.whole().toString()));
});

test('readBody: a bomb whose wire bytes all arrived stops decoding when the deadline passes', async () => {
  // 64 MiB of spaces in 64 gzip members (about 64 KB): the whole body is on hand at once, and
  // the decoder would go on producing its 64 MiB long after the fetch's deadline.
  const bomb = gzipBomb(64);
  const deadline = new AbortController();
  function* wire(): Generator<Buffer> {
    yield bomb;
    deadline.abort(new ItemFailure('timeout', 'The target did not finish within the timeout.'));
  }
  await assert.rejects(
    readBody(Readable.from(wire()), ['gzip'], 128 * 1024 * 1024, undefined, undefined, deadline.signal),
    (e: unknown) => e instanceof ItemFailure && e.code === 'timeout',
  );
});

test('readBody: unknown or too many encodings are upstream_error', async () => {
  await assert.rejects(
    readBody(chunks(Buffer.from('x')), ['compress'], 100),
    (e: unknown) => e instanceof ItemFailure && e.code === 'upstream_error',
  );
  await assert.rejects(
    readBody(chunks(Buffer.from('x')), Array<string>(6).fill('gzip'), 100),
    (e: unknown) => e instanceof ItemFailure && e.code === 'upstream_error',
  );
  // A gzipped file's own layer (sitemap.xml.gz) is not one of the server's encodings: five of those go on.
  let layered = Buffer.from('<urlset/>');
  for (let i = 0; i < 6; i++) layered = zlib.gzipSync(layered);
  const read = await readBody(chunks(layered), [GZIPPED_FILE, ...Array<string>(5).fill('gzip')], 1000);
  assert.equal(read.kept.whole().toString(), '<urlset/>');
  assert.deepEqual(parseContentEncoding('GZIP, identity ,br'), ['gzip', 'br']);
  assert.deepEqual(parseContentEncoding(undefined), []);
});

test('HostLimiter: at most N per host, others queue, an aborted waiter leaves the queue', async () => {
  const lim = new HostLimiter(2);
  const never = new AbortController().signal;
  const a = await lim.acquire('Example.com', never);
  const b = await lim.acquire('example.com', never);
  assert.equal(lim.activeFor('example.com'), 2);
  const other = await lim.acquire('other.org', never);
  let cGot = false;
  const c = lim.acquire('example.com', never).then((r) => ((cGot = true), r));
  const ctl = new AbortController();
  const d = lim.acquire('example.com', ctl.signal);
  await new Promise((r) => setImmediate(r));
  assert.equal(cGot, false);
  ctl.abort();
  await assert.rejects(d, (e: unknown) => e instanceof ItemFailure && e.code === 'timeout');
  a();
  a(); // releasing twice must not free two slots
  const rc = await c;
  assert.equal(lim.activeFor('example.com'), 2);
  b();
  rc();
  other();
  assert.equal(lim.activeFor('example.com'), 0);
});

test('URL rules: http(s) only, WHATWG normalisation, bad ports, redirect targets', () => {
  assert.equal(parseRequestedUrl('HTTP://Example.COM:80/a/../b').href, 'http://example.com/b');
  assert.equal(parseRequestedUrl('http://0x7f.1/').hostname, '127.0.0.1');
  for (const bad of ['ftp://x/', 'file:///etc/passwd', 'example.com', '']) {
    assert.throws(
      () => parseRequestedUrl(bad),
      (e: unknown) => e instanceof ItemFailure && e.code === 'invalid_url',
      bad,
    );
  }
  for (const port of [25, 22, 6667, 10080]) {
    assert.ok(BAD_PORTS.has(port));
    assert.throws(
      () => parseRequestedUrl(`http://example.com:${port}/`),
      (e: unknown) => e instanceof ItemFailure && e.code === 'blocked_url',
    );
  }
  assert.equal(parseRequestedUrl('http://example.com:8080/').port, '8080');
  const base = new URL('http://a.example/x/y');
  assert.equal(resolveRedirect('../z?q=1', base).href, 'http://a.example/z?q=1');
  assert.throws(
    () => resolveRedirect('gopher://a.example/', base),
    (e: unknown) => e instanceof ItemFailure && e.code === 'blocked_url',
  );
  assert.throws(
    () => resolveRedirect('http://[bad', base),
    (e: unknown) => e instanceof ItemFailure && e.code === 'upstream_error',
  );
});

test('URL rules: a URL longer than 8,192 characters is not fetched, as written, encoded or redirected to', () => {
  const origin = 'http://a.example';
  const url = (chars: number) => `${origin}/?q=${'p'.repeat(chars - origin.length - 4)}`;
  const fails = (code: string, chars: RegExp) => (e: unknown) =>
    e instanceof ItemFailure && e.code === code && chars.test(e.message);
  assert.equal(MAX_URL_CHARS, 8192);
  assert.equal(parseRequestedUrl(url(8192)).href.length, 8192);
  assert.throws(() => parseRequestedUrl(url(8193)), fails('invalid_url', /longer than 8,192 characters \(8,193\)/));
  // 2,000 characters as written, 12,000 as sent.
  assert.throws(
    () => parseRequestedUrl(`${origin}/${'é'.repeat(2000)}`),
    fails('invalid_url', /12,0\d\d\) once percent-encoded/),
  );
  const base = new URL(`${origin}/x`);
  assert.equal(resolveRedirect(url(8192), base).href.length, 8192);
  assert.throws(() => resolveRedirect(url(8193), base), fails('upstream_error', /Location is longer/));
  // A relative Location within the bound that resolves past it.
  assert.throws(
    () => resolveRedirect('r'.repeat(300), new URL(`${origin}/${'d'.repeat(8000)}/`)),
    fails('upstream_error', /leads to a URL longer than 8,192/),
  );
});
