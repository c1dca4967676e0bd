// A tool's context for tests and benches that run a tool directly (tool.run(input, ctx)), without
// HTTP: the services the config builds, a silent logger, a signal that never aborts, a fixed
// correlation id.
import { pino } from 'pino';
import { createServices, type Services } from '../../src/app/services.js';
import type { Config } from '../../src/config/config.js';
import type { ToolContext } from '../../src/tools/types.js';

export const TEST_CORRELATION_ID = '00000000-0000-4000-8000-000000000000';

/** The context of a direct tool call; close `ctx.services` when the suite ends. */
export function toolContext(config: Config, services: Services = createServices(config)): ToolContext {
  return {
    config,
    services,
    logger: pino({ level: 'silent' }),
    signal: new AbortController().signal,
    correlationId: TEST_CORRELATION_ID,
  };
}
