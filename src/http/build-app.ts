// The Fastify app, without listen(), so tests can inject() or listen on a port of their own.
// Tools and services are injectable (defaults: the registry and createServices) so a test can
// drive timeouts, shedding and shutdown with a deliberately slow tool.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import type { Admission } from '../admission/admission.js';
import { admissionFromConfig } from '../admission/from-config.js';
import { mainThreadCpuClock } from '../admission/main-thread-cpu.js';
import { OwnLoopDelay } from '../admission/own-loop-delay.js';
import type { Config } from '../config/config.js';
import { createMetrics, type Metrics } from '../metrics/metrics.js';
import { TOOLS } from '../tools/registry.js';
import { createServices, type Services } from '../app/services.js';
import type { Tool } from '../tools/types.js';
import type { WorkerPool } from '../workers/pool.js';
import { createValidator } from '../tools/validation.js';
import { createApiKeyCheck } from './auth.js';
import { capConnections } from './connection-caps.js';
import { installConventions, serverOptions } from './conventions.js';
import { Lifecycle } from '../app/lifecycle.js';
import { batchedStdout, loggerOptions } from '../app/logging.js';
import { registerOpenApi } from './openapi.js';
import { systemRoutes } from './system-routes.js';
import { toolRoutes } from './tool-routes.js';
import { trustedProxies } from './trusted-proxies.js';
import { checkHosts, hostRule } from './host-check.js';

export interface BuildAppOptions {
  tools?: readonly Tool<unknown>[];
  services?: Services;
  /** Where JSON log lines go. @default stdout, in batches (batchedStdout in app/logging.ts) */
  logStream?: DestinationStream;
  /** The window over which the last-resort guard averages the event loop's own delay (ms). @default 1000 */
  pressureSampleIntervalMs?: number;
}

export interface UrlkitHandle {
  lifecycle: Lifecycle;
  /** Admission control for tool calls; every front end on this app runs its calls through admission.run(). */
  admission: Admission;
  metrics: Metrics;
  services: Services;
  /** Writes the log lines still gathered in the batch; resolves once they are written. */
  flushLogs(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    urlkit: UrlkitHandle;
  }
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const metrics = createMetrics();
  const services = options.services ?? createServices(config, metrics.fetchObserver, { registry: metrics.registry });
  // Scale-out: the job queue is connected before the server takes calls.
  if (!options.services) await services.start?.();
  const tools = options.tools ?? TOOLS;
  const lifecycle = new Lifecycle();
  const workers = localWorkers(services);
  const admission = admissionFromConfig(
    config,
    workers,
    {
      onStart: (tool, waitedMs) => metrics.admissionWait.observe({ tool }, waitedMs / 1000),
      onShed: (_tool, reason) => metrics.admissionShed.inc({ reason }),
    },
    services.shares,
  );
  // The event loop's delay from the main thread's own work: what the last-resort guard sheds on.
  const loopDelay = new OwnLoopDelay({
    windowMs: options.pressureSampleIntervalMs ?? 1000,
    cpu: mainThreadCpuClock(),
  });
  loopDelay.start();
  metrics.observeCapacity({ admission, workers, loop: loopDelay, resultMemory: services.shares?.resultMemory });
  const pressure = { isUnderPressure: () => false };

  const logger = pino(loggerOptions(config.logLevel), options.logStream ?? batchedStdout());
  const proxies = trustedProxies(config.trustedProxies);
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger at runtime; the cast keeps the app's default type.
    ...serverOptions(logger as unknown as FastifyBaseLogger, config, true),
    // Draining is answered by our own hook with the JSON envelope, not fastify's bare 503.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    trustProxy: proxies?.trust ?? false,
  });

  // A write error (stdout closed) ends the wait too: shutdown must not hang on its log.
  const flushLogs = () => new Promise<void>((resolve) => logger.flush(() => resolve()));
  app.decorate('urlkit', { lifecycle, metrics, services, admission, flushLogs });

  capConnections(
    app,
    config,
    {
      refused: (cap) => metrics.connectionsRefused.inc({ cap }),
      gaveWay: (state) => metrics.connectionsGaveWay.inc({ state }),
    },
    proxies,
  );
  installConventions(app, config.bodyLimitBytes);
  const hosts = hostRule(config);
  checkHosts(app, hosts);

  // While draining, every response closes its connection, so keep-alive sockets do not hold
  // the shutdown open until their idle timeout.
  // Per-request hooks take fastify's callback form: an async hook costs a promise and its
  // resolution on every request, for work that never waits.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('Connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', async () => {
    loopDelay.stop();
    lifecycle.abortInFlight();
    await services.close();
  });

  await registerOpenApi(app, tools, { authEnabled: config.apiKeys.length > 0, hostCheck: hosts !== null });
  await app.register(systemRoutes, {
    metrics,
    notReady: () => {
      if (lifecycle.draining) return 'The service is shutting down.';
      if (pressure.isUnderPressure()) return 'The event loop is overloaded.';
      if (services.ready && !services.ready()) return 'Redis (the job queue) is unreachable.';
      if (admission.full)
        return `The service is at capacity and its admission queue is full (${admission.queued} calls waiting).`;
      return null;
    },
  });
  await app.register(toolRoutes, {
    tools,
    services,
    config,
    metrics,
    lifecycle,
    admission,
    validator: createValidator(tools),
    apiKeys: createApiKeyCheck(config.apiKeys),
    pressure,
    loopDelay,
  });
  return app;
}

/** The worker pool that admission measures, when these services run tasks in this process. */
function localWorkers(services: Services): WorkerPool | undefined {
  // Injected services may have no local pool (test tools that never parse; a front end whose
  // work runs elsewhere); admission then limits by its ceiling alone.
  try {
    return services.pool ?? undefined;
  } catch {
    return undefined;
  }
}
