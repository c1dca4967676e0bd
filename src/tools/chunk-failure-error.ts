// What a URL answers when its chunk (or its single-URL job) ended without its result, the same
// for every tool: a stopped call is a timeout, as for every tool; a chunk whose items' own
// timeout passed before a worker took it, before the worker that took it answered, or while its
// caller's batches held the result memory, is a timeout of those items; anything else is the chunk
// failing as a unit (worker_chunk_failed), which is the operator's business and is logged.
import {
  ITEM_TIMEOUT_MESSAGE,
  ITEM_UNANSWERED_MESSAGE,
  RESULTS_HELD_MESSAGE,
  chunkFailureMessage,
  type ChunkFailed,
} from '../batch/chunk-failed.js';
import { itemError, type ItemError } from '../errors/codes.js';
import { stoppedItemError } from './stopped.js';
import type { ToolContext } from './types.js';

export function chunkFailureError(ctx: ToolContext, handler: string, failure: ChunkFailed): ItemError {
  if (failure.reason === 'aborted') return stoppedItemError(failure.cause);
  if (failure.reason === 'item_timeout') return itemError('timeout', ITEM_TIMEOUT_MESSAGE);
  if (failure.reason === 'item_unanswered') return itemError('timeout', ITEM_UNANSWERED_MESSAGE);
  if (failure.reason === 'results_held') return itemError('timeout', RESULTS_HELD_MESSAGE);
  ctx.logger.warn(
    { handler, chunk: failure.chunkIndex, reason: failure.reason, err: failure.message },
    'queued chunk failed',
  );
  return itemError('worker_chunk_failed', chunkFailureMessage(failure));
}
