// `urlkit mcp`: the MCP server over stdio for a host that starts urlkit as a child process.
// stdout carries the protocol and nothing else: logs go to stderr, and console output is sent
// there too, so a stray log line can never corrupt a message. The host ends the session by
// closing stdin (or with SIGTERM); running calls are then stopped and the process exits 0.
import { randomUUID } from 'node:crypto';
import { Console } from 'node:console';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { pino } from 'pino';
import type { Config } from '../config/config.js';
import { Lifecycle } from '../app/lifecycle.js';
import { loggerOptions } from '../app/logging.js';
import { TOOLS } from '../tools/registry.js';
import { createServices } from '../app/services.js';
import { createValidator } from '../tools/validation.js';
import { createMcpServer } from './server.js';

export interface StdioSession {
  /** Resolves once the session has ended and everything is closed. */
  closed: Promise<void>;
}

export async function runMcpStdio(config: Config): Promise<StdioSession> {
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  const logger = pino(loggerOptions(config.logLevel), pino.destination(2));
  const services = createServices(config);
  const lifecycle = new Lifecycle();
  const server = createMcpServer({
    tools: TOOLS,
    config,
    services,
    validator: createValidator(TOOLS),
    logger,
    correlationId: () => randomUUID(),
    lifecycle,
  });
  const transport = new StdioServerTransport();

  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let ending: Promise<void> | undefined;
  const end = (reason: string): Promise<void> => {
    if (ending) return ending;
    // Assigned before any of the work runs: server.close() calls back into end() at once.
    ending = Promise.resolve().then(async () => {
      logger.info({ reason }, 'mcp stdio session ending');
      lifecycle.abortInFlight(new Error(`the session ended (${reason})`));
      await server.close().catch(() => {});
      await services.close();
      resolveClosed();
    });
    return ending;
  };
  transport.onerror = (err) => logger.warn({ err }, 'mcp stdio transport error');
  await server.connect(transport);
  server.onclose = () => void end('transport closed');
  process.stdin.once('end', () => void end('stdin closed'));
  process.once('SIGTERM', () => void end('SIGTERM'));
  process.once('SIGINT', () => void end('SIGINT'));
  logger.info({ tools: TOOLS.map((t) => t.name) }, 'mcp stdio session started');
  return { closed };
}
