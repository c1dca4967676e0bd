// Named handlers for the single-URL tools, so a queue worker runs them exactly as the API
// process would: they call the tools' own per-URL functions (cleanOne, probeUrl) unchanged.
import type { Logger } from 'pino';
import { inJobItem } from '../workers/item-parsing.js';
import type { ChunkHandler } from '../batch/types.js';
import type { Config } from '../config/config.js';
import type { Profile } from '../extract/blocks.js';
import type { CleanInput } from './clean-web-content.js';
import { cleanOne } from './clean/run-clean.js';
import type { StatusInput } from './check-url-status.js';
import { probeUrl } from './status/probe.js';
import type { Services } from './types.js';
import type { ToolItem } from './types.js';

export const CLEAN_HANDLER = 'clean';
export const STATUS_HANDLER = 'check_url_status';

export interface CleanJobOptions {
  profile: Profile;
  correlationId: string;
}

/**
 * When a URL's own `timeout` (seconds) began: its job's start, however long the job waited for
 * this worker (startBy less the timeout), or now for a job that carries no start-by time.
 */
function timeoutStart(startBy: number | undefined, timeoutS: number): number {
  return startBy === undefined ? Date.now() : startBy - Math.round(timeoutS * 1000);
}

export function createCleanHandler(
  config: Config,
  services: Services,
  logger: Logger,
): ChunkHandler<CleanInput, CleanJobOptions, ToolItem> {
  return (job, signal) =>
    Promise.all(
      job.items.map((input, index) =>
        inJobItem(index, () =>
          cleanOne(
            input,
            {
              config,
              services,
              logger: logger.child({ correlation_id: job.options.correlationId }),
              signal,
              correlationId: job.options.correlationId,
            },
            job.options.profile,
            timeoutStart(job.startBy, input.timeout),
          ),
        ),
      ),
    );
}

export function createStatusHandler(services: Services): ChunkHandler<StatusInput, Record<string, never>, ToolItem> {
  return (job, signal) =>
    Promise.all(
      job.items.map((input) =>
        probeUrl(
          services.fetcher,
          input.url,
          {
            followRedirects: input.follow_redirects,
            timeoutMs: Math.max(
              1,
              timeoutStart(job.startBy, input.timeout) + Math.round(input.timeout * 1000) - Date.now(),
            ),
            respectRobots: input.respect_robots ?? false,
          },
          signal,
        ),
      ),
    );
}
