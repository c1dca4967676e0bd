// The one error a dispatcher rejects with: the chunk failed as a unit (its worker died, its
// handler threw, or its deadline passed). The tool turns it into worker_chunk_failed items,
// whose message says why in words a caller can act on (chunkFailureMessage); the internal
// detail (Redis addresses, BullMQ's text, stacks) stays in the error's own message, for the log.

export type ChunkFailureReason =
  | 'worker_died'
  | 'worker_lost'
  | 'handler_threw'
  | 'deadline'
  | 'not_started'
  | 'item_timeout'
  | 'item_unanswered'
  | 'results_held'
  | 'aborted'
  | 'bad_result'
  | 'no_handler'
  | 'queue_unavailable'
  | 'queue_out_of_memory';

export class ChunkFailed extends Error {
  readonly reason: ChunkFailureReason;
  readonly chunkIndex: number;
  constructor(reason: ChunkFailureReason, chunkIndex: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkFailed';
    this.reason = reason;
    this.chunkIndex = chunkIndex;
  }
}

/** A chunk's answer as its dispatcher returns it: one result per item, or the chunk fails as a
 *  unit (bad_result), whichever dispatcher ran it. */
export function chunkResults<Result>(results: unknown, chunkIndex: number, items: number): Result[] {
  if (!Array.isArray(results) || results.length !== items) {
    throw new ChunkFailed(
      'bad_result',
      chunkIndex,
      `Chunk ${chunkIndex} returned ${Array.isArray(results) ? results.length : 'no'} results for ${items} items.`,
    );
  }
  return results as Result[];
}

/** Why the chunk failed, as the caller reads it: fixed words per reason, nothing from the error itself. */
const CAUSES: Record<ChunkFailureReason, string> = {
  worker_died: 'the worker thread running it stopped (it crashed or ran out of memory)',
  worker_lost:
    'the worker process running it was lost: it stopped, or was blocked longer than its job lock ' +
    '(URLKIT_QUEUE_STALL_MS)',
  handler_threw: 'the worker running it hit an internal error (logged)',
  deadline: 'it passed its time budget before its worker finished it',
  not_started: 'no worker took it before its deadline (every worker busy, or none running)',
  item_timeout: 'its timeout passed before a worker was free to start it',
  item_unanswered: 'its timeout passed before the worker running it answered',
  results_held:
    "its timeout passed while its caller's batches (running, or their answers unread) held the result memory",
  aborted: 'the call was stopped',
  bad_result: 'its worker answered with the wrong number of results (an internal error, logged)',
  no_handler: 'the worker that took it cannot run this tool (an API process and a worker of different urlkit versions)',
  queue_unavailable: 'the job queue (Redis) is unreachable, so the job was not queued or its answer was lost',
  queue_out_of_memory: 'the job queue (Redis) is out of memory (its maxmemory) and refused the job',
};

export const CHUNK_FAILURE_REASONS = Object.keys(CAUSES) as readonly ChunkFailureReason[];

/** The worker_chunk_failed message of an item whose chunk failed as a unit. */
export function chunkFailureMessage(failure: ChunkFailed): string {
  return `This URL was not processed because its batch chunk failed: ${CAUSES[failure.reason]}; retry it.`;
}

/** An item whose chunk failed as item_timeout: an honest timeout, not a failure of its chunk. */
export const ITEM_TIMEOUT_MESSAGE =
  'The timeout passed before this URL could start: no worker was free to take it (every worker busy, or none ' +
  'running); its time counts from the call.';

/** An item whose chunk failed as results_held: its caller's own batches held the room its results needed. */
export const RESULTS_HELD_MESSAGE =
  'The timeout passed before this URL could start: the results of your batches still running, or of answers ' +
  'you have not read yet, filled your share of the memory for results (URLKIT_RESULT_MEMORY_BYTES); read your ' +
  'answers, and send fewer batches at once, or smaller ones.';

/** An item whose chunk failed as item_unanswered: its worker took it in time and did not answer by its timeout. */
export const ITEM_UNANSWERED_MESSAGE =
  'The timeout passed before the worker running this URL answered (its worker threads were busy with other ' +
  'pages, or it was blocked); its time counts from the call.';

/** Redis's refusal of a write over its maxmemory (noeviction), as ioredis and BullMQ pass it on. */
export function isRedisOutOfMemory(message: string): boolean {
  return message.includes('OOM command not allowed');
}

/** The reason a worker put at the head of a failed job's message; Redis's own refusal of a write. */
export function failureReasonOf(failedReason: string): ChunkFailureReason {
  const m = /^(\w+):/.exec(failedReason);
  if (m && CHUNK_FAILURE_REASONS.includes(m[1] as ChunkFailureReason)) return m[1] as ChunkFailureReason;
  return isRedisOutOfMemory(failedReason) ? 'queue_out_of_memory' : 'handler_threw';
}
