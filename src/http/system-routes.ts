// Liveness, readiness and metrics. These stay outside the tool scope: no API key, no rate
// limit, no admission queue, so orchestrators and scrapers can always see what the service is
// doing. The API server and `urlkit worker` serve the same routes with the same bodies; only
// what makes them unready differs.
import type { FastifyInstance } from 'fastify';
import { VERSION } from '../config/config.js';
import type { Metrics } from '../metrics/metrics.js';
import { sendError } from './errors.js';
import { errorEnvelopeSchema } from './openapi.js';

/** Seconds a client is told to wait when shed while draining or with a starved event loop. */
export const OVERLOAD_RETRY_AFTER_S = 5;

export interface SystemRoutesOptions {
  metrics: Metrics;
  /** Why the process should not be sent work now, or null when it is ready. */
  notReady: () => string | null;
}

export function systemRoutes(app: FastifyInstance, opts: SystemRoutesOptions): Promise<void> {
  const { metrics, notReady } = opts;

  app.get('/healthz', { schema: healthzSchema }, (request) =>
    Promise.resolve({ correlation_id: String(request.id), status: 'ok', version: VERSION }),
  );

  app.get('/readyz', { schema: readyzSchema }, (request, reply) => {
    const reason = notReady();
    if (reason) {
      reply.header('Retry-After', String(OVERLOAD_RETRY_AFTER_S));
      return sendError(reply, 'overloaded', reason);
    }
    return Promise.resolve({ correlation_id: String(request.id), status: 'ready', version: VERSION });
  });

  app.get('/metrics', { schema: metricsSchema }, (_request, reply) => {
    reply.header('Content-Type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  return Promise.resolve();
}

const statusSchema = {
  type: 'object',
  required: ['correlation_id', 'status', 'version'],
  properties: {
    correlation_id: { type: 'string', format: 'uuid' },
    status: { type: 'string' },
    version: { type: 'string' },
  },
};

const healthzSchema = {
  tags: ['service'],
  operationId: 'healthz',
  summary: 'Liveness: the process is up (no dependencies checked).',
  response: { 200: { description: 'The process is up.', ...statusSchema } },
};

const readyzSchema = {
  tags: ['service'],
  operationId: 'readyz',
  summary: 'Readiness: 200 when taking work; 503 overloaded while draining for shutdown or overloaded.',
  response: {
    200: { description: 'Taking work.', ...statusSchema },
    503: {
      description: 'overloaded: not taking work now (draining, overloaded, or Redis unreachable); see Retry-After.',
      headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before asking again.' } },
      ...errorEnvelopeSchema,
    },
  },
};

const metricsSchema = {
  tags: ['service'],
  operationId: 'metrics',
  summary: 'Prometheus metrics (text exposition format).',
  response: {
    200: {
      description: 'Prometheus text exposition format.',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
  },
};
