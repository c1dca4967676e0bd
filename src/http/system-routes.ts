// Liveness, readiness and metrics. These stay outside the tool scope: no API key, no rate
// limit, no admission queue, so orchestrators and scrapers can always see what the service is doing.
import type { FastifyInstance } from 'fastify';
import type { Admission } from '../admission/admission.js';
import { VERSION } from '../config/config.js';
import type { Metrics } from '../metrics/metrics.js';
import { sendError } from './errors.js';
import type { Lifecycle } from '../app/lifecycle.js';
import { OVERLOAD_RETRY_AFTER_S } from './tool-routes.js';

export interface SystemRoutesOptions {
  metrics: Metrics;
  lifecycle: Lifecycle;
  admission: Admission;
  pressure: { isUnderPressure: () => boolean };
}

const statusSchema = {
  type: 'object',
  properties: {
    correlation_id: { type: 'string', format: 'uuid' },
    status: { type: 'string' },
    version: { type: 'string' },
  },
};

export async function systemRoutes(app: FastifyInstance, opts: SystemRoutesOptions): Promise<void> {
  const { metrics, lifecycle, pressure } = opts;

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['service'],
        summary: 'Liveness: the process is up (no dependencies checked).',
        response: { 200: statusSchema },
      },
    },
    async (request) => ({
      correlation_id: String(request.id),
      status: 'ok',
      version: VERSION,
    }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['service'],
        summary: 'Readiness: 200 when taking work; 503 overloaded while draining for shutdown or overloaded.',
        response: { 200: statusSchema },
      },
    },
    async (request, reply) => {
      let reason: string | null = null;
      if (lifecycle.draining) reason = 'The service is shutting down.';
      else if (pressure.isUnderPressure()) reason = 'The event loop is overloaded.';
      else if (app.urlkit?.services.ready && !app.urlkit.services.ready())
        reason = 'Redis (the job queue) is unreachable.';
      else if (opts.admission.full)
        reason = `The service is at capacity and its admission queue is full (${opts.admission.queued} calls waiting).`;
      if (reason) {
        reply.header('Retry-After', String(OVERLOAD_RETRY_AFTER_S));
        return sendError(reply, 'overloaded', reason);
      }
      return { correlation_id: String(request.id), status: 'ready', version: VERSION };
    },
  );

  app.get(
    '/metrics',
    { schema: { tags: ['service'], summary: 'Prometheus metrics (text exposition format).' } },
    async (_request, reply) => {
      reply.header('Content-Type', metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}
