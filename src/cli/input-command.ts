// `urlkit <tool> --input FILE|-`: checks the options, opens the input, runs it (input-batches.ts)
// with a progress bar on a terminal's stderr, and exits 0 (every item fine), 2 (some item has
// meta.error) or 1 (bad usage, unreadable input).
import fs from 'node:fs/promises';
import { pino } from 'pino';
import { loggerOptions } from '../app/logging.js';
import { createServices } from '../app/services.js';
import type { Config } from '../config/config.js';
import type { Tool } from '../tools/types.js';
import { createValidator } from '../tools/validation.js';
import { pathToFlag } from './flags.js';
import { countUrlLines, runInput, urlLines } from './input-batches.js';
import { progressBar } from './progress-bar.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export async function runInputCommand(
  tool: Tool<unknown>,
  source: string,
  fields: Record<string, unknown>,
  correlationId: string,
  config: Config,
): Promise<never> {
  const prefix = `urlkit ${tool.command}`;
  const validator = createValidator([tool]);
  // The options are checked once, with a stand-in URL, before any input is read.
  const checked = validator.validate(tool.name, { ...fields, url: 'http://example.com/' });
  if (!checked.ok) fail(`${prefix}: ${checked.details.map((d) => `${pathToFlag(d.path)}: ${d.message}`).join('; ')}`);
  if (source !== '-') {
    try {
      await fs.access(source, fs.constants.R_OK);
    } catch (err) {
      fail(`${prefix}: cannot read --input ${source}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  }

  const logger = pino(loggerOptions(config.logLevel === 'info' ? 'warn' : config.logLevel), pino.destination(2)).child({
    correlation_id: correlationId,
  });
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
    return fail(`${prefix}: ${err instanceof Error ? err.message : String(err)}`);
  }
  progress?.stop();
  await services.close();
  process.exit(counts.failed > 0 ? 2 : 0);
}
