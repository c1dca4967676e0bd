// The one error fetchPage rejects with: an ItemFailure that also carries what was learned.
import { ItemFailure, type ItemErrorCode } from '../errors/codes.js';
import type { EgressDenial, FetchPartial } from './types.js';

export class FetchFailure extends ItemFailure {
  readonly partial: FetchPartial;
  constructor(
    code: ItemErrorCode,
    message: string,
    partial: FetchPartial,
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(code, message, options);
    this.name = 'FetchFailure';
    this.partial = partial;
  }
}

/** A connection-level failure that another attempt could fix (a reset, a handshake timeout). */
export class TransientFailure extends ItemFailure {
  readonly transient = true;
}

/** A refusal by the egress policy; `detail` is for the log, never for the caller. */
export class EgressDenied extends ItemFailure {
  readonly detail: EgressDenial;
  constructor(message: string, detail: EgressDenial) {
    super(detail.answered, message);
    this.detail = detail;
  }
}

/**
 * A failure told to the caller in words of ours because its cause's own (a decoder's, a
 * library's) are no use to them; the operator's log gets the cause (FetchObserver.onCauseWithheld).
 */
export class WithheldCause extends ItemFailure {}
