// A body whose content encoding its decoder cannot read: the caller gets words of ours and the
// error code, never zlib's or brotli's ("invalid distance too far back", "Decompression
// failed"); the operator's log gets the library's error.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { createServices, type Services } from '../../../src/app/services.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import { testConfig } from '../../support/loopback-server.js';
import { raw, startRawServer, type RawServer } from '../../support/hostile-site.js';
import { recordingLogger } from '../../support/recording-logger.js';

const CAP = 1024 * 1024;
const raws: RawServer[] = [];
const opened: Services[] = [];
after(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await Promise.all(raws.map((r) => r.close()));
});

const PAGE = Buffer.from(`<html><body><p>${'a page worth compressing '.repeat(400)}</p></body></html>`);

/** The compressed bytes with a run in the middle flipped. */
function corrupted(bytes: Buffer, from: number): Buffer {
  const out = Buffer.from(bytes);
  for (let i = from; i < Math.min(out.length - 8, from + 40); i++) out[i]! ^= 0x5a;
  return out;
}

async function serve(encoding: string, body: Buffer): Promise<string> {
  const head =
    `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: ${encoding}\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  const s = await raw.reply(Buffer.concat([Buffer.from(head), body]));
  raws.push(s);
  return `${s.origin}/page`;
}

function services(): { services: Services; log: () => string } {
  const { logger, report } = recordingLogger('warn');
  const s = createServices(testConfig({ maxRetries: 0, maxBodyBytes: CAP }), undefined, { logger });
  opened.push(s);
  return { services: s, log: report };
}

async function failure(s: Services, url: string): Promise<FetchFailure> {
  const err = await s.fetcher.fetchPage(url, { timeoutMs: 5000 }).then(
    (r) => assert.fail(`${url} answered ${r.status}`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof FetchFailure, String(err));
  return err;
}

const LIBRARY_WORDS = /distance|header check|data check|stored block|Decompression failed|fetch failed|Z_|ERR_/;

test('a corrupt gzip, deflate or brotli body: upstream_error in our words, the cause in the log', async () => {
  const cases: Array<[string, Buffer, RegExp]> = [
    ['gzip', corrupted(zlib.gzipSync(PAGE), 20), /Z_DATA_ERROR/],
    ['deflate', corrupted(zlib.deflateSync(PAGE), 10), /Z_DATA_ERROR/],
    ['br', corrupted(zlib.brotliCompressSync(PAGE), 5), /ERR__ERROR_FORMAT/],
    // Stacked: gzip over deflate; the deflate layer (inside) is the broken one.
    ['deflate, gzip', zlib.gzipSync(corrupted(zlib.deflateSync(PAGE), 10)), /Z_DATA_ERROR/],
  ];
  for (const [encoding, body, libraryCode] of cases) {
    const { services: s, log } = services();
    const url = await serve(encoding, body);
    const err = await failure(s, url);
    assert.equal(err.code, 'upstream_error', encoding);
    const layer = encoding.split(',')[0]!.trim();
    assert.equal(err.message, `The body's ${layer} data is corrupt: it could not be decompressed.`, encoding);
    assert.doesNotMatch(err.message, LIBRARY_WORDS, encoding);
    assert.equal(err.partial.statusCode, 200, encoding);
    const logged = log();
    assert.match(logged, /fetch failed; the caller was told less/, encoding);
    assert.match(logged, libraryCode, `${encoding}: the log keeps the decoder's own error\n${logged}`);
    assert.ok(logged.includes(url), `${encoding}: the log names the URL\n${logged}`);
  }
});

test('a gzip body that decompresses past the cap, corrupt after it: the capped body, no error', async () => {
  const { services: s, log } = services();
  // 2 MiB of text compressed whole, then its second half's bytes broken: the first MiB decodes.
  const gz = zlib.gzipSync(Buffer.alloc(2 * CAP, 0x20), { level: 1 });
  const broken = Buffer.concat([gz.subarray(0, gz.length - 16), Buffer.alloc(64, 0xff)]);
  const r = await s.fetcher.fetchPage(await serve('gzip', broken), { timeoutMs: 5000 });
  assert.equal(r.status, 200);
  assert.equal(r.truncated, true);
  assert.equal(r.body!.bytes.length, CAP);
  assert.equal(log(), '(nothing logged)');
});

test('a gzip body cut by a reset keeps the reset words: only what the decoder throws is reworded', async () => {
  const { services: s } = services();
  // Words that do not repeat, so the compressed body is long enough to be cut in the middle.
  const words = Array.from({ length: 200_000 }, (_, i) => `w${(i * 7919) % 100_003}`).join(' ');
  const gz = zlib.gzipSync(Buffer.from(words));
  const head =
    `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n` + `Content-Length: ${gz.length}\r\n\r\n`;
  const server = await startRawServer((sock) => {
    sock.once('data', () => {
      sock.write(head);
      sock.write(gz.subarray(0, 20_000), () => setTimeout(() => sock.resetAndDestroy(), 50));
    });
  });
  raws.push(server);
  const err = await failure(s, `${server.origin}/`);
  assert.equal(err.code, 'upstream_error');
  assert.equal(
    err.message,
    'The target sent the response headers and 20000 bytes of the body, then reset the connection (ECONNRESET).',
  );
});
