// Liveness, readiness and metrics. These stay outside the tool scope: no API key, no rate
// limit, no admission queue, so orchestrators and scrapers can always see what the service is
// doing; /metrics renders at most once a second however many read it (shared-render.ts). The
// API server and `urlkit worker` serve the same routes with the same bodies; only what makes
// them unready differs. Their OpenAPI description is in openapi-document.ts.
import type { FastifyInstance } from 'fastify';
import { VERSION } from '../config/config.js';
import type { Metrics } from '../metrics/metrics.js';
import { sharedRender } from '../metrics/shared-render.js';
import { sendError } from './errors.js';

/** Seconds a client is told to wait when shed while draining or with a starved event loop. */
export const OVERLOAD_RETRY_AFTER_S = 5;

export interface SystemRoutesOptions {
  metrics: Metrics;
  /** Why the process should not be sent work now, or null when it is ready. */
  notReady: () => string | null;
}

export function systemRoutes(app: FastifyInstance, opts: SystemRoutesOptions): Promise<void> {
  const { metrics, notReady } = opts;
  const renderMetrics = sharedRender(() => metrics.registry.metrics());

  app.get('/healthz', (request) =>
    Promise.resolve({ correlation_id: String(request.id), status: 'ok', version: VERSION }),
  );

  app.get('/readyz', (request, reply) => {
    const reason = notReady();
    if (reason) {
      reply.header('Retry-After', String(OVERLOAD_RETRY_AFTER_S));
      return sendError(reply, 'overloaded', reason);
    }
    return Promise.resolve({ correlation_id: String(request.id), status: 'ready', version: VERSION });
  });

  app.get('/metrics', (_request, reply) => {
    reply.header('Content-Type', metrics.registry.contentType);
    return renderMetrics();
  });
  return Promise.resolve();
}
