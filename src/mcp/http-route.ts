// POST /mcp: the MCP server over Streamable HTTP, stateless. Registered inside the tool-routes
// scope, so a call here passes the same hooks as POST /api/v1/tools/*: draining and in-flight
// admission, the rate limit and the API key check, all before the SDK sees the body. Each POST
// gets its own Server and transport (the SDK's stateless pattern), which dies with the response:
// nothing is kept between requests, so any instance behind a load balancer can answer any call.
// GET and DELETE /mcp (the standalone SSE stream and session end, which only sessions need)
// are answered 405 by the app's not-found handler. See docs/mcp.md.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Config } from '../config/config.js';
import type { Lifecycle } from '../app/lifecycle.js';
import type { Metrics } from '../metrics/metrics.js';
import { errorEnvelope } from '../tools/envelope.js';
import type { Services } from '../app/services.js';
import type { Tool } from '../tools/types.js';
import type { RequestValidator } from '../tools/validation.js';
import { connectMcpServer, createMcpServer, requestError } from './server.js';
import { invalidRequestAnswer } from './invalid-request.js';
import { INVALID_JSON_BODY } from '../tools/json-input.js';
import type { Admission } from '../admission/admission.js';
import { UnreadRefusal, type UnreadAnswers } from '../answers/unread-answers.js';
import { joinAnswer, type AnswerText } from '../answers/answer-text.js';
import { DeferredTexts } from '../answers/deferred-text.js';
import { fastToolCall, sseEvent, ToolCallTransport, type SendAnswer } from './tool-call-transport.js';
import { afterClose, onClose } from '../answers/on-close.js';

/** JSON-RPC 2.0: invalid JSON was received. */
const JSONRPC_PARSE_ERROR = -32700;

export const MCP_PATH = '/mcp';

export interface McpRouteOptions {
  tools: readonly Tool<unknown>[];
  services: Services;
  config: Config;
  lifecycle: Lifecycle;
  validator: RequestValidator;
  metrics?: Metrics;
  /** Tool calls over /mcp wait for admission like JSON API calls (src/admission). */
  admission?: Admission;
  /** How the app answers errors that are not a JSON-RPC parse error. */
  errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
  /** Who a request is from (API key, else client address), for fair shares of the service. */
  callerOf?: (request: FastifyRequest) => string;
  /** Counts an answer the caller has not read yet against its bound (src/answers/unread-answers.ts). */
  unread?: UnreadAnswers;
}

export function registerMcpRoute(scope: FastifyInstance, opts: McpRouteOptions): void {
  scope.post(MCP_PATH, {
    // JSON-RPC in, JSON or SSE out: not an OpenAPI operation (docs/mcp.md describes it).
    schema: { hide: true },
    config: { tool: 'mcp' },
    // A body that is not JSON is a JSON-RPC parse error, the answer MCP clients expect; other
    // refusals (401, 413, 415, 429, 503) keep the HTTP status and envelope of every route.
    errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error.code !== INVALID_JSON_BODY) return opts.errorHandler(error, request, reply);
      request.log.info({ code: 'invalid_json' }, 'request rejected');
      return reply.code(400).send({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: JSONRPC_PARSE_ERROR,
          message: `Parse error: ${error.message}`,
          data: { code: 'invalid_json', correlation_id: String(request.id) },
        },
      });
    },
    handler: (request: FastifyRequest, reply: FastifyReply) => handleMcpPost(request, reply, opts),
  });
}

async function handleMcpPost(request: FastifyRequest, reply: FastifyReply, opts: McpRouteOptions): Promise<void> {
  const invalid = invalidRequestAnswer(request.body);
  if (invalid) {
    request.log.info({ code: 'invalid_request' }, 'request rejected');
    await reply.code(400).send(invalid);
    return;
  }
  const caller = opts.callerOf?.(request);
  const call = fastToolCall(request.headers, request.body);
  // Our transport writes a result's text content from its parts; the SDK's needs it whole.
  const deferred = call ? new DeferredTexts() : undefined;
  const server = createMcpServer({
    tools: opts.tools,
    config: opts.config,
    services: opts.services,
    validator: opts.validator,
    // The app logger: the server adds correlation_id to its lines itself (request.log has it already).
    logger: request.server.log as unknown as Logger,
    correlationId: () => String(request.id),
    lifecycle: opts.lifecycle,
    maxCalls: 1,
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    ...(opts.admission ? { admission: opts.admission } : {}),
    ...(caller !== undefined ? { caller } : {}),
    afterAnswer: afterClose(reply.raw),
    ...(deferred ? { deferText: (text: AnswerText, dropped: AbortSignal) => deferred.defer(text, dropped) } : {}),
  });
  // A tools/call's answer: sliced and counted as a JSON answer is; over the caller's unread bound
  // or the service's, refused as a tool error, as the call itself would have been.
  const sendAnswer =
    (id: RequestId): SendAnswer =>
    (event) => {
      if (!opts.unread || caller === undefined) return joinAnswer(event);
      const body = opts.unread.body(caller, reply.raw, event);
      if (!(body instanceof UnreadRefusal)) return body;
      const refused = requestError(String(request.id), 'rate_limited', body.message);
      return sseEvent({ jsonrpc: '2.0', id, result: refused });
    };
  const transport = call
    ? new ToolCallTransport(reply.raw, call, sendAnswer(call.id), deferred)
    : new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });

  // The transport writes the raw response itself; headers the hooks set (X-Correlation-ID, the
  // rate limit's) would otherwise be lost with fastify's reply.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
  // The response is over (sent, or the client went away): closing the server aborts the
  // signal of a call still running, so its fetches stop instead of finishing for nobody.
  onClose(reply.raw, () => {
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  });
  if (opts.unread && caller !== undefined) opts.unread.track(caller, reply.raw);
  try {
    await connectMcpServer(server, transport);
    // fastify has parsed the JSON body already (within its body limit); the transport takes it as is.
    if (transport instanceof ToolCallTransport) transport.deliver(request.headers);
    else await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (err) {
    request.log.error({ err }, 'mcp request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      reply.raw.end(JSON.stringify(errorEnvelope(String(request.id), 'internal_error')));
    } else reply.raw.destroy();
  }
}
