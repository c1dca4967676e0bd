// The memory cache shared between callers: one caller storing page after page nobody else asks
// for pushes out its own least recently used entries once its entries hold three quarters of the
// cache, not the entries other callers stored; an entry another caller reads becomes that
// caller's; work outside any call may use the whole cache (cached-fetch.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StoredFetch } from '../../../src/cache/cache.js';
import { packEntry } from '../../../src/cache/entry-codec.js';
import { CALLER_SHARE } from '../../../src/cache/caller-shares.js';
import { createMemoryCache, entrySizeBytes } from '../../../src/cache/memory-cache.js';
import { inCallScope, type Claimant } from '../../../src/admission/call-scope.js';
import { htmlFetchResult } from '../../support/fetch-results.js';

function page(n: number): StoredFetch {
  const text = `<p>${'x'.repeat(10_000)}</p>`;
  const body = { bytes: Buffer.from(text), text, charset: 'utf-8', kind: 'html' } as const;
  return {
    fetchedAt: new Date().toISOString(),
    result: htmlFetchResult(`https://example.com/${String(n).padStart(3, '0')}`, body),
  };
}

const claimant = (caller: string): Claimant => ({ caller, othersActive: () => true, activeCallers: () => 2 });
const as = <T>(caller: string, fn: () => Promise<T>): Promise<T> =>
  inCallScope({ claimant: claimant(caller), memory: null }, fn);

/** A cache with room for `entries` pages (each page's URL and key of the same length). */
function cacheFor(entries: number) {
  return createMemoryCache(entries * entrySizeBytes('k00', packEntry(page(0))) + 10);
}

describe('the memory cache between callers', () => {
  it("one caller's stream of pages pushes out its own entries, not another caller's", async () => {
    const cache = cacheFor(16);
    await as('honest', () => cache.set('h1', page(1)));
    await as('honest', () => cache.set('h2', page(2)));
    for (let i = 10; i < 60; i++) await as('flood', () => cache.set(`k${i}`, page(i)));
    assert.ok(await as('honest', () => cache.get('h1')), "the other caller's first entry is still there");
    assert.ok(await as('honest', () => cache.get('h2')), 'and its second');
    let kept = 0;
    for (let i = 10; i < 60; i++) if (await as('flood', () => cache.get(`k${i}`))) kept++;
    assert.equal(kept, Math.floor(16 * CALLER_SHARE), "the flooding caller's entries fill its share");
    assert.ok(await as('flood', () => cache.get('k59')), 'its latest entry is kept');
    assert.equal(await as('flood', () => cache.get('k10')), undefined, 'its oldest went first');
  });

  it("an entry another caller reads is that caller's: the first caller's next pages do not push it out", async () => {
    const cache = cacheFor(16);
    for (let i = 0; i < 12; i++) await as('flood', () => cache.set(`k${i}`, page(i)));
    assert.ok(await as('honest', () => cache.get('k0')), 'read by the other caller');
    for (let i = 12; i < 40; i++) await as('flood', () => cache.set(`k${i}`, page(i)));
    assert.ok(await as('honest', () => cache.get('k0')), "it stayed: it was the other caller's");
    assert.equal(await as('flood', () => cache.get('k1')), undefined);
  });

  it('the rest of the cache is still least recently used out first, for everyone', async () => {
    const cache = cacheFor(8);
    for (let i = 0; i < 8; i++) await as(`caller${i}`, () => cache.set(`k${i}`, page(i)));
    await as('caller0', () => cache.get('k0'));
    await as('caller8', () => cache.set('k8', page(8)));
    assert.ok(await as('caller0', () => cache.get('k0')));
    assert.equal(await as('caller1', () => cache.get('k1')), undefined, 'the least recently used entry went');
  });
});
