// The MCP server for the registry's tools, on the SDK's low-level Server so the tool list can
// carry the registry's JSON Schemas as they are (the high-level McpServer wants zod shapes).
// Transport-neutral: stdio (src/mcp/stdio.ts) holds one for the process, Streamable HTTP
// (src/mcp/http-route.ts) builds one per request.
import type { Logger } from 'pino';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolRequest,
  type CallToolResult,
  type RequestId,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { VERSION, type Config } from '../config/config.js';
import { REQUEST_ERRORS, type RequestErrorCode } from '../errors/codes.js';
import type { Metrics } from '../metrics/metrics.js';
import { invokeTool, requestedUrls } from '../tools/invoke.js';
import type { Admission } from '../admission/admission.js';
import type { Lifecycle } from '../app/lifecycle.js';
import { Overloaded } from '../admission/overloaded.js';
import type { Services } from '../app/services.js';
import type { Tool, ToolItem } from '../tools/types.js';
import { protoFieldRejected, refusalError, type RequestValidator } from '../tools/validation.js';
import { modelFacing } from './descriptions.js';
import { servicesWithProgress } from './progress.js';
import { joinedTextContent, textContent } from './text-content.js';
import type { AnswerText } from '../answers/answer-text.js';
import { mcpToolDefinitions } from './tool-definitions.js';

export interface McpServerDeps {
  tools: readonly Tool<unknown>[];
  config: Config;
  services: Services;
  validator: RequestValidator;
  logger: Logger;
  /** The correlation id of one tool call (HTTP: the request's id; stdio: a fresh UUID). */
  correlationId: () => string;
  /**
   * Where each call's stop is registered for shutdown (the process giving up on running work, or a
   * stdio session ending).
   */
  lifecycle?: Lifecycle;
  /**
   * Most tools/call one server instance answers. HTTP admission and rate limits count POSTs,
   * and a JSON-RPC batch in one POST must not smuggle in more calls than it was admitted for.
   */
  maxCalls?: number;
  metrics?: Metrics;
  /** The HTTP service's admission control: a call over HTTP waits for a slot like a JSON API call. */
  admission?: Admission;
  /**
   * Counts the calls running, so a session that ends (stdin closed) can answer them first.
   * Over HTTP the request hooks count them already.
   */
  inFlight?: { enter(): void; leave(): void };
  /** Who the calls are from (HTTP: the API key, else the client address), for fair shares. */
  caller?: string;
  /** When the caller has had the answer (HTTP: the response closed; ToolContext.afterAnswer). */
  afterAnswer?: (then: () => void) => void;
  /**
   * A stand-in for a result's text content, given by a transport that writes it from its parts
   * as it is sent (answers/deferred-text.ts); without it, the text is joined into one string.
   */
  deferText?: (text: AnswerText, dropped: AbortSignal) => string;
}

type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export const SERVER_INSTRUCTIONS = [
  'urlkit reads public web pages for you, safely: every address is checked against an egress policy, so private, ' +
    'loopback and cloud-metadata addresses are refused (item error blocked_url).',
  'Pick the tool by the page: clean_web_content for one article or document, clean_web_index for a homepage or hub,' +
    ' get_url_metadata for titles, descriptions and previews of one or many URLs, check_url_status to see ' +
    'whether a link works and where it redirects.',
  'A URL that cannot be handled is reported in its result (meta.error with code and retryable), not as a failed call.',
].join(' ');

// One JSON Schema compiler for every server instance: HTTP builds a server per request, and
// the SDK would otherwise build a fresh Ajv (with its formats) for each.
const sharedJsonSchemaValidator = new AjvJsonSchemaValidator();

export function createMcpServer(deps: McpServerDeps): Server {
  const definitions = mcpToolDefinitions(deps.tools);
  const byName = new Map(deps.tools.map((t) => [t.name, t]));
  const server = new Server(
    { name: 'urlkit', title: 'urlkit', version: VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: SERVER_INSTRUCTIONS,
      jsonSchemaValidator: sharedJsonSchemaValidator,
    },
  );
  let calls = 0;

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    // Taken at once, so that a call answered early (an unknown tool, draining) leaves no note behind.
    const note = takeNote(server, extra.requestId);
    if (note === 'shapeless')
      throw new McpError(ErrorCode.InvalidParams, 'tools/call takes { "name": string, "arguments": object }.');
    const tool = byName.get(request.params.name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool "${request.params.name}"; the tools are ${[...byName.keys()].join(', ')}.`,
      );
    const correlationId = deps.correlationId();
    if (deps.lifecycle?.draining)
      return requestError(correlationId, 'overloaded', 'The service is shutting down; it takes no new calls.');
    if (deps.maxCalls !== undefined && ++calls > deps.maxCalls) {
      return requestError(
        correlationId,
        'invalid_request',
        `Send one tools/call per HTTP request (this one carried more than ${deps.maxCalls}).`,
      );
    }
    // The SDK's schema drops an argument named __proto__ (connectMcpServer noted it): say so.
    if (note === 'proto_key') {
      const rejected = protoFieldRejected();
      return requestError(correlationId, rejected.code, rejected.message, rejected.details);
    }
    deps.inFlight?.enter();
    try {
      return await callTool(tool, request.params, extra, correlationId);
    } finally {
      deps.inFlight?.leave();
    }
  });

  async function callTool(
    tool: Tool<unknown>,
    params: CallToolRequest['params'],
    extra: ToolExtra,
    correlationId: string,
  ): Promise<CallToolResult> {
    const checked = deps.validator.validate(tool.name, params.arguments ?? {});
    if (!checked.ok) {
      const { code, message, details } = refusalError(checked);
      return requestError(correlationId, code, message, details);
    }
    const input = checked.value;

    // Batches report progress per settled chunk, only when the client asked for it. The
    // notifications are sent before the result: one arriving after it is dropped by the client.
    const progressToken = params._meta?.progressToken;
    const progressSent: Promise<void>[] = [];
    const services =
      progressToken === undefined
        ? deps.services
        : servicesWithProgress(deps.services, requestedUrls(input).length, (done, total) => {
            progressSent.push(
              extra
                .sendNotification({
                  method: 'notifications/progress',
                  params: { progressToken, progress: done, total, message: `${done} of ${total} URLs done` },
                })
                .catch(() => {}), // the client may be gone; the result will not reach it either
            );
          });

    // extra.signal fires on notifications/cancelled and when the transport closes (stdin
    // ended, HTTP client gone); shutdown stops the call through the lifecycle, as HTTP calls.
    const stop = new AbortController();
    const onCancel = () => stop.abort(new Error('the client cancelled the request'));
    if (extra.signal.aborted) onCancel();
    extra.signal.addEventListener('abort', onCancel, { once: true });
    const untrack = deps.lifecycle?.stopOnShutdown(stop);
    const logger = deps.logger.child({ correlation_id: correlationId, tool: tool.name });
    const stopTimer = deps.metrics?.toolDuration.startTimer({ tool: tool.name });
    let results: ToolItem[];
    try {
      const invoke = () =>
        invokeTool(tool, input, {
          config: deps.config,
          services,
          logger,
          correlationId,
          timeoutMs: deps.config.requestTimeoutMs,
          signal: stop.signal,
          ...(deps.afterAnswer ? { afterAnswer: deps.afterAnswer } : {}),
        });
      results = deps.admission ? await deps.admission.run(tool.name, stop.signal, invoke, deps.caller) : await invoke();
    } catch (err) {
      if (err instanceof Overloaded)
        return requestError(correlationId, 'overloaded', err.message, { retry_after_s: err.retryAfterS });
      if (stop.signal.aborted && !(err instanceof Error && err.name === 'RequestDeadline')) {
        return requestError(correlationId, 'overloaded', 'The call was stopped before it started.');
      }
      logger.error({ err }, 'mcp tool call failed');
      return requestError(correlationId, 'internal_error');
    } finally {
      stopTimer?.();
      extra.signal.removeEventListener('abort', onCancel);
      untrack?.();
    }
    await Promise.all(progressSent);
    for (const item of results)
      deps.metrics?.toolItems.inc({ tool: tool.name, outcome: item.meta?.error?.code ?? 'ok' });
    logger.info({ items: results.length, cancelled: stop.signal.aborted }, 'mcp tool call');
    const kind = modelFacing(tool).text;
    const text = deps.deferText
      ? deps.deferText(await textContent(results, kind), extra.signal)
      : await joinedTextContent(results, kind);
    return {
      content: [{ type: 'text', text }],
      structuredContent: { results },
      _meta: { 'urlkit/correlation_id': correlationId },
    };
  }

  return server;
}

/**
 * What the raw message of a tools/call showed that the SDK's parsing hides, by server and request:
 * params not of the shape { name: string, arguments?: object } (the SDK would answer -32603 with
 * its schema library's report), or an argument with an own "__proto__" key (the SDK's schema
 * drops such a key).
 */
type CallNote = 'shapeless' | 'proto_key';
const callNotes = new WeakMap<Server, Map<RequestId, CallNote>>();

function takeNote(server: Server, id: RequestId): CallNote | undefined {
  const notes = callNotes.get(server);
  const note = notes?.get(id);
  notes?.delete(id);
  return note;
}

/** Connects `server` to `transport`, noting what each tools/call's raw message shows (CallNote). */
export async function connectMcpServer(server: Server, transport: Transport): Promise<void> {
  await server.connect(transport);
  const deliver = transport.onmessage;
  const notes = new Map<RequestId, CallNote>();
  callNotes.set(server, notes);
  transport.onmessage = (message, extra) => {
    const m = message as { id?: RequestId; method?: string; params?: { name?: unknown; arguments?: unknown } };
    if (m.method === 'tools/call' && m.id !== undefined) {
      if (!callShaped(m.params)) {
        // Passed on in a shape the schema takes, to be answered -32602 in a line of ours.
        notes.set(m.id, 'shapeless');
        const name = typeof m.params?.name === 'string' ? m.params.name : '';
        deliver?.({ ...message, params: { ...m.params, name, arguments: {} } }, extra);
        return;
      }
      const args = m.params?.arguments;
      if (typeof args === 'object' && args !== null && Object.hasOwn(args, '__proto__')) notes.set(m.id, 'proto_key');
    }
    deliver?.(message, extra);
  };
}

/** params of a tools/call: a name, and arguments that are an object when present. */
function callShaped(params: { name?: unknown; arguments?: unknown } | undefined): boolean {
  if (typeof params !== 'object' || params === null || typeof params.name !== 'string') return false;
  const args = params.arguments;
  return args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args));
}

/** A request-level error as a tool result: isError, with the code and message the JSON API sends. */
export function requestError(
  correlationId: string,
  code: RequestErrorCode,
  message: string = REQUEST_ERRORS[code].message,
  details?: unknown,
): CallToolResult {
  const error: Record<string, unknown> = { code, message };
  if (details !== undefined) error.details = details;
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ error }) }],
    _meta: { 'urlkit/correlation_id': correlationId },
  };
}
