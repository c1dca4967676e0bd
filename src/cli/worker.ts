// `urlkit worker`: runs queue jobs (the same named handlers as the API process, with the same
// settings) and serves /healthz, /readyz and /metrics on HOST:PORT for the orchestrator, with
// the API's bodies (correlation_id, the error envelope for 503 and unknown routes).
// SIGTERM/SIGINT (app/exit-on-signals.ts, as the API's): stop taking jobs at once, let the
// running ones finish and deliver their results within URLKIT_SHUTDOWN_GRACE_MS, stop what is
// left then (job-runner.ts: their items are answered as retryable timeouts), close, then exit 0;
// a repeated signal changes nothing.
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config/config.js';
import { checkRedis } from '../batch/check-redis.js';
import { drainOnSignals } from '../app/exit-on-signals.js';
import { loggerOptions } from '../app/logging.js';
import { createMetrics } from '../metrics/metrics.js';
import { createServices } from '../app/services.js';
import { installConventions, serverOptions } from '../http/conventions.js';
import { systemRoutes } from '../http/system-routes.js';
import { ABORT_GRACE_MS } from '../tools/invoke.js';
import { limitHeapGrowth } from '../util/heap-growth.js';

export async function runWorker(config: Config, warnings: readonly string[] = []): Promise<void> {
  if (!config.redisUrl) {
    process.stderr.write('urlkit worker: set URLKIT_REDIS_URL (the Redis the API process queues jobs on)\n');
    process.exit(1);
  }
  const unreachable = await checkRedis(config.redisUrl);
  if (unreachable) {
    process.stderr.write(`urlkit worker: ${unreachable}\n`);
    process.exit(1);
  }
  limitHeapGrowth();
  const logger = pino(loggerOptions(config.logLevel), pino.destination(1));
  for (const warning of warnings) logger.warn(warning);
  const metrics = createMetrics();
  const services = createServices(config, metrics.fetchObserver, {
    registry: metrics.registry,
    role: 'worker',
    logger,
  });
  await services.start?.();

  let stopping = false;
  // The same conventions as the API's routes (correlation ids, JSON envelopes); request logging
  // off: orchestrators probe these every few seconds.
  const app = Fastify(serverOptions(logger as unknown as FastifyBaseLogger, config, false));
  installConventions(app, config.bodyLimitBytes);
  await app.register(systemRoutes, {
    metrics,
    notReady: () => {
      if (stopping) return 'The worker is shutting down.';
      if (services.ready?.() === false) return 'Redis (the job queue) is unreachable.';
      return null;
    },
  });
  const address = await app.listen({ host: config.host, port: config.port });
  logger.info({ address, concurrency: config.queueConcurrency }, 'urlkit worker running jobs');

  // The API server's signal handling (a repeated signal does not cut the drain short), and its
  // deadline: the grace, the stopped jobs' time to answer, then closing.
  drainOnSignals({
    deadlineMs: config.shutdownGraceMs + ABORT_GRACE_MS + 5000,
    logger,
    stop: async (signal) => {
      stopping = true;
      logger.info({ signal, grace_ms: config.shutdownGraceMs }, 'worker shutting down');
      // /healthz, /readyz (503: shutting down) and /metrics answer until the jobs are done: the
      // orchestrator sees a worker that drains, not one that is gone. The worker threads, the
      // fetcher and Redis close only after the jobs, which need them.
      try {
        await services.drainJobs?.(config.shutdownGraceMs);
      } finally {
        logger.info('worker jobs done');
        await Promise.allSettled([app.close(), services.close()]);
      }
    },
  });
}
