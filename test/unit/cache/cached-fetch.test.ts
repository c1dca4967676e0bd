// The storing rules and the key of the fetch cache, how an entry is packed and counted, and
// the Redis wire format of an entry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { cacheKey, carriesCredentials, forbidsStoring, isStorable } from '../../../src/cache/cached-fetch.js';
import { fromWire, ownedEntry, packEntry, toWire, unpackEntry } from '../../../src/cache/entry-codec.js';
import { LARGEST_ENTRY_SHARE, createMemoryCache, entrySizeBytes } from '../../../src/cache/memory-cache.js';
import { decodeBody } from '../../../src/fetch/decode.js';
import type { FetchResult } from '../../../src/fetch/types.js';
import { htmlFetchResult } from '../../support/fetch-results.js';

function result(overrides: Partial<FetchResult> = {}, text = '<p>hi</p>'): FetchResult {
  const body = { bytes: Buffer.from(text), text, charset: 'utf-8', kind: 'html' } as const;
  return htmlFetchResult('https://example.com/a', body, overrides);
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
    assert.notEqual(k, cacheKey('https://example.com/a', { ...GET, followMetaRefresh: true }));
    assert.equal(cacheKey('not a url', GET), null);
    assert.equal(cacheKey('ftp://example.com/', GET), null);
  });

  it('round-trips an entry through the Redis wire format, body bytes included', () => {
    const entry = { fetchedAt: '2026-01-01T00:00:00.000Z', result: result({}, 'caf\u00e9 \u{1F600}') };
    const back = unpackEntry(fromWire(toWire(packEntry(entry))));
    assert.deepEqual(back, entry);
    assert.ok(Buffer.isBuffer(back.result.body!.bytes));
    const bodiless = { fetchedAt: entry.fetchedAt, result: result({ body: null }) };
    assert.deepEqual(unpackEntry(fromWire(toWire(packEntry(bodiless)))), bodiless);
    assert.throws(() => fromWire(Buffer.from('{"fetchedAt":"2026-01-01"}')));
  });

  it('the memory cache is bounded by bytes, least recently used out first', async () => {
    const entry = (n: number) => ({ fetchedAt: new Date().toISOString(), result: result({}, 'x'.repeat(n)) });
    // Room for eight entries, and one entry is just within its share (an eighth).
    const size = entrySizeBytes('k0', packEntry(entry(10_000)));
    const cache = createMemoryCache(8 * size + 10);
    for (let i = 0; i < 8; i++) await cache.set(`k${i}`, entry(10_000));
    await cache.get('k0'); // k0 is now the most recent
    await cache.set('kl', entry(10_000));
    assert.ok(await cache.get('k0'));
    assert.ok(await cache.get('kl'));
    assert.equal(await cache.get('k1'), undefined);
  });

  it('collects the garbage of what it pushed out once it has pushed out its own size', async () => {
    const entry = (n: number) => ({ fetchedAt: new Date().toISOString(), result: result({}, 'x'.repeat(n)) });
    const size = entrySizeBytes('k0', packEntry(entry(10_000)));
    const cache = createMemoryCache(8 * size + 10);
    const majors: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(1);
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      for (let i = 0; i < 8; i++) await cache.set(`k${i}`, entry(10_000));
      await new Promise((r) => setTimeout(r, 50));
      const before = majors.length;
      // Eight more push the first eight out: the cache's size, evicted.
      for (let i = 8; i < 17; i++) await cache.set(`k${i}`, entry(10_000));
      for (let i = 0; i < 100 && majors.length === before; i++) await new Promise((r) => setTimeout(r, 10));
      assert.ok(majors.length > before, 'a full collection followed the evictions');
    } finally {
      observer.disconnect();
      await cache.close();
    }
  });

  // Issue 31 row 4: ten redirects with 15 KB Location headers, 14 KB of headers, a 2-byte body.
  const long = (i: number) => `https://example.com/hop/${i}?pad=${'p'.repeat(15_000)}`;
  const fatChain = () => {
    const headers: Record<string, string> = { 'content-type': 'text/plain' };
    for (let i = 0; i < 14; i++) headers[`x-fill-${i}`] = 'h'.repeat(1000);
    return result({
      url: long(0),
      finalUrl: long(10),
      headers,
      hops: Array.from({ length: 10 }, (_, i) => ({ url: long(i), statusCode: 301 + (i % 2), location: long(i + 1) })),
      body: { bytes: Buffer.from('ok'), text: 'ok', charset: 'utf-8', kind: 'text' },
    });
  };

  it('counts every byte an entry holds: URLs, headers and redirect hops, not only the body', async () => {
    const fat = fatChain();
    let carried = fat.url.length + fat.finalUrl.length;
    for (const [k, v] of Object.entries(fat.headers)) carried += k.length + v.length;
    for (const h of fat.hops) carried += h.url.length;
    const size = entrySizeBytes('k'.repeat(64), packEntry({ fetchedAt: new Date().toISOString(), result: fat }));
    assert.ok(size > carried, `${size} bytes counted for an entry that carries ${carried}`);

    // A 4 MiB cache keeps at most 4 MiB / 180 KB of them, whatever their bodies weigh.
    const cache = createMemoryCache(4 * 1024 * 1024);
    for (let i = 0; i < 40; i++) await cache.set(`k${i}`, { fetchedAt: new Date().toISOString(), result: fat });
    let kept = 0;
    for (let i = 0; i < 40; i++) if (await cache.get(`k${i}`)) kept++;
    assert.ok(kept >= 1 && kept <= Math.floor((4 * 1024 * 1024) / carried), `${kept} entries kept`);
  });

  it("keeps each redirect hop's URL and status once, not the Location that repeats the next URL", () => {
    const fat = fatChain();
    const packed = packEntry({ fetchedAt: new Date().toISOString(), result: fat });
    // Eleven long URLs (hops 0-9 and the final one) and the headers; the Locations were ten more.
    assert.ok(packed.meta.length < 12 * 15_100 + 15_000, `${packed.meta.length} bytes of meta`);
    const back = unpackEntry(packed).result;
    assert.deepEqual(back.hops, fat.hops);
    assert.deepEqual({ ...back, body: null }, { ...fat, body: null });
  });

  it('reads back long URLs and header values exactly, whatever characters they hold, in memory and over the Redis wire', () => {
    const odd = `"quoted" back\\slash \u0000 nul, new\nline, caf\u00e9 \u{1F600} `;
    const headers: Record<string, string> = {
      'content-type': 'text/html',
      // Short values that look like what stands in for a long string in the JSON stay text.
      'x-marker': '{"\u0000":0}',
      'x-near': 'n'.repeat(1023),
      'x-at': 'a'.repeat(1024),
      'x-long': `c=${odd.repeat(200)}`,
    };
    const fat = result({
      url: `https://example.com/start?q=${odd.repeat(100)}`,
      finalUrl: long(10),
      headers,
      hops: Array.from({ length: 3 }, (_, i) => ({ url: long(i), statusCode: 302, location: long(i + 1) })),
    });
    fat.hops[2]!.location = fat.finalUrl;
    const entry = { fetchedAt: '2026-01-01T00:00:00.000Z', result: fat };
    assert.deepEqual(unpackEntry(packEntry(entry)), entry);
    assert.deepEqual(unpackEntry(fromWire(toWire(packEntry(entry)))), entry);
    // An entry of short strings only is plain JSON, as every entry was before.
    const plain = packEntry({ fetchedAt: entry.fetchedAt, result: result({}) }).meta;
    assert.equal((JSON.parse(plain.toString('utf8')) as { fetchedAt: string }).fetchedAt, entry.fetchedAt);
    // A meta cut short is not an entry (the Redis cache reads it as a miss).
    const packed = packEntry(entry);
    assert.throws(() => unpackEntry({ meta: packed.meta.subarray(0, packed.meta.length - 10), body: packed.body }));
  });

  it('reads an entry stored with whole hops (Redis entries from before)', () => {
    const fat = fatChain();
    const { body, ...rest } = fat;
    const meta = { fetchedAt: 'x', result: { ...rest, body: { kind: body!.kind, charset: body!.charset } } };
    const back = unpackEntry({ meta: Buffer.from(JSON.stringify(meta)), body: body!.bytes }).result;
    assert.deepEqual(back.hops, fat.hops);
  });

  it('does not store an entry larger than its share of the cache', async () => {
    const cache = createMemoryCache(1024 * 1024);
    const share = 1024 * 1024 * LARGEST_ENTRY_SHARE;
    const at = (n: number) => ({ fetchedAt: new Date().toISOString(), result: result({}, 'x'.repeat(n)) });
    await cache.set('under', at(share - 4096));
    await cache.set('over', at(share + 1));
    assert.ok(await cache.get('under'));
    assert.equal(await cache.get('over'), undefined);
  });

  it('an entry owns its memory: a small body cut from a shared buffer does not keep the whole buffer', () => {
    const slab = Buffer.alloc(64 * 1024, 0x61);
    const body = slab.subarray(100, 102);
    const packed = ownedEntry({
      fetchedAt: new Date().toISOString(),
      result: result({ body: { bytes: body, text: 'aa', charset: 'utf-8', kind: 'text' } }),
    });
    assert.equal(packed.body!.buffer.byteLength, 2);
    assert.equal(packed.meta.buffer.byteLength, packed.meta.length);
    assert.ok(entrySizeBytes('k', packed) < 4096);
  });

  it('the memory cache keeps and counts a body once (its bytes); a hit has the text the fetch had', async () => {
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
        entrySizeBytes('k', packEntry(entry)),
        entrySizeBytes(
          'k',
          packEntry({ ...entry, result: { ...entry.result, body: { ...entry.result.body!, text: null } } }),
        ),
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
