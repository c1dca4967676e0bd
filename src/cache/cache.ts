// The fetch cache: complete responses stored by a key made of the normalised URL and the fetch
// options that change the response. Tools ask for a response no older than max_age; the answer
// (format, profile, max_chars...) is computed from the stored response on every call, so one
// stored fetch serves every output option.
import type { FetchResult } from '../fetch/types.js';

export interface StoredFetch {
  /** ISO 8601 time the response was received. */
  fetchedAt: string;
  result: FetchResult;
}

export interface FetchCache {
  /** The stored response, or undefined (also when the store cannot be reached). */
  get(key: string): Promise<StoredFetch | undefined>;
  set(key: string, entry: StoredFetch): Promise<void>;
  close(): Promise<void>;
}

export type CacheOutcome = 'hit' | 'miss' | 'stale' | 'bypass' | 'stored' | 'error';

export interface CacheObserver {
  onCache(outcome: CacheOutcome): void;
}

/** Longest max_age a request may ask for (7 days); entries never live longer. */
export const MAX_AGE_LIMIT_S = 604_800;
