// The chunk handler registered under 'get_url_metadata'. Each item starts as soon as the
// caller's items of its host leave it room (batch/item-gate.ts; an item the cache answers needs
// no room and starts at once), so a backlog of one host waits
// as plain data, not as fetches each arming its own deadline; the wait counts against the
// item's own timeout. The results come back in item order, and each item is reported as soon as
// it is done, so a chunk stopped part-way keeps the answers it had.
import { currentClaimant } from '../../admission/call-scope.js';
import type { ItemGate } from '../../batch/item-gate.js';
import { inJobItem } from '../../workers/item-parsing.js';
import type { ChunkHandler } from '../../batch/types.js';
import { itemError } from '../../errors/codes.js';
import { stoppedItemError } from '../stopped.js';
import type { ToolItem } from '../types.js';
import type { CachedFetchResult } from '../../cache/cached-fetch.js';
import {
  failed,
  fetchMetadataItem,
  pageFetchOptions,
  type MetadataDeps,
  type MetadataItemOptions,
} from './fetch-item.js';

export const METADATA_HANDLER = 'get_url_metadata';

const NOT_STARTED = itemError(
  'timeout',
  "The timeout passed before this URL could start: the caller's earlier URLs of the same host were still running.",
);

export function createMetadataChunkHandler(
  deps: MetadataDeps,
  gate: ItemGate,
): ChunkHandler<string, MetadataItemOptions, ToolItem> {
  return (job, signal, report) => {
    // The timeout runs from the chunk's start wherever it waited (a queue, a worker), not from here.
    const startBy = job.startBy ?? Date.now() + job.options.timeoutMs;
    const maxAgeS = job.options.maxAgeS ?? 0;
    // Answers stored in the cache: those URLs need no connection, so they take no place in line.
    const stored = new Map<number, CachedFetchResult>();
    const lineOf = async (url: string, i: number) => {
      const hit =
        maxAgeS > 0 ? await deps.cachingFetcher?.lookup?.(url, pageFetchOptions(job.options), maxAgeS) : undefined;
      if (!hit) return hostOf(url);
      stored.set(i, hit);
      return undefined;
    };
    return gate.run({
      caller: currentClaimant().caller,
      items: job.items,
      lineOf,
      startBy,
      signal,
      // What is left of the item's timeout when it starts.
      run: (url, i) => {
        const hit = stored.get(i);
        const itemDeps = hit ? { ...deps, cachingFetcher: { fetchPage: () => Promise.resolve(hit) } } : deps;
        return inJobItem(i, () =>
          fetchMetadataItem(url, { ...job.options, timeoutMs: startBy - Date.now() }, itemDeps, signal),
        );
      },
      notStarted: (url, _i, aborted) => failed(url, null, aborted ? stoppedItemError(signal.reason) : NOT_STARTED),
      ...(report ? { onResult: report } : {}),
    });
  };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
