// The one error a dispatcher rejects with: the chunk failed as a unit (its worker died, its
// handler threw, or its deadline passed). The tool turns it into worker_chunk_failed items.

export type ChunkFailureReason =
  'worker_died' | 'handler_threw' | 'deadline' | 'aborted' | 'bad_result' | 'no_handler' | 'queue_unavailable';

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
