// JSON that is not a JSON-RPC message of MCP's shape (params null, a string or an array; no
// method) is JSON-RPC's -32600 Invalid Request, carrying the message's own id when it has one:
// the client waiting on that id gets its answer. The SDK answers such a message -32700 (a parse
// error, over HTTP) or with id null (stdio), so a client's call was never answered.
import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

export const JSONRPC_INVALID_REQUEST = -32600;

export interface InvalidRequestAnswer {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: typeof JSONRPC_INVALID_REQUEST; message: string };
}

/** The -32600 answer for `message`, or null when it (every message of a batch) has MCP's shape. */
export function invalidRequestAnswer(message: unknown): InvalidRequestAnswer | null {
  const messages: unknown[] = Array.isArray(message) ? message : [message];
  if (messages.every((m) => JSONRPCMessageSchema.safeParse(m).success)) return null;
  // A batch's answer would be an array of answers; one error with id null stands for it.
  return refusal(Array.isArray(message) ? null : idOf(message));
}

/** The -32600 answer for a stdio line the SDK refused, with the line's id when it has one. */
export function invalidLineAnswer(line: Buffer | undefined): InvalidRequestAnswer {
  if (line === undefined) return refusal(null);
  try {
    // Only on this error path: the line parsed once already, within the body limit.
    return refusal(idOf(JSON.parse(line.toString('utf8'))));
  } catch {
    return refusal(null);
  }
}

function refusal(id: RequestId | null): InvalidRequestAnswer {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: JSONRPC_INVALID_REQUEST, message: 'Invalid Request: not a JSON-RPC 2.0 message.' },
  };
}

/** An id a client could be waiting on: a string or a finite number. */
function idOf(message: unknown): RequestId | null {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const id = (message as { id?: unknown }).id;
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  return null;
}

/** For a caller that sends the answer through a transport typed for MCP's messages. */
export function asMessage(answer: InvalidRequestAnswer): JSONRPCMessage {
  return answer as unknown as JSONRPCMessage;
}
