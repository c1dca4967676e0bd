// A body whose length the headers declare (Content-Length, no content encoding) is read into one
// buffer of that length; the bytes kept, the byte cap and the answers to lying lengths are the
// same as for any other body.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import { knownLength } from '../../../src/fetch/read-body.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { raw, type RawServer } from '../../support/hostile-site.js';

const KiB = 1024;
const CAP = 64 * KiB;
/** Text bytes that differ from place to place, so a chunk copied to the wrong offset shows. */
const text = (n: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join(''));

let site: LoopbackServer;
let fetcher: Fetcher;
const raws: RawServer[] = [];

before(async () => {
  site = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = text(Number(url.searchParams.get('n')));
    if (url.pathname === '/gzip') {
      const gz = zlib.gzipSync(body);
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': gz.length });
      return void res.end(gz);
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length });
    // In small pieces, each flushed before the next: many chunks for one buffer.
    let at = 0;
    const next = () => {
      if (at >= body.length) return void res.end();
      const piece = body.subarray(at, at + 1000);
      at += piece.length;
      res.write(piece, () => setImmediate(next));
    };
    next();
  });
  fetcher = createFetcher(testConfig({ maxRetries: 0, maxBodyBytes: CAP }));
});
after(async () => {
  await fetcher.close();
  await Promise.all([site.close(), ...raws.map((r) => r.close())]);
});

async function rawReply(bytes: string): Promise<RawServer> {
  const s = await raw.reply(bytes);
  raws.push(s);
  return s;
}

describe('a body of declared length', () => {
  it('sent in many pieces arrives whole, byte for byte', async () => {
    const r = await fetcher.fetchPage(`${site.origin}/plain?n=${50 * KiB + 3}`, { timeoutMs: 10_000 });
    assert.ok(r.body!.bytes.equals(text(50 * KiB + 3)));
    assert.equal(r.truncated, false);
  });

  it('longer than the cap is cut at exactly the cap', async () => {
    const r = await fetcher.fetchPage(`${site.origin}/plain?n=${100 * KiB}`, { timeoutMs: 10_000 });
    assert.equal(r.body!.bytes.length, CAP);
    assert.ok(r.body!.bytes.equals(text(100 * KiB).subarray(0, CAP)));
    assert.equal(r.truncated, true);
  });

  it('of exactly the cap is whole and not truncated', async () => {
    const r = await fetcher.fetchPage(`${site.origin}/plain?n=${CAP}`, { timeoutMs: 10_000 });
    assert.ok(r.body!.bytes.equals(text(CAP)));
    assert.equal(r.truncated, false);
  });

  it('with a content encoding is counted and kept decoded', async () => {
    const r = await fetcher.fetchPage(`${site.origin}/gzip?n=${40 * KiB}`, { timeoutMs: 10_000 });
    assert.ok(r.body!.bytes.equals(text(40 * KiB)));
    assert.equal(r.truncated, false);
  });

  it('that lies, declaring more than is sent before the close, is upstream_error', async () => {
    const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 40000\r\n\r\n';
    const s = await rawReply(`${head}<p>short</p>`);
    const err = await fetcher.fetchPage(`${s.origin}/`, { timeoutMs: 3000 }).then(
      (r) => assert.fail(`answered ${r.status}`),
      (e: unknown) => e,
    );
    assert.ok(err instanceof FetchFailure, String(err));
    assert.equal(err.code, 'upstream_error');
  });

  it('that lies, declaring less than is sent, is cut at the declared length', async () => {
    const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 2000\r\n\r\n';
    const s = await rawReply(`${head}${'x'.repeat(2000)}${'y'.repeat(3000)}`);
    const r = await fetcher.fetchPage(`${s.origin}/`, { timeoutMs: 3000 });
    assert.equal(r.body!.text, 'x'.repeat(2000));
    assert.equal(r.truncated, false);
  });
});

describe('knownLength', () => {
  it('is the declared length (at most the cap) only for a plain decimal and no content encoding', () => {
    assert.equal(knownLength('1234', [], 10_000), 1234);
    assert.equal(knownLength('0', [], 10_000), 0);
    assert.equal(knownLength('99999', [], 10_000), 10_000);
    for (const bad of [undefined, '', '12abc', '-1', '1e3', ' 5', '0x10', '1234567890123456'])
      assert.equal(knownLength(bad, [], 10_000), null, String(bad));
    assert.equal(knownLength('1234', ['gzip'], 10_000), null);
  });
});
