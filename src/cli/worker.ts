// `urlkit worker`: runs queue jobs (the same named handlers as the API process, with the same
// settings) and serves /healthz, /readyz and /metrics on HOST:PORT for the orchestrator.
// SIGTERM/SIGINT: stop taking jobs, let running ones finish (each is bounded by its deadline),
// then exit 0.
import Fastify from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config/config.js';
import { VERSION } from '../config/config.js';
import { checkRedis } from '../batch/check-redis.js';
import { loggerOptions } from '../app/logging.js';
import { createMetrics } from '../metrics/metrics.js';
import { createServices } from '../app/services.js';

export async function runWorker(config: Config): Promise<void> {
  if (!config.redisUrl) {
    process.stderr.write('urlkit worker: set URLKIT_REDIS_URL (the Redis the API process queues jobs on)\n');
    process.exit(1);
  }
  const unreachable = await checkRedis(config.redisUrl);
  if (unreachable) {
    process.stderr.write(`urlkit worker: ${unreachable}\n`);
    process.exit(1);
  }
  const logger = pino(loggerOptions(config.logLevel), pino.destination(1));
  const metrics = createMetrics();
  const services = createServices(config, metrics.fetchObserver, {
    registry: metrics.registry,
    role: 'worker',
    logger,
  });
  await services.start?.();

  const app = Fastify({ loggerInstance: logger, disableRequestLogging: true });
  app.get('/healthz', async () => ({ status: 'ok', version: VERSION }));
  app.get('/readyz', async (_request, reply) => {
    if (services.ready?.() === false)
      return reply.code(503).send({ status: 'not ready', reason: 'Redis (the job queue) is unreachable.' });
    return { status: 'ready', version: VERSION };
  });
  app.get('/metrics', async (_request, reply) => {
    reply.header('Content-Type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  const address = await app.listen({ host: config.host, port: config.port });
  logger.info({ address, concurrency: config.queueConcurrency }, 'urlkit worker running jobs');

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000).unref();
    Promise.allSettled([app.close(), services.close()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
