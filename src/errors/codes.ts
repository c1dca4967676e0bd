// One catalog of every error code the service can return. docs/errors.md and the README
// table are checked against it by a test, so a new code cannot ship undocumented.

/** Errors about the API call itself: they replace the whole response. */
export const REQUEST_ERRORS = {
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_request: { status: 400, message: 'The request body does not match the tool schema.' },
  unauthorized: { status: 401, message: 'A valid API key is required: Authorization: Bearer <key>.' },
  host_not_allowed: {
    status: 403,
    message: 'This server does not answer to the host this request names (URLKIT_ALLOWED_HOSTS).',
  },
  not_found: { status: 404, message: 'No such route.' },
  method_not_allowed: { status: 405, message: 'This route does not accept that method.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'The request body must be sent as Content-Type: application/json.' },
  rate_limited: { status: 429, message: 'Too many requests; retry after the time in Retry-After.' },
  internal_error: { status: 500, message: 'Internal error.' },
  overloaded: {
    status: 503,
    message: 'The service is overloaded or shutting down; retry after the time in Retry-After.',
  },
} as const;

export type RequestErrorCode = keyof typeof REQUEST_ERRORS;

/** Errors about one target URL: they go in that item's meta.error; the call still answers 200. */
export const ITEM_ERRORS = {
  invalid_url: { retryable: false, message: 'Not an absolute http or https URL.' },
  blocked_url: {
    retryable: false,
    message: 'The URL, its port or its resolved address is forbidden by the egress policy.',
  },
  dns_error: { retryable: true, message: 'The host name could not be resolved.' },
  connect_error: { retryable: true, message: 'The connection to the target failed or was reset.' },
  tls_error: { retryable: false, message: 'The TLS handshake with the target failed.' },
  timeout: { retryable: true, message: 'The target did not finish within the timeout.' },
  too_many_redirects: { retryable: false, message: 'The redirect chain is too long or loops.' },
  response_too_large: { retryable: false, message: 'The response exceeds the size limit and nothing usable remains.' },
  unsupported_content_type: { retryable: false, message: 'The response is not HTML or plain text.' },
  no_content: { retryable: false, message: 'Neither extraction profile found readable text.' },
  upstream_error: { retryable: true, message: 'The target server broke the HTTP protocol.' },
  bot_protection: {
    retryable: false,
    message: 'The target answered with an anti-bot challenge or block page, not its content.',
  },
  blocked_by_robots: {
    retryable: false,
    message: "The origin's robots.txt does not allow this URL for urlkit's user agent (respect_robots).",
  },
  worker_chunk_failed: {
    retryable: true,
    message: 'This URL was not processed because its batch chunk failed; retry it.',
  },
} as const;

export type ItemErrorCode = keyof typeof ITEM_ERRORS;

export interface ItemError {
  code: ItemErrorCode;
  message: string;
  retryable: boolean;
}

export function itemError(code: ItemErrorCode, message?: string): ItemError {
  const def = ITEM_ERRORS[code];
  return { code, message: message ?? def.message, retryable: def.retryable };
}

/**
 * Thrown inside the pipeline for a per-item failure; tools turn it into meta.error. It carries no
 * stack: it is an outcome told to a caller, not a bug to trace (what happened below is in
 * `cause`, with its own), and a hostile caller's batches of failing URLs make thousands a second
 * on the main thread, where capturing a stack costs several microseconds each (3.6 us against
 * 0.4 us measured).
 */
export class ItemFailure extends Error {
  declare readonly code: ItemErrorCode;
  declare readonly retryable: boolean;
  constructor(code: ItemErrorCode, message?: string, options?: { cause?: unknown; retryable?: boolean }) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message ?? ITEM_ERRORS[code].message, options?.cause === undefined ? undefined : { cause: options.cause });
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'ItemFailure';
    this.code = code;
    this.retryable = options?.retryable ?? ITEM_ERRORS[code].retryable;
  }
  toItemError(): ItemError {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}
