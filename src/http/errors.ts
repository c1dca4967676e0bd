// Maps everything that can go wrong around a tool call onto the request-level codes of
// src/errors/codes.ts, always as the JSON error envelope. A 500 never carries internals.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ERRORS, type RequestErrorCode } from '../errors/codes.js';
import { correlationIdFrom, errorEnvelope } from '../tools/envelope.js';
import { INVALID_JSON_BODY } from '../tools/json-input.js';

export function sendError(
  reply: FastifyReply,
  code: RequestErrorCode,
  message?: string,
  details?: unknown,
): FastifyReply {
  return reply.code(REQUEST_ERRORS[code].status).send(errorEnvelope(String(reply.request.id), code, message, details));
}

const REQUEST_BODY_REFUSED = 'URLKIT_REQUEST_BODY_REFUSED';

/** A request body refused by the budget of bodies in progress (request-bodies.ts) as it arrived. */
export class RequestBodyRefused extends Error {
  readonly code = REQUEST_BODY_REFUSED;
  readonly statusCode: number;

  constructor(
    readonly refusal: 'rate_limited' | 'overloaded',
    message: string,
  ) {
    super(message);
    this.statusCode = REQUEST_ERRORS[refusal].status;
  }
}

interface Mapped {
  code: RequestErrorCode;
  message?: string;
}

function classify(error: FastifyError, bodyLimitBytes: number): Mapped {
  switch (error.code) {
    case INVALID_JSON_BODY:
      return { code: 'invalid_json', message: error.message };
    case REQUEST_BODY_REFUSED:
      return { code: (error as unknown as RequestBodyRefused).refusal, message: error.message };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'invalid_json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'invalid_json', message: 'The request body is empty; send a JSON object.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        code: 'payload_too_large',
        message: `The request body is larger than the limit of ${bodyLimitBytes} bytes.`,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'unsupported_media_type' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'invalid_request', message: 'The request body size does not match its Content-Length.' };
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  // A parser error of another content type parser (there is none today) is still invalid JSON.
  if (status === 400 && error instanceof SyntaxError)
    return { code: 'invalid_json', message: `The request body is not valid JSON: ${error.message}` };
  if (status === 413) return { code: 'payload_too_large' };
  if (status === 415) return { code: 'unsupported_media_type' };
  if (status === 429) return { code: 'rate_limited' };
  if (status === 503) return { code: 'overloaded' };
  if (status === 404) return { code: 'not_found' };
  if (status === 405) return { code: 'method_not_allowed' };
  if (status === 401) return { code: 'unauthorized' };
  if (status >= 400 && status < 500) return { code: 'invalid_request', message: error.message };
  return { code: 'internal_error' };
}

export function createErrorHandler(bodyLimitBytes: number) {
  return function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const mapped = classify(error, bodyLimitBytes);
    if (mapped.code === 'internal_error') request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ code: mapped.code }, 'request rejected');
    if (mapped.code === 'overloaded' && !reply.hasHeader('retry-after')) reply.header('Retry-After', '5');
    return sendError(reply, mapped.code, mapped.message);
  };
}

/** 404 for unknown paths; 405 (with Allow) when the path exists under another method. */
export function createNotFoundHandler(routeMethods: Map<string, Set<string>>) {
  return function notFound(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? request.url;
    const methods = routeMethods.get(path);
    if (methods && methods.size > 0) {
      reply.header('Allow', [...methods].sort().join(', '));
      return sendError(
        reply,
        'method_not_allowed',
        `${request.method} is not allowed on ${path}; use ${[...methods].sort().join(' or ')}.`,
      );
    }
    if (path.startsWith('/api/v1/tools/')) {
      return sendError(reply, 'not_found', `No tool named "${decodeSafe(path.slice('/api/v1/tools/'.length))}".`);
    }
    return sendError(reply, 'not_found', `No route ${path}.`);
  };
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s).slice(0, 200);
  } catch {
    return s.slice(0, 200);
  }
}

/**
 * Malformed HTTP (bad request line, oversized headers, request timeout) never reaches a route;
 * answer it with the same JSON envelope and a correlation id instead of fastify's bare body.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:net').Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const message =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request headers are too large.'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'The request was not received in time.'
        : 'The request is not valid HTTP.';
  socket.end(closingErrorResponse('invalid_request', message));
}

/**
 * A whole HTTP response of the JSON error envelope that closes its connection, for a socket no
 * route answers (malformed HTTP, a connection over its cap). `Retry-After` goes with 429 and 503.
 */
export function closingErrorResponse(code: RequestErrorCode, message: string, retryAfterS = 5): string {
  const id = correlationIdFrom(undefined);
  const body = JSON.stringify(errorEnvelope(id, code, message));
  const status = REQUEST_ERRORS[code].status;
  const retry = status === 429 || status === 503 ? `Retry-After: ${retryAfterS}\r\n` : '';
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nX-Correlation-ID: ${id}\r\n${retry}Connection: close\r\n\r\n${body}`
  );
}
