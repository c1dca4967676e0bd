// What every HTTP server of urlkit does the same way (the API and `urlkit worker`): a
// correlation id on every request (the caller's UUID-shaped X-Correlation-ID, else a new one)
// in the logs, the X-Correlation-ID header and every JSON body; errors, unknown routes and
// malformed HTTP answered with the JSON error envelope, never fastify's default bodies.
import type { Server } from 'node:http';
import { type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { correlationIdFrom } from '../tools/envelope.js';
import { clientErrorHandler, createErrorHandler, createNotFoundHandler } from './errors.js';
import { registerJsonParser } from './json-body.js';
import { OneLineRequestLog } from './request-log.js';

/** The most bytes of headers a request may send (Node's own default is 16 KiB). */
export const REQUEST_HEADER_BYTES = 8 * 1024;

/** Fastify constructor options of a urlkit server. */
export function serverOptions(
  logger: FastifyBaseLogger,
  limits: { bodyLimitBytes: number; requestTimeoutMs: number; requestHeadersTimeoutMs: number },
  logRequests: boolean,
): FastifyHttpOptions<Server> & { loggerInstance: FastifyBaseLogger } {
  const headersTimeout = Math.min(limits.requestHeadersTimeoutMs, limits.requestTimeoutMs);
  return {
    loggerInstance: logger,
    bodyLimit: limits.bodyLimitBytes,
    // A request must have arrived (headers and body) within the call's own deadline. Fastify turns
    // Node's request timeout off, so a body sent a byte at a time, or a chunked body that never
    // ends, held its connection forever. Node looks for late requests every interval below, and
    // only when the server is created with a request timeout (`http`); fastify then sets the
    // server's timeout from its own option (0 when not given), so both are given.
    // The headers have a shorter time of their own: a connection that sends nothing, or headers a
    // byte at a time, holds its memory (a few KB) only that long (Node's default is 60 s), counted
    // from the connection for its first request.
    requestTimeout: limits.requestTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout,
      // A connection holds what it has sent of its headers until they are whole or its time is up
      // (about 18 KB each at Node's default of 16 KiB); the API's own headers need a few hundred bytes.
      maxHeaderSize: REQUEST_HEADER_BYTES,
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.ceil(limits.requestTimeoutMs / 4),
        Math.ceil(headersTimeout / 2),
      ),
    },
    requestIdHeader: false,
    logController: new OneLineRequestLog({ requestIdLogLabel: 'correlation_id', disableRequestLogging: !logRequests }),
    genReqId: (req) => correlationIdFrom(req.headers['x-correlation-id']),
    clientErrorHandler,
  };
}

/** The JSON body parser, the correlation header, the error and not-found handlers (404, or 405 with Allow). */
export function installConventions(app: FastifyInstance, bodyLimitBytes: number): void {
  // Only JSON bodies are accepted; without this, text/plain would be parsed as a string.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  const routeMethods = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const set = routeMethods.get(route.url) ?? new Set<string>();
    for (const m of methods) set.add(m);
    routeMethods.set(route.url, set);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Correlation-ID', String(request.id));
    done();
  });
  app.setErrorHandler(createErrorHandler(bodyLimitBytes));
  app.setNotFoundHandler(createNotFoundHandler(routeMethods));
}
