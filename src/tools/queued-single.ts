// Single-URL tools (the cleaners, the status checker) on the scale-out queue: one job per URL,
// through the same runBatch as metadata chunks, so a job that fails as a unit gives the one
// item the same worker_chunk_failed answer a failed metadata chunk gives its items.
import { runBatch } from '../batch/run-batch.js';
import { ITEM_TIMEOUT_MESSAGE, chunkFailureMessage, type ChunkFailed } from '../batch/chunk-failed.js';
import { itemError, type ItemError } from '../errors/codes.js';
import { stoppedItemError } from './stopped.js';
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
    onChunkFailed: (_item, failure) => onFailed(failureError(ctx, handler, failure)),
  });
}

/**
 * The call was stopped (deadline, disconnect, shutdown): a timeout, as for every tool; else the job
 * failed as a unit.
 */
export function failureError(ctx: ToolContext, handler: string, failure: ChunkFailed): ItemError {
  if (failure.reason === 'aborted') return stoppedItemError(failure.cause);
  if (failure.reason === 'item_timeout') return itemError('timeout', ITEM_TIMEOUT_MESSAGE);
  ctx.logger.warn({ handler, reason: failure.reason, err: failure.message }, 'queued job failed');
  return itemError('worker_chunk_failed', chunkFailureMessage(failure));
}
