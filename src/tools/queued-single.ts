// Single-URL tools (the cleaners, the status checker) on the scale-out queue: one job per URL,
// through the same runBatch as metadata chunks, so a job that fails as a unit gives the one
// item the same worker_chunk_failed answer a failed metadata chunk gives its items.
import { runBatch } from '../batch/run-batch.js';
import type { ItemError } from '../errors/codes.js';
import { chunkFailureError } from './chunk-failure-error.js';
import type { ToolContext, ToolItem } from './types.js';

export async function runSingleOnQueue<Item extends { timeout: number }, Options>(
  ctx: ToolContext,
  handler: string,
  item: Item,
  options: Options,
  onFailed: (error: ItemError) => ToolItem,
): Promise<ToolItem[]> {
  return runBatch<Item, Options, ToolItem>(ctx.services.dispatcher, {
    handler,
    items: [item],
    options,
    chunkSize: 1,
    concurrency: 1,
    // One URL: the job may use the whole call's budget; the call's own deadline still bounds it.
    chunkTimeoutMs: ctx.config.requestTimeoutMs,
    // Its own timeout bounds its wait for a worker: not taken by then, it is answered a timeout.
    itemTimeoutMs: Math.round(item.timeout * 1000),
    signal: ctx.signal,
    onChunkFailed: (_item, failure) => onFailed(chunkFailureError(ctx, handler, failure)),
  });
}
