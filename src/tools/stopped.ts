// What an item says when its call was stopped before the item finished: the call's deadline
// passed (URLKIT_REQUEST_TIMEOUT_MS), the service shut down, or the caller went away. Items
// that had finished keep their answers; only the unfinished ones get this error, and its
// message says which of those happened.
import { ChunkFailed } from '../batch/chunk-failed.js';
import { itemError, type ItemError } from '../errors/codes.js';
import { failedWith, type ToolItem } from './types.js';

/** The reason a call's signal carries when its whole-call deadline passes. */
export class RequestDeadline extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super(`The request took longer than ${ms} ms and was stopped.`);
    this.name = 'RequestDeadline';
    this.ms = ms;
  }
}

/**
 * The item error for a URL whose work was stopped from outside (`reason` is the stopped
 * signal's reason). A batch chunk past its own time budget is that chunk failing as a unit
 * (worker_chunk_failed); every other stop is a timeout of this URL.
 */
export function stoppedItemError(reason: unknown): ItemError {
  if (reason instanceof ChunkFailed) {
    if (reason.reason === 'aborted' && reason.cause !== undefined) return stoppedItemError(reason.cause);
    if (reason.reason === 'deadline')
      return itemError(
        'worker_chunk_failed',
        'This URL was not finished because its batch chunk passed its time budget; retry it.',
      );
  }
  if (reason instanceof RequestDeadline)
    return itemError(
      'timeout',
      `The call reached its deadline (${reason.ms} ms, URLKIT_REQUEST_TIMEOUT_MS) before this URL finished; retry it.`,
    );
  const why = reason instanceof Error && reason.message ? reason.message : 'the call was stopped';
  return itemError('timeout', `The call was stopped before this URL finished (${why}); retry it.`);
}

/** The answer for an item whose call was stopped (`signal` aborted): no data, what is known of its fetch kept. */
export function stoppedItem(meta: ToolItem['meta'], signal: AbortSignal): ToolItem {
  return failedWith(meta, stoppedItemError(signal.reason));
}
