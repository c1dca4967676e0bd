// The one way admission says no. Front ends map it onto `503 overloaded` with Retry-After.

/** Why a call was shed: the queue was full on arrival, or the call could not start within its queueing budget. */
export type ShedReason = 'queue_full' | 'queue_timeout' | 'event_loop' | 'draining';

export class Overloaded extends Error {
  constructor(
    readonly reason: ShedReason,
    /** Seconds the caller is told to wait before asking again. */
    readonly retryAfterS: number,
    message: string,
  ) {
    super(message);
    this.name = 'Overloaded';
  }
}
