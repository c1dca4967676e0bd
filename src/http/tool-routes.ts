// POST /api/v1/tools/<name> for every tool in the registry, in one encapsulated scope that
// carries the tool-only policies: admission (queue or shed), API keys, rate limiting. Health, metrics and
// docs live outside this scope so probes and scrapes keep working under load.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import rateLimit from '@fastify/rate-limit';
import type { Admission } from '../admission/admission.js';
import { LoopGuard } from '../admission/loop-guard.js';
import { Overloaded } from '../admission/overloaded.js';
import type { Config } from '../config/config.js';
import type { Metrics } from '../metrics/metrics.js';
import { invokeTool } from '../tools/invoke.js';
import type { Services } from '../app/services.js';
import type { Tool } from '../tools/types.js';
import { refusalError, type RequestValidator } from '../tools/validation.js';
import { callerOf, type ApiKeyCheck } from './auth.js';
import { boundRequestBodies } from './request-bodies.js';
import { createErrorHandler, sendError } from './errors.js';
import type { Lifecycle } from '../app/lifecycle.js';
import { registerMcpRoute } from '../mcp/http-route.js';
import { effectiveRateLimit } from './rate-limit-policy.js';
import { OVERLOAD_RETRY_AFTER_S } from './system-routes.js';
import { NdjsonAnswer, prefersNdjson } from './ndjson-answer.js';
import { REQUEST_ERRORS } from '../errors/codes.js';
import { UnreadAnswers, UnreadRefusal } from '../answers/unread-answers.js';
import { answerText } from '../answers/answer-text.js';
import { afterClose, onClose } from '../answers/on-close.js';

/** The Content-Type of JSON answers (fastify's own for an object). */
const JSON_ANSWER = 'application/json; charset=utf-8';

/** The status label of calls whose client closed the connection before the answer was sent. */
export const CLIENT_CLOSED = 'client_closed';

export interface ToolRoutesOptions {
  tools: readonly Tool<unknown>[];
  services: Services;
  config: Config;
  metrics: Metrics;
  lifecycle: Lifecycle;
  /** Decides whether each call starts now, waits, or is shed; shared with other front ends. */
  admission: Admission;
  validator: RequestValidator;
  apiKeys: ApiKeyCheck;
  /** Filled in here so /readyz (outside this scope) can ask about event-loop pressure. */
  pressure: { isUnderPressure: () => boolean };
  /** The event loop's delay from the main thread's own work (the guard's input). */
  loopDelay: { readonly ownMs: number };
}

export function toolPath(tool: Tool<unknown>): string {
  return `/api/v1/tools/${tool.name}`;
}

function isJsonMediaType(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Name of the tool a route serves (metrics label). */
    tool?: string;
  }
}

export async function toolRoutes(scope: FastifyInstance, opts: ToolRoutesOptions): Promise<void> {
  const { config, metrics, lifecycle, validator, apiKeys, admission } = opts;

  // Routes carry no fastify schema: validation is ours (src/tools/validation.ts; fastify's Ajv
  // would coerce types), answers are plain JSON.stringify, and the OpenAPI document is
  // generated from the registry (openapi-document.ts).
  // The guard sheds on the event loop's delay caused by the main thread's own work, not on delay
  // from a machine whose CPUs other processes hold (own-loop-delay.ts).
  const guard = new LoopGuard(config.maxEventLoopDelayMs, () => opts.loopDelay.ownMs);
  opts.pressure.isUnderPressure = () => guard.tripped;

  const admitted = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (admitted.delete(request)) {
      lifecycle.leave();
      metrics.inFlight.set(lifecycle.inFlight);
    }
  };
  const unread = new UnreadAnswers({
    maxBytes: config.maxUnreadAnswerBytes,
    maxTotalBytes: config.unreadAnswerMemoryBytes,
    minRate: { bytesPerS: config.minBodyRate, windowMs: config.minBodyRateWindowMs },
    onCut: (caller, unsentBytes) =>
      scope.log.warn({ caller, unsent_bytes: unsentBytes }, 'answer read under the minimum rate: connection closed'),
  });
  const refuseUnread = (reply: FastifyReply, message: string) => {
    reply.header('Retry-After', '1');
    return sendError(reply, 'rate_limited', message);
  };
  const shed = (reply: FastifyReply, err: Overloaded) => {
    reply.header('Retry-After', String(err.retryAfterS));
    return sendError(reply, 'overloaded', err.message);
  };

  // Cheap refusals first, before the body is read: shutdown, a starved event loop, a full queue.
  // (Callback hooks: an async one costs a promise per request. A hook that answers does not call
  // done(), so the call goes no further.)
  scope.addHook('onRequest', (request, reply, done) => {
    const tool = request.routeOptions.config.tool ?? 'unknown';
    if (lifecycle.draining) {
      shed(
        reply,
        admission.shed(
          tool,
          'draining',
          'The service is shutting down; retry on another instance or later.',
          OVERLOAD_RETRY_AFTER_S,
        ),
      );
      return;
    }
    // A starved event loop sheds the calls of the caller with the most in progress (every
    // caller's, when one caller is all there is), not those of lighter callers.
    if (guard.check() && admission.isHeaviest(callerOf(request, apiKeys))) {
      shed(
        reply,
        admission.shed(
          tool,
          'event_loop',
          'The service is overloaded (its event loop is starved); retry after the time in Retry-After.',
          OVERLOAD_RETRY_AFTER_S,
        ),
      );
      return;
    }
    const caller = callerOf(request, apiKeys);
    if (admission.fullFor(caller)) {
      shed(reply, admission.shedFull(tool));
      return;
    }
    const unreadOver = unread.refusal(caller);
    if (unreadOver !== null) {
      refuseUnread(reply, unreadOver);
      return;
    }
    lifecycle.enter();
    admitted.add(request);
    metrics.inFlight.set(lifecycle.inFlight);
    // A client that goes away before its answer is complete gets no onResponse (fastify runs
    // it on 'finish'), and onRequestAbort only fires while the body is still arriving: the
    // connection's close is the one event every call ends with.
    onClose(reply.raw, () => {
      if (reply.raw.writableFinished) return;
      release(request);
      metrics.toolCalls.inc({ tool, status: CLIENT_CLOSED });
      metrics.httpRequests.inc({
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: CLIENT_CLOSED,
      });
      request.log.info(
        { tool, outcome: CLIENT_CLOSED, responseTime: reply.elapsedTime },
        'request ended: the client closed the connection before the answer was sent',
      );
    });
    done();
  });
  scope.addHook('onResponse', (request, reply, done) => {
    release(request);
    const tool = request.routeOptions.config.tool ?? 'unknown';
    metrics.toolCalls.inc({ tool, status: String(reply.statusCode) });
    done();
  });

  const rateLimitMax = effectiveRateLimit(config);
  if (rateLimitMax > 0) {
    // Per client: the API key when one is presented and valid, else the remote address.
    await scope.register(rateLimit, {
      max: rateLimitMax,
      timeWindow: config.rateLimitWindowMs,
      keyGenerator: (request) => callerOf(request, apiKeys),
      errorResponseBuilder: (_request, context) => {
        const err = new Error(`Rate limit of ${context.max} requests per ${context.after} exceeded.`) as Error & {
          statusCode: number;
        };
        err.statusCode = 429;
        return err;
      },
    });
  }

  // After every refusal above: a body that is not read takes no room.
  boundRequestBodies(
    scope,
    { totalBytes: config.requestBodyMemoryBytes, bodyLimitBytes: config.bodyLimitBytes },
    (request) => callerOf(request, apiKeys),
  );

  // The key check runs after the rate limiter (route hooks run in the order onRoute added
  // them), so guessing keys is rate limited per address like any other call.
  if (apiKeys.enabled) {
    const checkKey = async (request: FastifyRequest, reply: FastifyReply) => {
      if (callerOf(request, apiKeys).startsWith('key:')) return;
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(reply, 'unauthorized');
    };
    scope.addHook('onRoute', (route) => {
      const existing =
        route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [...existing, checkKey] as typeof route.onRequest;
    });
  }

  for (const tool of opts.tools) {
    scope.post(toolPath(tool), {
      config: { tool: tool.name },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!isJsonMediaType(request.headers['content-type'])) return sendError(reply, 'unsupported_media_type');
        const checked = validator.validate(tool.name, request.body);
        if (!checked.ok) {
          const { code, message, details } = refusalError(checked);
          return sendError(reply, code, message, details);
        }

        // Stop the work when the client goes away (nobody will read the answer) or when
        // shutdown gives up waiting.
        const stop = new AbortController();
        const untrack = lifecycle.stopOnShutdown(stop);
        onClose(reply.raw, () => {
          if (!reply.raw.writableFinished) stop.abort(new Error('the client disconnected'));
        });
        const stopTimer = metrics.toolDuration.startTimer({ tool: tool.name });
        // Items as they finish, for a client that asks for NDJSON (tools that stream).
        const lines =
          tool.streams && prefersNdjson(request.headers.accept)
            ? new NdjsonAnswer(reply, String(request.id))
            : undefined;
        const caller = callerOf(request, apiKeys);
        if (lines) unread.track(caller, reply.raw, lines);
        try {
          let results;
          try {
            // The request deadline starts when the call is admitted: queueing has its own budget.
            results = await admission.run(
              tool.name,
              stop.signal,
              () => {
                lines?.start();
                return invokeTool(tool, checked.value, {
                  config,
                  services: opts.services,
                  logger: request.log as unknown as Logger,
                  correlationId: String(request.id),
                  timeoutMs: config.requestTimeoutMs,
                  controller: stop,
                  afterAnswer: afterClose(reply.raw),
                  ...(lines ? { onItem: lines.item } : {}),
                });
              },
              caller,
            );
          } catch (err) {
            if (lines?.started) {
              // The 200 head and some lines are out: the last line says what ended the call.
              request.log.error({ err }, 'streamed call failed');
              lines.end({ code: 'internal_error', message: REQUEST_ERRORS.internal_error.message });
              return reply;
            }
            if (err instanceof Overloaded) return shed(reply, err);
            // Stopped while waiting in the queue: the client left (nobody reads this) or shutdown.
            if (stop.signal.aborted) {
              const reason = stop.signal.reason instanceof Error ? stop.signal.reason.message : 'the call was stopped';
              return shed(
                reply,
                new Overloaded(
                  'draining',
                  OVERLOAD_RETRY_AFTER_S,
                  `The call was stopped before it started: ${reason}.`,
                ),
              );
            }
            throw err;
          }
          for (const item of results)
            metrics.toolItems.inc({ tool: tool.name, outcome: item.meta?.error?.code ?? 'ok' });
          if (lines) {
            lines.end();
            return reply;
          }
          // A client that has gone reads nothing: its answer is not made.
          if (reply.raw.closed) return reply.send('');
          const body = unread.body(caller, reply.raw, await answerText(String(request.id), results));
          if (body instanceof UnreadRefusal) return refuseUnread(reply, body.message);
          if (typeof body !== 'string') reply.header('Content-Length', String(body.length));
          return reply.code(200).type(JSON_ANSWER).send(body);
        } finally {
          stopTimer();
          untrack();
        }
      },
    });
  }

  // POST /mcp: the same tools over MCP, behind the same hooks (src/mcp/http-route.ts).
  registerMcpRoute(scope, {
    ...opts,
    errorHandler: createErrorHandler(config.bodyLimitBytes),
    callerOf: (request) => callerOf(request, apiKeys),
    unread,
  });
}
