// A tools/call on POST /mcp, answered by a transport of ours with the events the SDK's Streamable
// HTTP transport sends (an SSE stream: progress notifications, then the answer). The SDK's encodes
// each message whole on the main thread (JSON.stringify, then a TextEncoder over the event): for a
// 100-item metadata batch with its text, a 45 MB event, about 560 ms of the main thread in one
// block on a 2-CPU machine, while every other caller's call waited (bench:hostile row held-mcp).
// Here the answer is encoded as a JSON answer is (answers/answer-text.ts: the results an item at a
// time with turns between, page texts kept as parts) and sent in slices as the socket pulls them,
// under the unread-answer bound and the minimum read rate (answers/unread-answers.ts). Every other
// POST /mcp (initialize, lists, notifications, batches, a request the SDK would refuse) still goes
// to the SDK's transport (http-route.ts, fastToolCall).
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { jsonParts, type AnswerText } from '../answers/answer-text.js';
import type { DeferredTexts } from '../answers/deferred-text.js';

const EVENT_HEAD = 'event: message\ndata: ';
const EVENT_TAIL = '\n\n';

/** The SSE event of one message, whole (a notification, a refusal: small). */
export function sseEvent(message: JSONRPCMessage): string {
  return `${EVENT_HEAD}${JSON.stringify(message)}${EVENT_TAIL}`;
}

/**
 * The body of a POST /mcp when it is a tools/call this transport answers as the SDK's would: one
 * valid JSON-RPC request (not a batch), from a client that accepts JSON and SSE, in a protocol
 * version the SDK supports. Anything else is null, and the SDK answers it, errors included.
 */
export function fastToolCall(headers: IncomingHttpHeaders, body: unknown): JSONRPCRequest | null {
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && (typeof version !== 'string' || !SUPPORTED_PROTOCOL_VERSIONS.includes(version)))
    return null;
  const parsed = JSONRPCMessageSchema.safeParse(body);
  if (!parsed.success) return null;
  const message = parsed.data;
  return 'method' in message && 'id' in message && message.method === 'tools/call' ? message : null;
}

/** How the answer's event goes out: its text whole, or a body the socket pulls. */
export type SendAnswer = (event: AnswerText) => string | Readable;

export class ToolCallTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  private closed = false;
  /** Messages go out in the order they were sent. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly res: ServerResponse,
    private readonly call: JSONRPCRequest,
    private readonly sendAnswer: SendAnswer,
    /** The texts the answer's result stands in for (its text content, deferred by the server). */
    private readonly deferred?: DeferredTexts,
  ) {}

  async start(): Promise<void> {}

  /** Opens the event stream and hands the call to the server (connected first). */
  deliver(headers: IncomingHttpHeaders): void {
    this.res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.onmessage?.(this.call, { requestInfo: { headers } });
  }

  send(message: JSONRPCMessage): Promise<void> {
    // A message that cannot be written ends the stream: the client is not left waiting for it.
    const next = this.queue
      .then(() => this.write(message))
      .catch((err: unknown) => {
        this.res.destroy();
        throw err;
      });
    this.queue = next.catch(() => {});
    return next;
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.onclose?.();
    }
    return Promise.resolve();
  }

  private async write(message: JSONRPCMessage): Promise<void> {
    if (this.closed || this.res.destroyed) return;
    const answers = 'id' in message && message.id === this.call.id && ('result' in message || 'error' in message);
    if (!answers) {
      this.res.write(sseEvent(message));
      return;
    }
    const results = 'result' in message ? resultsOf(message.result) : undefined;
    const text = await jsonParts(message, { items: results, deferred: this.deferred });
    if (this.closed || this.res.destroyed) return;
    const body = this.sendAnswer({
      parts: [EVENT_HEAD, ...text.parts, EVENT_TAIL],
      bytes: text.bytes + EVENT_HEAD.length + EVENT_TAIL.length,
    });
    if (typeof body === 'string') this.res.end(body);
    else body.pipe(this.res);
  }
}

/** A tool result's structuredContent.results: the array a batch's size is in. */
export function resultsOf(result: Record<string, unknown>): unknown[] | undefined {
  const structured = result.structuredContent as { results?: unknown } | undefined;
  return Array.isArray(structured?.results) ? structured.results : undefined;
}
