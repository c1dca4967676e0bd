// The default cache: in this process, least recently used first out, bounded by the bytes it
// holds, not by a count of entries. An entry is packed (entry-codec.ts): its metadata (URLs,
// headers, redirect hops) as one buffer of UTF-8 JSON and the body's bytes as another, so its
// size is counted exactly, whatever its shape, plus a measured fixed overhead. The body's text
// is not kept: it is decoded again when a hit's text is read (the text cost one to two more
// bytes a byte for as long as the entry lived, a 5 MiB page held 15 MiB), the decode on a hit
// costs far less than the fetch it saves, and it is the fetcher's own decoder, so the text is
// the same. One caller's entries hold at most three quarters of it (caller-shares.ts).
import { LRUCache } from 'lru-cache';
import { currentClaimant } from '../admission/call-scope.js';
import { IdleCollector } from '../admission/idle-gc.js';
import { MAX_AGE_LIMIT_S, type FetchCache, type StoredFetch } from './cache.js';
import { bodyLength } from '../fetch/fetched-body.js';
import { CallerShares, type Owned } from './caller-shares.js';
import { ownedEntry, packMeta, packedBytes, unpackEntry, type PackedEntry } from './entry-codec.js';

/** An entry as the LRU holds it: packed, with the caller whose share it is in (caller-shares.ts). */
interface Held extends Owned {
  packed: PackedEntry;
}

/**
 * What an entry costs beyond its two buffers and its key: the LRU's slot, the held and packed
 * objects, two Buffer objects and their ArrayBuffers' records, its place in its caller's account.
 * Measured with bench/cache-memory.ts (heap and array buffers after a collection, over 10,000
 * entries of a 2-byte page): about 0.8 KiB; counted with room to spare.
 */
export const MEMORY_ENTRY_OVERHEAD_BYTES = 1024;

/**
 * The largest share of the cache one entry may take: a larger response is not stored, so one
 * call cannot evict most of what everyone else's calls stored (32 MiB holds pages up to 4 MiB).
 */
export const LARGEST_ENTRY_SHARE = 1 / 8;

/** What an entry holds in memory, key included. */
export function entrySizeBytes(key: string, packed: PackedEntry): number {
  return MEMORY_ENTRY_OVERHEAD_BYTES + key.length + packedBytes(packed);
}

export function createMemoryCache(maxBytes: number): FetchCache {
  // An entry pushed out is garbage that V8 frees at its next full collection, and V8 starts one
  // for Buffers only after tens of MiB of them: under a stream of distinct large entries
  // (hostile row 4: 315 KB of redirect hops each) the cache's evictions held 50-60 MiB more than
  // the cache itself. So one full collection each time as many bytes as the whole cache holds
  // have been pushed out (with 100 KB pages, once every few hundred stored fetches), if at least
  // half of that is still held beyond the cache's own entries: under a steady load V8's own
  // collections have freed it already, and a forced one (not incremental) only stops the thread
  // (bench:load's content steps store the same page each call: one every ~300 calls, 40-275 ms).
  const collector = new IdleCollector(() => 0);
  collector.releasedThresholdBytes = maxBytes;
  collector.heldFloorBytes = () => lru.calculatedSize + Math.floor(maxBytes / 2);
  const largest = Math.floor(maxBytes * LARGEST_ENTRY_SHARE);
  const shares = new CallerShares<Held>(maxBytes);
  const lru = new LRUCache<string, Held>({
    maxSize: maxBytes,
    maxEntrySize: largest,
    sizeCalculation: (held) => held.bytes,
    ttl: MAX_AGE_LIMIT_S * 1000,
    ttlAutopurge: false,
    dispose: (held, key) => {
      shares.drop(key, held);
      collector.released(held.bytes);
    },
  });
  return {
    get(key) {
      const held = lru.get(key);
      if (!held) return Promise.resolve(undefined);
      shares.used(key, held, currentClaimant().caller);
      return Promise.resolve(unpackEntry(held.packed));
    },
    set(key: string, entry: StoredFetch) {
      // The cache keeps a copy of the body, not the fetched bytes, which stay their caller's to
      // move to a worker thread (workers/page-bytes.ts). An entry over its share is refused (as
      // the LRU refuses one over its size: whatever the key held is dropped) before any copy: a 5
      // MiB page would cost 20-39 ms of fresh memory for nothing.
      const body = entry.result.body;
      const meta = packMeta(entry);
      if (MEMORY_ENTRY_OVERHEAD_BYTES + key.length + meta.length + (body ? bodyLength(body) : 0) > largest) {
        lru.delete(key);
        return Promise.resolve();
      }
      const packed = ownedEntry(entry, meta);
      const caller = currentClaimant().caller;
      const held: Held = { packed, owner: caller, bytes: entrySizeBytes(key, packed) };
      // Past its share, the caller's own least recently used entries make the room.
      for (const own of shares.overShare(caller, held.bytes)) lru.delete(own);
      lru.set(key, held);
      if (lru.peek(key) === held) shares.used(key, held, caller);
      return Promise.resolve();
    },
    close() {
      lru.clear();
      return Promise.resolve();
    },
  };
}
