// The chunk handler registered under 'get_url_metadata': every item of the chunk runs at
// once (the fetcher's per-host limit and the worker pool bound the real parallelism), and
// the results come back in item order. Each item is reported as soon as it is done, so a chunk
// stopped part-way keeps the answers it had.
import type { ChunkHandler } from '../../batch/types.js';
import type { ToolItem } from '../types.js';
import { fetchMetadataItem, type MetadataDeps, type MetadataItemOptions } from './fetch-item.js';

export const METADATA_HANDLER = 'get_url_metadata';

export function createMetadataChunkHandler(deps: MetadataDeps): ChunkHandler<string, MetadataItemOptions, ToolItem> {
  return (job, signal, report) =>
    Promise.all(
      job.items.map(async (url, i) => {
        const item = await fetchMetadataItem(url, job.options, deps, signal);
        report?.(i, item);
        return item;
      }),
    );
}
