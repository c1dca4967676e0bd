// The default cache: in this process, least recently used first out, bounded by the bytes it
// holds (bodies and their decoded text), not by a count of entries.
import { LRUCache } from 'lru-cache';
import { MAX_AGE_LIMIT_S, type FetchCache, type StoredFetch } from './cache.js';

/** Per-entry overhead beyond the body: headers, hops, URLs. */
const ENTRY_OVERHEAD_BYTES = 2048;

/**
 * The bytes, plus room for the decoded text (UTF-16, at most two bytes per byte of a text body):
 * the text is decoded on first read, which may come after the entry is sized.
 */
export function entrySizeBytes(entry: StoredFetch): number {
  const body = entry.result.body;
  return ENTRY_OVERHEAD_BYTES + (body ? body.bytes.length * (body.charset === null ? 1 : 3) : 0);
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
