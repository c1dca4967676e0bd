// The default cache: in this process, least recently used first out, bounded by the bytes it
// holds (bodies and their decoded text), not by a count of entries.
import { LRUCache } from 'lru-cache';
import { MAX_AGE_LIMIT_S, type FetchCache, type StoredFetch } from './cache.js';

/** Per-entry overhead beyond the body: headers, hops, URLs. */
const ENTRY_OVERHEAD_BYTES = 2048;

export function entrySizeBytes(entry: StoredFetch): number {
  const body = entry.result.body;
  return ENTRY_OVERHEAD_BYTES + (body ? body.bytes.length + (body.text?.length ?? 0) * 2 : 0);
}

export function createMemoryCache(maxBytes: number): FetchCache {
  const lru = new LRUCache<string, StoredFetch>({
    maxSize: maxBytes,
    // An entry larger than the whole cache is simply not stored.
    maxEntrySize: maxBytes,
    sizeCalculation: entrySizeBytes,
    ttl: MAX_AGE_LIMIT_S * 1000,
    ttlAutopurge: false,
  });
  return {
    async get(key) {
      return lru.get(key);
    },
    async set(key, entry) {
      lru.set(key, entry);
    },
    async close() {
      lru.clear();
    },
  };
}
