#!/usr/bin/env node
// `urlkit`: the four tools from the command line, same validation and same JSON envelope as the
// HTTP API, without a server; and `urlkit serve` to start the server.
// Exit status: 0 every item fine, 2 some item has meta.error, 1 bad usage or configuration.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { ConfigError, VERSION, loadConfig, type Config } from '../config/config.js';
import { loggerOptions } from '../app/logging.js';
import { exitOnSignals, serve } from '../http/serve.js';
import { errorEnvelope, hasItemErrors, resultEnvelope } from '../tools/envelope.js';
import { invokeTool } from '../tools/invoke.js';
import { TOOLS, findToolByCommand } from '../tools/registry.js';
import { createServices } from '../app/services.js';
import type { Tool, ToolItem } from '../tools/types.js';
import { createValidator } from '../tools/validation.js';
import { UsageError, parseToolArgs, pathToFlag, toolUsage } from './flags.js';
import { exitIfRedisUnreachable } from './redis-check.js';
import { runWorker } from './worker.js';
import { runInputCommand } from './input-command.js';

const usageLine = (left: string, right: string) => `  urlkit ${left.padEnd(30)} ${right}`;
const USAGE = [
  'Usage:',
  usageLine('serve', 'start the HTTP server (HOST, PORT, URLKIT_* settings)'),
  usageLine('mcp', 'run as an MCP server over stdio (for an MCP host)'),
  usageLine('worker', 'run scale-out queue jobs (needs URLKIT_REDIS_URL)'),
  ...TOOLS.map((t) => usageLine(`${t.command} <url...> [options]`, t.summary)),
  usageLine('<command> --input FILE|-', 'the URLs of FILE (- for stdin), one a line; NDJSON as items finish'),
  usageLine('--version', 'print the version'),
  '',
  'Run "urlkit <command> --help" for the options of a command.',
  'Exit status: 0 all items fine, 2 some item failed (meta.error), 1 bad usage.',
].join('\n');

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}

async function finish(code: number, stdout?: string, stderr?: string): Promise<never> {
  if (stderr) await write(process.stderr, stderr.endsWith('\n') ? stderr : `${stderr}\n`);
  if (stdout) await write(process.stdout, stdout);
  process.exit(code);
}

function loadOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`urlkit: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** One input per call: a batch tool (with items) takes all URLs at once, others one each. */
function buildInputs(tool: Tool<any>, urls: string[], fields: Record<string, unknown>): Record<string, unknown>[] {
  const props = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
  if ('items' in props && urls.length > 1) return [{ ...fields, items: urls }];
  return urls.map((url) => ({ ...fields, url }));
}

async function runTool(tool: Tool<any>, argv: string[]): Promise<never> {
  const correlationId = randomUUID();
  let parsed;
  try {
    parsed = parseToolArgs(tool, argv);
  } catch (err) {
    if (err instanceof UsageError)
      return finish(1, undefined, `urlkit ${tool.command}: ${err.message}\n\n${toolUsage(tool)}`);
    throw err;
  }
  if (parsed.help) return finish(0, `${toolUsage(tool)}\n`);
  if (parsed.input !== undefined) {
    if (parsed.urls.length > 0)
      return finish(1, undefined, `urlkit ${tool.command}: give URLs as arguments or --input, not both`);
    return runInputCommand(tool, parsed.input, parsed.fields, correlationId, loadOrExit());
  }
  if (parsed.urls.length === 0)
    return finish(1, undefined, `urlkit ${tool.command}: give at least one URL\n\n${toolUsage(tool)}`);
  const indent = parsed.pretty ? 2 : undefined;

  const validator = createValidator([tool]);
  const inputs: Record<string, unknown>[] = [];
  for (const input of buildInputs(tool, parsed.urls, parsed.fields)) {
    const checked = validator.validate(tool.name, input);
    if (!checked.ok) {
      const human = checked.details.map((d) => `${pathToFlag(d.path)}: ${d.message}`).join('; ');
      const body = JSON.stringify(
        errorEnvelope(correlationId, 'invalid_request', checked.message, checked.details),
        null,
        indent,
      );
      return finish(1, `${body}\n`, `urlkit ${tool.command}: ${human}`);
    }
    inputs.push(checked.value);
  }

  const config = loadOrExit();
  const logger = pino(loggerOptions(config.logLevel === 'info' ? 'warn' : config.logLevel), pino.destination(2)).child({
    correlation_id: correlationId,
  });
  // The CLI runs the tools here, never through the scale-out queue.
  const services = createServices(config, undefined, { role: 'local' });
  const interrupted = new AbortController();
  process.once('SIGINT', () => interrupted.abort(new Error('interrupted')));
  const results: ToolItem[] = [];
  try {
    for (const input of inputs) {
      results.push(
        ...(await invokeTool(tool, input, {
          config,
          services,
          logger,
          correlationId,
          timeoutMs: config.requestTimeoutMs,
          signal: interrupted.signal,
        })),
      );
    }
  } catch (err) {
    await services.close();
    const body = JSON.stringify(errorEnvelope(correlationId, 'internal_error'), null, indent);
    return finish(
      1,
      `${body}\n`,
      `urlkit ${tool.command}: internal error: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  await services.close();
  return finish(
    hasItemErrors(results) ? 2 : 0,
    `${JSON.stringify(resultEnvelope(correlationId, results), null, indent)}\n`,
  );
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined) return finish(1, undefined, USAGE);
  if (command === '--help' || command === '-h' || command === 'help') return finish(0, `${USAGE}\n`);
  if (command === '--version' || command === '-v') return finish(0, `${VERSION}\n`);
  if (command === 'serve') {
    if (rest.length > 0)
      return finish(
        1,
        undefined,
        `urlkit serve takes no arguments; configure it with HOST, PORT and URLKIT_* variables.`,
      );
    const config = loadOrExit();
    if (config.redisUrl && config.role === 'worker') return runWorker(config);
    await exitIfRedisUnreachable(config);
    const server = await serve(config);
    exitOnSignals(server);
    return;
  }
  if (command === 'mcp') {
    if (rest.length > 0)
      return finish(
        1,
        undefined,
        `urlkit mcp takes no arguments; configure it with URLKIT_* variables. It speaks MCP on stdin/stdout and logs to stderr.`,
      );
    // Loaded only here: the other commands need not pay for the MCP SDK at start-up.
    const { runMcpStdio } = await import('../mcp/stdio.js');
    const session = await runMcpStdio(loadOrExit());
    await session.closed;
    process.exit(0);
  }
  if (command === 'worker') {
    if (rest.length > 0)
      return finish(
        1,
        undefined,
        `urlkit worker takes no arguments; configure it with URLKIT_REDIS_URL and the other URLKIT_* variables.`,
      );
    return runWorker(loadOrExit());
  }
  const tool = findToolByCommand(command);
  if (!tool) return finish(1, undefined, `urlkit: unknown command "${command}"\n\n${USAGE}`);
  await runTool(tool, rest);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`urlkit: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
