// `urlkit <tool> --input FILE|-`: checks the options, opens the input, runs it (input-batches.ts)
// with a progress bar on a terminal's stderr, and exits 0 (every item fine), 2 (some item has
// meta.error) or 1 (bad usage, unreadable input).
import fs from 'node:fs/promises';
import { pino } from 'pino';
import { loggerOptions } from '../app/logging.js';
import { createServices } from '../app/services.js';
import type { Config } from '../config/config.js';
import { errorEnvelope } from '../tools/envelope.js';
import type { Tool } from '../tools/types.js';
import { createValidator } from '../tools/validation.js';
import { pathToFlag } from './flags.js';
import { countUrlLines, runInput, urlLines } from './input-batches.js';
import { progressBar } from './progress-bar.js';

/** As every refused CLI call: the error envelope on stdout, one line on stderr, exit 1. */
function fail(correlationId: string, prefix: string, message: string): never {
  process.stdout.write(`${JSON.stringify(errorEnvelope(correlationId, 'invalid_request', message))}\n`);
  process.stderr.write(`${prefix}: ${message}\n`);
  process.exit(1);
}

export async function runInputCommand(
  tool: Tool<unknown>,
  source: string,
  fields: Record<string, unknown>,
  correlationId: string,
  config: Config,
  warnings: readonly string[] = [],
): Promise<never> {
  const prefix = `urlkit ${tool.command}`;
  const validator = createValidator([tool]);
  // The options are checked once, with a stand-in URL, before any input is read.
  const checked = validator.validate(tool.name, { ...fields, url: 'http://example.com/' });
  if (!checked.ok)
    fail(correlationId, prefix, checked.details.map((d) => `${pathToFlag(d.path)}: ${d.message}`).join('; '));
  if (source !== '-') {
    try {
      await fs.access(source, fs.constants.R_OK);
    } catch (err) {
      fail(
        correlationId,
        prefix,
        `cannot read --input ${source}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
      );
    }
  }

  const logger = pino(loggerOptions(config.logLevel === 'info' ? 'warn' : config.logLevel), pino.destination(2)).child({
    correlation_id: correlationId,
  });
  for (const warning of warnings) logger.warn(warning);
  const services = createServices(config, undefined, { role: 'local' });
  const interrupted = new AbortController();
  process.once('SIGINT', () => interrupted.abort(new Error('interrupted')));
  const progress = progressBar(process.stderr, process.stderr.isTTY ? await countUrlLines(source) : undefined);
  let counts;
  try {
    counts = await runInput(
      {
        tool,
        fields,
        validator,
        config,
        services,
        logger,
        correlationId,
        signal: interrupted.signal,
        out: process.stdout,
        ...(progress ? { progress } : {}),
      },
      urlLines(source),
    );
  } catch (err) {
    progress?.stop();
    await services.close();
    process.stderr.write(`${prefix}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  progress?.stop();
  await services.close();
  process.exit(counts.failed > 0 ? 2 : 0);
}
