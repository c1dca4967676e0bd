// The storing rules and the key of the fetch cache, and the Redis wire format of an entry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cacheKey, carriesCredentials, forbidsStoring, isStorable } from '../../../src/cache/cached-fetch.js';
import { createMemoryCache, entrySizeBytes } from '../../../src/cache/memory-cache.js';
import { decodeEntry, encodeEntry } from '../../../src/cache/redis-cache.js';
import { decodeBody } from '../../../src/fetch/decode.js';
import type { FetchResult } from '../../../src/fetch/types.js';

function result(overrides: Partial<FetchResult> = {}, text = '<p>hi</p>'): FetchResult {
  return {
    url: 'https://example.com/a',
    finalUrl: 'https://example.com/a',
    method: 'GET',
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': 'text/html' },
    contentType: 'text/html',
    body: { bytes: Buffer.from(text), text, charset: 'utf-8', kind: 'html' },
    hops: [],
    retries: 0,
    viaProxy: false,
    truncated: false,
    javascriptRendered: false,
    timings: { dnsMs: 1, connectMs: 2, tlsMs: null, firstByteMs: 3, totalMs: 4 },
    ...overrides,
  };
}

const GET = { method: 'GET', timeoutMs: 1000, body: 'full' } as const;

describe('fetch cache rules', () => {
  it('stores only complete 2xx GET responses without private/no-store and without credentials', () => {
    assert.equal(isStorable('https://example.com/a', GET, result()), true);
    assert.equal(isStorable('https://example.com/a', GET, result({ status: 404 })), false);
    assert.equal(isStorable('https://example.com/a', GET, result({ status: 301 })), false);
    assert.equal(isStorable('https://example.com/a', GET, result({ truncated: true })), false);
    assert.equal(
      isStorable('https://example.com/a', GET, result({ headers: { 'cache-control': 'max-age=60, Private' } })),
      false,
    );
    assert.equal(isStorable('https://example.com/a', GET, result({ headers: { 'cache-control': 'no-store' } })), false);
    assert.equal(
      isStorable('https://example.com/a', GET, result({ headers: { 'cache-control': 'private="set-cookie"' } })),
      false,
    );
    assert.equal(
      isStorable('https://example.com/a', GET, result({ headers: { 'cache-control': 'public, max-age=600' } })),
      true,
    );
    assert.equal(isStorable('https://u:p@example.com/a', GET, result()), false);
    assert.equal(isStorable('https://example.com/a', { ...GET, method: 'HEAD' }, result()), false);
    assert.equal(isStorable('https://example.com/a', { ...GET, body: 'none' }, result({ body: null })), false);
    assert.equal(forbidsStoring({ 'cache-control': 'no-cache' }), false);
    assert.equal(carriesCredentials('https://user@example.com/'), true);
  });

  it('keys by the normalised URL and the options that change the response', () => {
    const k = cacheKey('https://EXAMPLE.com/a#section', GET);
    assert.equal(k, cacheKey('https://example.com/a', GET));
    assert.notEqual(k, cacheKey('https://example.com/a?x=1', GET));
    assert.notEqual(k, cacheKey('https://example.com/a', { ...GET, followRedirects: false }));
    assert.notEqual(k, cacheKey('https://example.com/a', { ...GET, maxBodyBytes: 1024 }));
    assert.equal(cacheKey('not a url', GET), null);
    assert.equal(cacheKey('ftp://example.com/', GET), null);
  });

  it('round-trips an entry through the Redis wire format, body bytes included', () => {
    const entry = { fetchedAt: '2026-01-01T00:00:00.000Z', result: result({}, 'caf\u00e9 \u{1F600}') };
    const back = decodeEntry(encodeEntry(entry));
    assert.deepEqual(back, entry);
    assert.ok(Buffer.isBuffer(back.result.body!.bytes));
  });

  it('the memory cache is bounded by bytes, least recently used out first', async () => {
    const entry = (n: number) => ({ fetchedAt: new Date().toISOString(), result: result({}, 'x'.repeat(n)) });
    const size = entrySizeBytes(entry(10_000));
    const cache = createMemoryCache(size * 3);
    for (const k of ['a', 'b', 'c']) await cache.set(k, entry(10_000));
    await cache.get('a'); // a is now the most recent
    await cache.set('d', entry(10_000));
    assert.ok(await cache.get('a'));
    assert.equal(await cache.get('b'), undefined);
    // Larger than the whole cache: not stored at all.
    await cache.set('huge', entry(100_000));
    assert.equal(await cache.get('huge'), undefined);
  });

  it('the memory cache counts and keeps a body once (its bytes), and a hit has the same text the fetch had', async () => {
    const pages: Array<[Buffer, string]> = [
      [Buffer.from('<p>Grüße “quoted” 日本語</p>'), 'text/html; charset=utf-8'],
      [
        Buffer.from([0x3c, 0x70, 0x3e, 0x93, 0x68, 0x69, 0x94, 0x20, 0xe9, 0x3c, 0x2f, 0x70, 0x3e]),
        'text/html; charset=windows-1252',
      ],
    ];
    const cache = createMemoryCache(1024 * 1024);
    for (const [i, [bytes, type]] of pages.entries()) {
      const d = decodeBody(bytes, type);
      const entry = {
        fetchedAt: new Date().toISOString(),
        result: result({ contentType: type, body: { bytes, text: d.text, charset: d.charset, kind: d.kind } }),
      };
      assert.equal(
        entrySizeBytes(entry),
        entrySizeBytes({ ...entry, result: { ...entry.result, body: { ...entry.result.body!, text: null } } }),
        'the text is not counted: it is not kept',
      );
      await cache.set(`k${i}`, entry);
      const hit = await cache.get(`k${i}`);
      assert.equal(hit?.result.body?.text, d.text);
      assert.equal(hit?.result.body?.charset, d.charset);
    }
    const pdf = {
      fetchedAt: new Date().toISOString(),
      result: result({ body: { bytes: Buffer.from('%PDF-1.4'), text: null, charset: null, kind: 'pdf' } }),
    };
    await cache.set('pdf', pdf);
    assert.equal((await cache.get('pdf'))?.result.body?.text, null);
  });
});
