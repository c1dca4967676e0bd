// What a fetch cache shared between callers does, whichever store holds it (memory or Redis): one
// caller storing page after page nobody else asks for pushes out its own least recently used
// entries once its entries hold three quarters of the cache, not the entries other callers
// stored; an entry another caller reads becomes that caller's; the rest stays least recently used
// out first, for everyone.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { inCallScope, type Claimant } from '../../src/admission/call-scope.js';
import type { FetchCache, StoredFetch } from '../../src/cache/cache.js';
import { CALLER_SHARE } from '../../src/cache/caller-shares.js';
import { htmlFetchResult } from './fetch-results.js';

/** Page `n`: 10 KB of HTML, every page's URL of the same length. */
export function sharePage(n: number): StoredFetch {
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

/**
 * The scenarios, as tests of the current suite. `cacheFor(n)` makes an empty cache with room for
 * n pages of sharePage's size under keys of three characters; each test closes its cache.
 */
export function callerShareScenarios(cacheFor: (entries: number) => Promise<FetchCache>): void {
  const withCache = async (entries: number, fn: (cache: FetchCache) => Promise<void>) => {
    const cache = await cacheFor(entries);
    try {
      await fn(cache);
    } finally {
      await cache.close();
    }
  };

  it("one caller's stream of pages pushes out its own entries, not another caller's", () =>
    withCache(16, async (cache) => {
      await as('honest', () => cache.set('h01', sharePage(1)));
      await as('honest', () => cache.set('h02', sharePage(2)));
      for (let i = 10; i < 60; i++) await as('flood', () => cache.set(`k${i}`, sharePage(i)));
      assert.ok(await as('honest', () => cache.get('h01')), "the other caller's first entry is still there");
      assert.ok(await as('honest', () => cache.get('h02')), 'and its second');
      let kept = 0;
      for (let i = 10; i < 60; i++) if (await as('flood', () => cache.get(`k${i}`))) kept++;
      assert.equal(kept, Math.floor(16 * CALLER_SHARE), "the flooding caller's entries fill its share");
      assert.ok(await as('flood', () => cache.get('k59')), 'its latest entry is kept');
      assert.equal(await as('flood', () => cache.get('k10')), undefined, 'its oldest went first');
    }));

  it("an entry another caller reads is that caller's: the first caller's next pages do not push it out", () =>
    withCache(16, async (cache) => {
      for (let i = 10; i < 22; i++) await as('flood', () => cache.set(`k${i}`, sharePage(i)));
      assert.ok(await as('honest', () => cache.get('k10')), 'read by the other caller');
      for (let i = 22; i < 50; i++) await as('flood', () => cache.set(`k${i}`, sharePage(i)));
      assert.ok(await as('honest', () => cache.get('k10')), "it stayed: it was the other caller's");
      assert.equal(await as('flood', () => cache.get('k11')), undefined);
    }));

  it('the rest of the cache is still least recently used out first, for everyone', () =>
    withCache(8, async (cache) => {
      for (let i = 10; i < 18; i++) await as(`caller${i}`, () => cache.set(`k${i}`, sharePage(i)));
      await as('caller10', () => cache.get('k10'));
      await as('caller18', () => cache.set('k18', sharePage(18)));
      assert.ok(await as('caller10', () => cache.get('k10')));
      assert.equal(await as('caller11', () => cache.get('k11')), undefined, 'the least recently used entry went');
    }));
}
