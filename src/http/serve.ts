// Listen and shut down gracefully. Shared by `npm start` (src/main.ts) and `urlkit serve`.
// SIGTERM/SIGINT: stop accepting and turn readiness false, let in-flight calls finish within
// config.shutdownGraceMs, then abort what is left (tools report those URLs as timeout), close
// the services and exit 0.
import type { FastifyInstance } from 'fastify';
import { drainOnSignals } from '../app/exit-on-signals.js';
import type { Config } from '../config/config.js';
import { ABORT_GRACE_MS } from '../tools/invoke.js';
import { limitHeapGrowth } from '../util/heap-growth.js';
import { buildApp, type BuildAppOptions } from './build-app.js';

export interface RunningServer {
  app: FastifyInstance;
  address: string;
  /** Resolves once shutdown has finished. */
  closed: Promise<void>;
  /** Longest a graceful shutdown may take before the process gives up on it. */
  shutdownDeadlineMs: number;
  shutdown(reason: string): Promise<void>;
}

export async function serve(config: Config, options: BuildAppOptions = {}): Promise<RunningServer> {
  limitHeapGrowth();
  const app = await buildApp(config, options);
  const address = await app.listen({ host: config.host, port: config.port });
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let stopping: Promise<void> | null = null;

  const shutdown = (reason: string): Promise<void> => {
    if (stopping) return stopping;
    stopping = (async () => {
      const { lifecycle } = app.urlkit;
      app.log.info(
        { reason, in_flight: lifecycle.inFlight, grace_ms: config.shutdownGraceMs },
        'shutting down: draining',
      );
      lifecycle.startDraining();
      let lastResort: NodeJS.Timeout | undefined;
      const grace = setTimeout(() => {
        app.log.warn({ in_flight: lifecycle.inFlight }, 'grace period over: aborting in-flight work');
        lifecycle.abortInFlight();
        // Aborted tools answer within ABORT_GRACE_MS; whatever socket is still open after
        // that (a client that never reads, say) must not keep the process alive.
        lastResort = setTimeout(() => app.server.closeAllConnections(), ABORT_GRACE_MS + 1000);
      }, config.shutdownGraceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(grace);
        if (lastResort) clearTimeout(lastResort);
        app.log.info('shut down');
        await app.urlkit.flushLogs();
        resolveClosed();
      }
    })();
    return stopping;
  };
  return { app, address, closed, shutdown, shutdownDeadlineMs: config.shutdownGraceMs + ABORT_GRACE_MS + 5000 };
}

/** Wires SIGTERM and SIGINT to a graceful shutdown, then exits 0 (app/exit-on-signals.ts). */
export function exitOnSignals(server: RunningServer): void {
  drainOnSignals({
    stop: (signal) => server.shutdown(signal),
    deadlineMs: server.shutdownDeadlineMs,
    logger: server.app.log,
  });
}
