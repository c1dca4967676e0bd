// Turns whatever an attempt threw (our connector's ItemFailure, undici errors, zlib errors,
// aborts) into an item error code, plus whether repeating the attempt could help.
import { ItemFailure } from '../errors/codes.js';
import { TransientFailure, WithheldCause } from './fetch-failure.js';
import { BodyDecodeFailed, BodyInterrupted, ZSTD_WINDOW_LOG_MAX } from './read-body.js';

export interface AttemptError {
  failure: ItemFailure;
  /** A reset or an attempt-level timeout: worth another attempt if the deadline allows. */
  transient: boolean;
}

const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);

/** undici's SocketError messages for an interim answer it will not follow, in our words. */
const REFUSED_INTERIM = new Map([
  ['bad upgrade', 'The target answered 101 Switching Protocols to a request that asked for no protocol switch.'],
  ['bad response', 'The target answered 100 Continue to a request that sent no body.'],
]);
/** undici asserts on a 101 without an Upgrade header: the target's bytes, not a bug of ours. */
const ODD_ANSWER = 'The target answered in a way the HTTP client cannot follow (such as a 101 without Upgrade).';

/** `phase` is 'body' once response headers were received. */
export function classifyError(
  err: unknown,
  deadline: AbortSignal,
  phase: 'headers' | 'body' = 'headers',
): AttemptError {
  if (deadline.aborted) {
    return {
      failure: new ItemFailure('timeout', 'The target did not finish within the timeout.', { cause: err }),
      transient: false,
    };
  }
  if (err instanceof BodyInterrupted) {
    const code = (err.cause as { code?: string } | null)?.code ?? '';
    if (RESET.has(code)) {
      // The server answered and then broke off: its fault, not a failure to connect. Another
      // attempt may still get the whole body.
      const failure = new ItemFailure(
        'upstream_error',
        `The target sent the response headers and ${err.receivedBytes} bytes of the body, then reset the ` +
          `connection (${code}).`,
        { cause: err.cause },
      );
      return { failure, transient: true };
    }
    return classifyError(err.cause, deadline, 'body');
  }
  if (err instanceof ItemFailure) return { failure: err, transient: err instanceof TransientFailure };
  const e = err as { code?: string; name?: string; message?: string } | null;
  const code = e?.code ?? '';
  const msg = e?.message ?? String(err);
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return {
      failure: new ItemFailure('timeout', 'The target sent no response headers in time.', { cause: err }),
      transient: true,
    };
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return {
      failure: new ItemFailure('timeout', 'The target stopped sending the body.', { cause: err }),
      transient: true,
    };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return {
      failure: new ItemFailure('connect_error', 'Connecting to the target timed out.', { cause: err }),
      transient: true,
    };
  }
  if (code === 'UND_ERR_HEADERS_OVERFLOW') {
    return {
      failure: new ItemFailure('response_too_large', 'The response headers exceed the size limit.', { cause: err }),
      transient: false,
    };
  }
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    return {
      failure: new ItemFailure('upstream_error', 'The body length does not match Content-Length.', { cause: err }),
      transient: false,
    };
  }
  const interim = code === 'UND_ERR_SOCKET' ? REFUSED_INTERIM.get(msg) : undefined;
  if (interim !== undefined || code === 'ERR_ASSERTION') {
    // The HTTP client refuses these answers (it cannot patch them through): the same request
    // gets the same answer, so no second attempt; the log gets the client's own words.
    return { failure: withheld(interim ?? ODD_ANSWER, err), transient: false };
  }
  if (code === 'UND_ERR_SOCKET' && phase === 'body') {
    // A clean close before the declared length: the server lied or gave up, not a network blip.
    return {
      failure: new ItemFailure('upstream_error', 'The target closed the connection before the body was complete.', {
        cause: err,
      }),
      transient: false,
    };
  }
  if (RESET.has(code)) {
    return {
      failure: new ItemFailure('connect_error', `The connection was closed or reset by the target (${msg}).`, {
        cause: err,
      }),
      transient: true,
    };
  }
  if (e?.name === 'HTTPParserError' || code.startsWith('HPE_')) {
    return {
      failure: new ItemFailure('upstream_error', `The target broke the HTTP protocol: ${msg}`, { cause: err }),
      transient: false,
    };
  }
  if (err instanceof BodyDecodeFailed) {
    // zlib's and brotli's words ("invalid distance too far back", "Decompression failed") say
    // nothing a caller can act on: ours name the encoding; the log gets theirs.
    const message = outOfMemory(err.cause)
      ? `There was not enough memory to decompress the body (${err.encoding}).`
      : (err.cause as { code?: unknown } | null)?.code === 'ZSTD_error_frameParameter_windowTooLarge'
        ? `The body's zstd data needs a window over ${2 ** (ZSTD_WINDOW_LOG_MAX - 20)} MiB to decompress, ` +
          'more than HTTP allows (browsers refuse it too).'
        : `The body's ${err.encoding} data is corrupt: it could not be decompressed.`;
    return { failure: withheld(message, err.cause), transient: false };
  }
  if (outOfMemory(err)) {
    return {
      failure: withheld('There was not enough memory to read the body.', err),
      transient: false,
    };
  }
  if (code === 'UND_ERR_DESTROYED' || code === 'UND_ERR_CLOSED') {
    return {
      failure: new ItemFailure('connect_error', 'The fetcher was closed while this fetch ran.', { cause: err }),
      transient: false,
    };
  }
  if (e?.name === 'AbortError' || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR') {
    return { failure: new ItemFailure('timeout', 'The fetch was aborted.', { cause: err }), transient: false };
  }
  return {
    failure: withheld("The fetch failed unexpectedly; the service's log has the cause.", err),
    transient: false,
  };
}

/** An upstream_error whose cause's own words the caller is not given (the log gets them: FetchObserver). */
function withheld(message: string, cause: unknown): WithheldCause {
  return new WithheldCause('upstream_error', message, { cause });
}

/** An allocation V8 or Node refused (RangeError "Array buffer allocation failed" and kin). */
function outOfMemory(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ERR_BUFFER_TOO_LARGE' || code === 'ERR_MEMORY_ALLOCATION_FAILED') return true;
  return err instanceof RangeError && /allocation failed/i.test(err.message);
}
