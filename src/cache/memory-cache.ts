// The default cache: in this process, least recently used first out, bounded by the bytes it
// holds, not by a count of entries. An entry keeps the body's bytes and charset but not its
// decoded text, which is decoded again when a hit's text is read: the text cost one to two more bytes a byte for
// as long as the entry lived (a 5 MiB page held 15 MiB), the decode on a hit costs far less
// than the fetch it saves, and it is the fetcher's own decoder, so the text is the same.
import { LRUCache } from 'lru-cache';
import { fetchedBody } from '../fetch/fetched-body.js';
import { MAX_AGE_LIMIT_S, type FetchCache, type StoredFetch } from './cache.js';

/** Per-entry overhead beyond the body: headers, hops, URLs. */
const ENTRY_OVERHEAD_BYTES = 2048;

/** What the cache holds for an entry: its size in memory. */
export function entrySizeBytes(entry: StoredFetch): number {
  const body = entry.result.body;
  return ENTRY_OVERHEAD_BYTES + (body ? body.bytes.length : 0);
}

/** The entry with a body that decodes its text when read, none decoded yet (a fresh lazy body). */
function lazyText(entry: StoredFetch): StoredFetch {
  const body = entry.result.body;
  if (!body || body.charset === null) return entry;
  return { ...entry, result: { ...entry.result, body: fetchedBody(body.bytes, body.kind, body.charset) } };
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
      const stored = lru.get(key);
      return stored ? lazyText(stored) : undefined;
    },
    async set(key, entry) {
      lru.set(key, lazyText(entry));
    },
    async close() {
      lru.clear();
    },
  };
}
