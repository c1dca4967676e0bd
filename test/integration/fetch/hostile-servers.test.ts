// Servers that are slow, endless, compressed bombs or broken: every fetch still ends, within
// its deadline and its byte cap, with a result or an item error code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { testConfig } from '../../support/loopback-server.js';
import { raw, startHostileSite, startRawServer, type HostileSite, type RawServer } from '../../support/hostile-site.js';

const CAP = 1024 * 1024;
let site: HostileSite;
let fetcher: Fetcher;
/** Short per-attempt header timeout, for the servers that never send headers. */
let impatient: Fetcher;
const raws: RawServer[] = [];

before(async () => {
  site = await startHostileSite();
  fetcher = createFetcher(testConfig({ maxRetries: 1, maxBodyBytes: CAP, maxPdfBytes: CAP }));
  impatient = createFetcher(testConfig({ maxRetries: 1, maxBodyBytes: CAP, headersTimeoutMs: 300 }));
});
after(async () => {
  await Promise.all([fetcher.close(), impatient.close()]);
  await Promise.all([site.close(), ...raws.map((r) => r.close())]);
});

async function rawServer(p: Promise<RawServer>): Promise<RawServer> {
  const s = await p;
  raws.push(s);
  return s;
}

async function failure(url: string, timeoutMs = 1500, f: Fetcher = fetcher): Promise<FetchFailure> {
  const err = await f.fetchPage(url, { timeoutMs }).then(
    (r) => assert.fail(`${url} answered ${r.status}`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof FetchFailure, String(err));
  return err;
}

test('a server that never answers: timeout, after one retry of the attempt', async () => {
  const s = await rawServer(raw.silent());
  const err = await failure(`${s.origin}/`, 3000, impatient);
  assert.equal(err.code, 'timeout');
  assert.equal(err.partial.retries, 1);
  assert.equal(s.connections(), 2);
});

test('headers trickled one byte at a time: timeout', async () => {
  const s = await rawServer(raw.headerTrickle());
  const err = await failure(`${s.origin}/`, 1500, impatient);
  assert.equal(err.code, 'timeout');
});

test('endless 1xx interim responses never count as an answer: timeout', async () => {
  const s = await rawServer(
    startRawServer((sock) => {
      const t = setInterval(() => sock.write('HTTP/1.1 102 Processing\r\n\r\n'), 50);
      sock.on('close', () => clearInterval(t));
    }),
  );
  const err = await failure(`${s.origin}/`, 1500, impatient);
  assert.equal(err.code, 'timeout');
});

test('a body trickled one byte at a time ends at the total deadline', async () => {
  const err = await failure(`${site.origin}/trickle-body`, 700);
  assert.equal(err.code, 'timeout');
});

test('an endless body is cut at the cap: truncated, exactly cap bytes', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/endless`, { timeoutMs: 5000 });
  assert.equal(r.truncated, true);
  assert.equal(r.body!.bytes.length, CAP);
  assert.equal(r.body!.text!.length, CAP);
});

test('the per-call cap overrides the configured one', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/endless`, { timeoutMs: 5000, maxBodyBytes: 10_000 });
  assert.equal(r.truncated, true);
  assert.equal(r.body!.bytes.length, 10_000);
});

test('gzip, brotli and zstd bombs (64 MiB decoded) stop at the decoded-byte cap', async () => {
  for (const path of ['/gzip-bomb', '/br-bomb', '/zstd-bomb']) {
    const r = await fetcher.fetchPage(`${site.origin}${path}`, { timeoutMs: 5000 });
    assert.equal(r.status, 200, path);
    assert.equal(r.truncated, true, path);
    assert.equal(r.body!.bytes.length, CAP, path);
    assert.equal(r.body!.text![0], ' ', `${path} was decompressed`);
  }
});

test('gzip, deflate (zlib and raw), brotli and stacked encodings are decoded', async () => {
  const page = Buffer.from('<p>compressed ünïcode</p>');
  const variants: Array<[string, Buffer]> = [
    ['gzip', zlib.gzipSync(page)],
    ['deflate', zlib.deflateSync(page)],
    ['deflate', zlib.deflateRawSync(page)],
    ['br', zlib.brotliCompressSync(page)],
    ['deflate, gzip', zlib.gzipSync(zlib.deflateSync(page))],
  ];
  for (const [enc, body] of variants) {
    const s = await rawServer(
      raw.reply(
        Buffer.concat([
          Buffer.from(
            `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Encoding: ` +
              `${enc}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          ),
          body,
        ]),
      ),
    );
    const r = await fetcher.fetchPage(`${s.origin}/`, { timeoutMs: 2000 });
    assert.equal(r.body!.text, '<p>compressed ünïcode</p>', enc);
  }
});

test('more than 5 content encodings is upstream_error', async () => {
  let body = Buffer.from('<p>x</p>');
  for (let i = 0; i < 6; i++) body = zlib.gzipSync(body);
  const s = await rawServer(
    raw.reply(
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip,gzip,gzip,gzip,gzip,` +
            `gzip\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        ),
        body,
      ]),
    ),
  );
  const err = await failure(`${s.origin}/`);
  assert.equal(err.code, 'upstream_error');
  assert.match(err.message, /content encodings/);
});

test('a lying Content-Length (body ends early) is upstream_error', async () => {
  const err = await failure(`${site.origin}/lying-length`);
  assert.equal(err.code, 'upstream_error');
});

test('a body longer than its Content-Length is cut at the declared length', async () => {
  const s = await rawServer(
    raw.reply(
      'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 9\r\n\r\n<p>ok</p>' +
        'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nforged',
    ),
  );
  const r = await fetcher.fetchPage(`${s.origin}/`, { timeoutMs: 2000 });
  assert.equal(r.body!.text, '<p>ok</p>');
  assert.equal(r.truncated, false);
});

test('a reset in the middle of the body is retried, then upstream_error with what was received', async () => {
  const before = site.hits('/reset-mid-body');
  const err = await failure(`${site.origin}/reset-mid-body`, 3000);
  // The server answered, then broke off: not a failure to connect (issue 16).
  assert.equal(err.code, 'upstream_error');
  assert.match(err.message, /headers and \d+ bytes of the body, then reset the connection/);
  assert.equal(err.partial.statusCode, 200);
  assert.equal(err.partial.contentType, 'text/html');
  assert.equal(err.partial.retries, 1);
  assert.equal(site.hits('/reset-mid-body') - before, 2);
});

test('invalid status lines and garbage are upstream_error', async () => {
  for (const reply of [
    'HTTP/1.1 abc OK\r\n\r\n',
    'HTTP/1.1 99999 Big\r\n\r\n',
    'SSH-2.0-OpenSSH_9.6\r\n',
    'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello',
    'HTTP/1.1 200 OK\r\nBad Header Line\r\n\r\n',
  ]) {
    const s = await rawServer(raw.reply(reply));
    const err = await failure(`${s.origin}/`);
    assert.equal(err.code, 'upstream_error', JSON.stringify(reply));
  }
});

test('a 101 or 100 nobody asked for is upstream_error in our words, not retried', async () => {
  const replies = {
    upgrade: 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    bare101: 'HTTP/1.1 101 Switching Protocols\r\n\r\nhello',
    continue: 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi',
    endless: 'HTTP/1.1 100 Continue\r\n\r\n'.repeat(10_000),
  };
  for (const [name, reply] of Object.entries(replies)) {
    const s = await rawServer(startRawServer((sock) => sock.once('data', () => sock.end(reply))));
    const err = await failure(`${s.origin}/`);
    assert.equal(err.code, 'upstream_error', name);
    assert.match(err.message, /^The target answered/, name);
    assert.doesNotMatch(err.message, /bad upgrade|bad response|assert|unexpectedly/i, name);
    // The same request would get the same answer: one connection, no second attempt.
    assert.equal(err.partial.retries, 0, name);
    assert.equal(s.connections(), 1, name);
  }
});

test('a server that closes without answering is connect_error after a retry', async () => {
  const s = await rawServer(startRawServer((sock) => sock.once('data', () => sock.destroy())));
  const err = await failure(`${s.origin}/`);
  assert.equal(err.code, 'connect_error');
  assert.equal(err.partial.retries, 1);
});

test('an oversized response header is response_too_large', async () => {
  const err = await failure(`${site.origin}/big-header`);
  assert.equal(err.code, 'response_too_large');
});

test('a binary body declared larger than the cap is not downloaded', async () => {
  const r = await fetcher.fetchPage(`${site.origin}/binary-big`, { timeoutMs: 3000 });
  assert.equal(r.status, 200);
  assert.equal(r.contentType, 'application/pdf');
  // PDFs have their own cap (maxPdfBytes, set to CAP here) and body kind.
  assert.equal(r.body!.kind, 'pdf');
  assert.equal(r.body!.bytes.length, 0);
  assert.equal(r.truncated, true);
});

test('connection refused is connect_error; an unresolvable name is dns_error', async () => {
  const s = await startRawServer(() => {});
  const port = s.port;
  await s.close();
  const refused = await failure(`http://127.0.0.2:${port}/`);
  assert.equal(refused.code, 'connect_error');
  const dns = await failure('http://no-such-host.invalid/');
  assert.equal(dns.code, 'dns_error');
  assert.equal(dns.retryable, true);
});

test('TLS to a server that does not speak TLS is tls_error', async () => {
  const s = await rawServer(raw.reply('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
  const err = await failure(`https://127.0.0.2:${s.port}/`);
  assert.equal(err.code, 'tls_error');
});

test('the event loop keeps serving other fetches while hostile ones run', async () => {
  const slow = [
    fetcher.fetchPage(`${site.origin}/trickle-body`, { timeoutMs: 1500 }).catch(() => null),
    fetcher.fetchPage(`${site.origin}/endless`, { timeoutMs: 3000 }),
    fetcher.fetchPage(`${site.origin}/gzip-bomb`, { timeoutMs: 3000 }),
  ];
  const quick = await fetcher.fetchPage(`${site.origin}/html`, { timeoutMs: 1000 });
  assert.equal(quick.status, 200);
  await Promise.all(slow);
});
