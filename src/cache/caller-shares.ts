// Whose entries the memory cache holds, and how much of it each caller may take (issue 31: every
// budget shared fairly between callers). One LRU for everyone let one caller's stream of distinct
// pages (batches of URLs nobody else asks for) push out every entry the other callers had stored,
// so their next calls with `max_age` fetched again. So the entries a caller stored, or
// last read, are its own, in the order it last used them, and a caller's own may hold at most
// CALLER_SHARE of the cache: one that stores past it pushes out its own least recently used
// entries first, not the other callers'. The rest of the cache stays least recently used out
// first, for everyone. Work outside any call (the CLI, the tools used directly) is the one local
// caller, alone by definition: it may use the whole cache.
import { LOCAL_CALLER } from '../admission/callers.js';

/**
 * The most of the cache one caller's entries may hold. As the worker reserve and the result
 * budget do, it keeps room for others even while one caller is alone: the entries it keeps are
 * for callers to come back to, who are not active while they are away.
 */
export const CALLER_SHARE = 3 / 4;

/** The bytes of a cache of `cacheBytes` that `caller`'s entries may hold; null: no limit (the local caller). */
export function callerShareBytes(caller: string, cacheBytes: number): number | null {
  return caller === LOCAL_CALLER ? null : Math.floor(cacheBytes * CALLER_SHARE);
}

/** One stored entry as its owner's account holds it. */
export interface Owned {
  owner: string;
  bytes: number;
}

/** Entries by caller, each caller's in the order it last stored or read them (oldest first). */
export class CallerShares<E extends Owned> {
  private readonly accounts = new Map<string, { bytes: number; entries: Map<string, E> }>();

  constructor(private readonly cacheBytes: number) {}

  /**
   * The keys of `caller`'s own least recently used entries that must go before it stores
   * `bytes` more (none for the local caller, or while its share has room), oldest first.
   */
  overShare(caller: string, bytes: number): string[] {
    const account = this.accounts.get(caller);
    const share = callerShareBytes(caller, this.cacheBytes);
    if (share === null || !account) return [];
    const out: string[] = [];
    let left = account.bytes + bytes - share;
    for (const [key, entry] of account.entries) {
      if (left <= 0) break;
      out.push(key);
      left -= entry.bytes;
    }
    return out;
  }

  /** `entry` was stored under `key` by its owner, or read by a caller that now owns it. */
  used(key: string, entry: E, by: string): void {
    this.drop(key, entry);
    entry.owner = by;
    let account = this.accounts.get(by);
    if (!account) this.accounts.set(by, (account = { bytes: 0, entries: new Map() }));
    account.entries.set(key, entry);
    account.bytes += entry.bytes;
  }

  /** `entry` left the cache (pushed out, replaced, expired or deleted). */
  drop(key: string, entry: E): void {
    const account = this.accounts.get(entry.owner);
    if (account?.entries.get(key) !== entry) return;
    account.entries.delete(key);
    account.bytes -= entry.bytes;
    // An account with nothing in it goes: callers come and go (a caller is a client address).
    if (account.entries.size === 0) this.accounts.delete(entry.owner);
  }
}
