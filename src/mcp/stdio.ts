// `urlkit mcp`: the MCP server over stdio for a host that starts urlkit as a child process.
// stdout carries the protocol and nothing else: logs go to stderr, and console output is sent
// there too, so a stray log line can never corrupt a message. The host ends the session by
// closing stdin (or with SIGTERM): the calls already received are answered first, each within
// its deadline (SIGTERM: within URLKIT_SHUTDOWN_GRACE_MS), then the process exits 0. SIGINT
// stops at once.
import { randomUUID } from 'node:crypto';
import { Console } from 'node:console';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { pino } from 'pino';
import type { Config } from '../config/config.js';
import { Lifecycle } from '../app/lifecycle.js';
import { loggerOptions } from '../app/logging.js';
import { TOOLS } from '../tools/registry.js';
import { createServices } from '../app/services.js';
import { createValidator } from '../tools/validation.js';
import { connectMcpServer, createMcpServer } from './server.js';
import { BoundedLines } from './bounded-lines.js';
import { PartsStdioTransport } from './stdio-transport.js';
import { DeferredTexts } from '../answers/deferred-text.js';
import { ABORT_GRACE_MS } from '../tools/invoke.js';
import { JSONRPC_INVALID_REQUEST, asMessage, invalidLineAnswer } from './invalid-request.js';

const JSONRPC_PARSE_ERROR = -32700;
/** The SDK's default read-buffer size. */
const SDK_BUFFER_BYTES = 10 * 1024 * 1024;

export interface StdioSession {
  /** Resolves once the session has ended and everything is closed. */
  closed: Promise<void>;
}

export async function runMcpStdio(config: Config, warnings: readonly string[] = []): Promise<StdioSession> {
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  const logger = pino(loggerOptions(config.logLevel), pino.destination(2));
  for (const warning of warnings) logger.warn(warning);
  const services = createServices(config);
  const lifecycle = new Lifecycle();
  const deferred = new DeferredTexts();
  const server = createMcpServer({
    tools: TOOLS,
    config,
    services,
    validator: createValidator(TOOLS),
    logger,
    correlationId: () => randomUUID(),
    lifecycle,
    inFlight: lifecycle,
    deferText: (text, dropped) => deferred.defer(text, dropped),
  });
  // Every message line within the JSON API's body limit; a longer one is answered and dropped.
  const lines = new BoundedLines(config.bodyLimitBytes, () => {
    logger.warn({ limit_bytes: config.bodyLimitBytes }, 'mcp stdio message over the body limit dropped');
    void transport
      .send({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: JSONRPC_INVALID_REQUEST,
          message:
            `Invalid Request: a message longer than ${config.bodyLimitBytes} bytes ` +
            '(URLKIT_BODY_LIMIT_BYTES) was dropped.',
        },
      } as unknown as JSONRPCMessage)
      .catch(() => {});
  });
  process.stdin.pipe(lines);
  // The SDK's own cap (which closes the session) stays out of reach: lines arrive whole and bounded.
  const transport = new PartsStdioTransport(
    lines,
    process.stdout,
    { maxBufferSize: 2 * config.bodyLimitBytes + SDK_BUFFER_BYTES },
    deferred,
  );

  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let ending: Promise<void> | undefined;
  const end = (reason: string): Promise<void> => {
    if (ending) return ending;
    // Assigned before any of the work runs: server.close() calls back into end() at once.
    ending = Promise.resolve().then(async () => {
      logger.info({ reason, in_flight: lifecycle.inFlight }, 'mcp stdio session ending');
      lifecycle.abortInFlight(new Error(`the session ended (${reason})`));
      await server.close().catch(() => {});
      await services.close();
      resolveClosed();
    });
    return ending;
  };
  // The host stopped sending (stdin closed) or asked us to stop (SIGTERM): calls already
  // received are still answered, each within its own deadline (SIGTERM: within the shutdown
  // grace), then the session ends.
  let draining: Promise<void> | undefined;
  const drain = (reason: string, limitMs: number): Promise<void> => {
    draining ??= (async () => {
      lifecycle.startDraining();
      // Messages read with the last data are dispatched a tick later: let them start first.
      await new Promise((resolve) => setImmediate(resolve));
      const giveUpAt = Date.now() + limitMs;
      while (lifecycle.inFlight > 0 && Date.now() < giveUpAt) await sleep(20);
      // The last answer is sent in the tick after its call returned, then written in turns.
      await new Promise((resolve) => setImmediate(resolve));
      await transport.flushed();
      await end(reason);
    })();
    return draining;
  };
  transport.onerror = (err) => {
    logger.warn({ err }, 'mcp stdio transport error');
    // A line that is not JSON (or not JSON-RPC) gets the JSON-RPC error a client waits for,
    // instead of silence.
    if (err instanceof SyntaxError)
      void transport
        .send({
          jsonrpc: '2.0',
          id: null,
          error: { code: JSONRPC_PARSE_ERROR, message: `Parse error: ${err.message}` },
        } as unknown as JSONRPCMessage)
        .catch(() => {});
    else if (err.name === 'ZodError') void transport.send(asMessage(invalidLineAnswer(lastLine))).catch(() => {});
  };
  await connectMcpServer(server, transport);
  // The line the transport is reading: its refusal (onerror, called while the line is read)
  // carries the line's id. Each chunk is one whole line (BoundedLines).
  let lastLine: Buffer | undefined;
  lines.prependListener('data', (line: Buffer) => {
    lastLine = line;
  });
  server.onclose = () => void end('transport closed');
  process.stdin.once('end', () => void drain('stdin closed', config.requestTimeoutMs + ABORT_GRACE_MS));
  process.once('SIGTERM', () => void drain('SIGTERM', config.shutdownGraceMs));
  process.once('SIGINT', () => void end('SIGINT'));
  logger.info({ tools: TOOLS.map((t) => t.name) }, 'mcp stdio session started');
  return { closed };
}
