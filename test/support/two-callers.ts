// Redis mode with two callers (two API keys): one API (or more, as behind a load balancer) and one
// worker with a given number of job slots, a site that never answers while the test runs (for the
// hostile caller's batches) and an honest site whose handler the test gives. For tests of one
// caller's jobs against another's.
import type { RequestListener, ServerResponse } from 'node:http';
import { startServer, type LoopbackServer } from './loopback-server.js';
import { startRedis, type TestRedis } from './redis-server.js';
import { startChild, type Child } from '../integration/http/child-server.js';
import { CLI, startCluster, stopChild, type Cluster } from './scale-cluster.js';

export const HONEST = 'honest-key-0123456789';
export const HOSTILE = 'hostile-key-0123456789';

export interface TwoCallers {
  cluster: Cluster;
  slowSite: LoopbackServer;
  honestSite: LoopbackServer;
  /** POSTs a tool call as the caller of `key`, to the first API process or the one `api` numbers. */
  post(key: string, tool: string, body: unknown, api?: number): Promise<Response>;
  stop(): Promise<void>;
}

export async function startTwoCallers(
  honest: RequestListener,
  jobSlots: number,
  env: Record<string, string> = {},
  apis = 1,
): Promise<TwoCallers> {
  const open = new Set<ServerResponse>();
  const started: { slowSite?: LoopbackServer; honestSite?: LoopbackServer; redis?: TestRedis; cluster?: Cluster } = {};
  const moreApis: Child[] = [];
  const stop = async () => {
    for (const res of open) res.destroy();
    await Promise.all(moreApis.map(stopChild));
    await started.cluster?.stop();
    await started.slowSite?.close();
    await started.honestSite?.close();
    await started.redis?.stop();
  };
  try {
    const slowSite = await startServer((_req, res) => {
      open.add(res);
      res.on('close', () => open.delete(res));
    }, '127.0.0.2');
    started.slowSite = slowSite;
    const honestSite = (started.honestSite = await startServer(honest, '127.0.0.3'));
    const redis = (started.redis = await startRedis());
    const clusterEnv = {
      URLKIT_REDIS_URL: redis.url,
      URLKIT_ALLOW_CIDRS: '127.0.0.2/31',
      URLKIT_API_KEYS: `${HONEST},${HOSTILE}`,
      URLKIT_RATE_LIMIT_MAX: '0',
      URLKIT_QUEUE_CONCURRENCY: String(jobSlots),
      URLKIT_REQUEST_TIMEOUT_MS: '20000',
      ...env,
    };
    const cluster = (started.cluster = await startCluster(1, clusterEnv));
    for (let i = 1; i < apis; i++)
      moreApis.push(await startChild(CLI, { URLKIT_ROLE: 'api', ...clusterEnv }, ['serve']));
    const origins = [cluster.api, ...moreApis].map((api) => api.origin);
    const post = (key: string, tool: string, body: unknown, api = 0) =>
      fetch(`${origins[api]}/api/v1/tools/${tool}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
    // The first call starts the worker's threads; the tests time what comes after.
    await post(HONEST, 'clean_web_content', { url: `${honestSite.origin}/warm` }).then((res) => res.arrayBuffer());
    return { cluster, slowSite, honestSite, post, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
