// Process entry for `npm start`: configuration from the environment, listen, graceful shutdown.
import { ConfigError } from './config/config.js';
import { loadConfigNoting, startupWarnings, type LoadedConfig } from './config/config-warnings.js';
import { exitOnSignals, serve } from './http/serve.js';
import { exitIfRedisUnreachable } from './cli/redis-check.js';
import { runWorker } from './cli/worker.js';

async function main(): Promise<void> {
  let loaded: LoadedConfig;
  try {
    loaded = loadConfigNoting(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`urlkit: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const config = loaded.config;
  // URLKIT_ROLE=worker: this process only runs queue jobs, as `urlkit worker` does.
  if (config.redisUrl && config.role === 'worker') return runWorker(config, startupWarnings(loaded, false));
  await exitIfRedisUnreachable(config);
  const server = await serve(config);
  for (const warning of startupWarnings(loaded, true)) server.app.log.warn(warning);
  exitOnSignals(server);
}

main().catch((err: unknown) => {
  process.stderr.write(`urlkit: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
