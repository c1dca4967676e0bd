// The `urlkit` commands (entries: cli/main.ts, and src/main.ts for npm start's `serve`): the four
// tools from the command line, same validation and same JSON envelope as the HTTP API, without a
// server; and `urlkit serve` to start the server. Exit status: 0 every item fine, 2 some item has
// meta.error, 1 bad usage or configuration.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { ConfigError, VERSION } from '../config/config.js';
import { loadConfigNoting, startupWarnings, type LoadedConfig } from '../config/config-warnings.js';
import { loggerOptions } from '../app/logging.js';
import { exitOnSignals, serve } from '../http/serve.js';
import { openApiDocument } from '../http/openapi-document.js';
import { hostRule } from '../http/host-check.js';
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
  usageLine('openapi', 'print the OpenAPI document of the HTTP API (as GET /openapi.json)'),
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

/**
 * The configuration and its start-up warnings (`startNote` first, what execWithStartSettings said
 * for a server), or a one-line message and exit 1.
 */
function loadOrExit(startNote: string | null = null): LoadedConfig & { warnings: (servesApi: boolean) => string[] } {
  try {
    const loaded = loadConfigNoting(process.env);
    const noted = startNote ? [startNote] : [];
    return { ...loaded, warnings: (servesApi) => [...noted, ...startupWarnings(loaded, servesApi)] };
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`urlkit: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** One input per call: a batch tool (with items) takes all URLs at once, others one each. */
function buildInputs(tool: Tool<unknown>, urls: string[], fields: Record<string, unknown>): Record<string, unknown>[] {
  const props = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
  if ('items' in props && urls.length > 1) return [{ ...fields, items: urls }];
  return urls.map((url) => ({ ...fields, url }));
}

/**
 * Bad usage: the error envelope on stdout (what a script parses, as for any other refused
 * call) and one line on stderr for the person at the terminal. Help is asked for, not printed.
 */
function usageError(prefix: string, message: string, hint: string, indent?: number): Promise<never> {
  const body = JSON.stringify(errorEnvelope(randomUUID(), 'invalid_request', message), null, indent);
  return finish(1, `${body}\n`, `${prefix}: ${message}; ${hint}`);
}

async function runTool(tool: Tool<unknown>, argv: string[]): Promise<never> {
  const correlationId = randomUUID();
  const prefix = `urlkit ${tool.command}`;
  const hint = `run "${prefix} --help" for its options`;
  let parsed;
  try {
    parsed = parseToolArgs(tool, argv);
  } catch (err) {
    if (err instanceof UsageError) return usageError(prefix, err.message, hint);
    throw err;
  }
  if (parsed.help) return finish(0, `${toolUsage(tool)}\n`);
  if (parsed.input !== undefined) {
    if (parsed.urls.length > 0) return usageError(prefix, 'give URLs as arguments or --input, not both', hint);
    const { config, warnings } = loadOrExit();
    return runInputCommand(tool, parsed.input, parsed.fields, correlationId, config, warnings(false));
  }
  const indent = parsed.pretty ? 2 : undefined;
  if (parsed.urls.length === 0) return usageError(prefix, 'give at least one URL', hint, indent);

  const validator = createValidator([tool]);
  const inputs: Record<string, unknown>[] = [];
  for (const input of buildInputs(tool, parsed.urls, parsed.fields)) {
    const checked = validator.validate(tool.name, input);
    if (!checked.ok) {
      const human = checked.details.map((d) => `${pathToFlag(d.path)}: ${d.message}`).join('; ');
      const body = JSON.stringify(
        errorEnvelope(correlationId, checked.code, checked.message, checked.details),
        null,
        indent,
      );
      return finish(1, `${body}\n`, `${prefix}: ${human}`);
    }
    inputs.push(checked.value);
  }

  const { config, warnings } = loadOrExit();
  const logger = pino(loggerOptions(config.logLevel === 'info' ? 'warn' : config.logLevel), pino.destination(2)).child({
    correlation_id: correlationId,
  });
  for (const warning of warnings(false)) logger.warn(warning);
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

async function main(argv: string[], startNote: string | null): Promise<void> {
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
    const { config, warnings } = loadOrExit(startNote);
    if (config.redisUrl && config.role === 'worker') return runWorker(config, warnings(false));
    await exitIfRedisUnreachable(config);
    const server = await serve(config);
    for (const warning of warnings(true)) server.app.log.warn(warning);
    exitOnSignals(server);
    return;
  }
  if (command === 'mcp') {
    if (rest.length > 0)
      return finish(
        1,
        undefined,
        `urlkit mcp takes no arguments; configure it with URLKIT_* variables. It speaks MCP on stdin/stdout and ` +
          `logs to stderr.`,
      );
    // Loaded only here: the other commands need not pay for the MCP SDK at start-up.
    const { runMcpStdio } = await import('../mcp/stdio.js');
    const { config, warnings } = loadOrExit();
    const session = await runMcpStdio(config, warnings(false));
    await session.closed;
    process.exit(0);
  }
  if (command === 'openapi') {
    if (rest.length > 0) return finish(1, undefined, 'urlkit openapi takes no arguments.');
    const { config, warnings } = loadOrExit();
    for (const warning of warnings(false)) process.stderr.write(`urlkit: warning: ${warning}\n`);
    const document = openApiDocument(TOOLS, {
      authEnabled: config.apiKeys.length > 0,
      hostCheck: hostRule(config) !== null,
    });
    return finish(0, `${JSON.stringify(document, null, 2)}\n`);
  }
  if (command === 'worker') {
    if (rest.length > 0)
      return finish(
        1,
        undefined,
        `urlkit worker takes no arguments; configure it with URLKIT_REDIS_URL and the other URLKIT_* variables.`,
      );
    const { config, warnings } = loadOrExit(startNote);
    return runWorker(config, warnings(false));
  }
  const tool = findToolByCommand(command);
  if (!tool) return usageError('urlkit', `unknown command "${command}"`, 'run "urlkit --help" for the commands');
  await runTool(tool, rest);
}

/**
 * Runs the command `argv` names, to its exit. `startNote`: what execWithStartSettings said (the
 * servers log it as a warning).
 */
export async function runCommand(argv: string[], startNote: string | null): Promise<void> {
  // A reader that stops early (`urlkit metadata ... | head -1`) is not an error worth a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  try {
    await main(argv, startNote);
  } catch (err) {
    process.stderr.write(`urlkit: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
