// The memory cache's collection paced by what it pushes out (memory-cache.ts, idle-gc.ts): once
// as many bytes as the cache holds have been pushed out, V8 collects, but only if the thread still
// holds at least half of them beyond the cache's own entries. Under a steady load V8's own
// collections have freed them already, and a forced full collection would only stop the thread.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredFetch } from '../../../src/cache/cache.js';
import { createMemoryCache } from '../../../src/cache/memory-cache.js';
import { engineGc } from '../../../src/util/engine-gc.js';
import { htmlFetchResult } from '../../support/fetch-results.js';
import { watchForcedCollections } from '../../support/forced-collections.js';

const MiB = 1024 * 1024;
const CACHE_BYTES = 16 * MiB;
const PAGE_BYTES = MiB;

const forced = watchForcedCollections();
after(() => forced.stop());

function page(n: number): StoredFetch {
  const body = { bytes: Buffer.alloc(PAGE_BYTES, 97), text: null, charset: 'utf-8', kind: 'html' } as const;
  return { fetchedAt: new Date(0).toISOString(), result: htmlFetchResult(`https://example.com/${n}`, body) };
}

/**
 * Fills the cache, then pushes out one page short of a cache's worth; `between` runs there; then
 * one page more, which reaches the threshold. The forced collections that follow, as V8 reports them
 * (on a later turn of the loop): awaited up to `waitMs`.
 * `keep`: the test holds every page it stored, so the thread holds what the cache pushed out,
 * whatever V8 collected of its own accord meanwhile.
 */
async function pushOutACache(between: () => void, keep: boolean, waitMs: number): Promise<number> {
  const cache = createMemoryCache(CACHE_BYTES);
  const held: StoredFetch[] = [];
  const store = (n: number) => {
    const stored = page(n);
    if (keep) held.push(stored);
    return cache.set(`k${n}`, stored);
  };
  const perCache = Math.floor(CACHE_BYTES / (PAGE_BYTES + 2048));
  let n = 0;
  for (; n < perCache; n++) await store(n);
  for (let i = 0; i < perCache; i++) await store(n++);
  between();
  await sleep(50);
  const before = forced.count;
  for (let i = 0; i < 2; i++) await store(n++);
  const until = Date.now() + waitMs;
  while (forced.count === before && Date.now() < until) await sleep(10);
  await cache.close();
  assert.equal(held.length, keep ? n : 0);
  return forced.count - before;
}

describe("the memory cache's collection paced by what it pushes out", () => {
  it('does not collect when what it pushed out has been collected already', async () => {
    assert.ok(engineGc(), 'the engine collection is available');
    // V8's own collection (forced here) freed the pages pushed out so far.
    assert.equal(await pushOutACache(() => engineGc()?.(), false, 200), 0);
  });

  it('collects when the thread still holds what it pushed out', async () => {
    assert.equal(await pushOutACache(() => undefined, true, 10_000), 1);
  });
});
