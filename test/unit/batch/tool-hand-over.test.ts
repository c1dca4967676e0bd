// While a worker reads a fetched page, the tool that fetched it holds neither the page's bytes nor
// the text it posted: a 5 MiB page is 10 MiB of the main thread's memory per call otherwise, for
// the seconds its task runs. Checked with weak references to both, taken as they pass from the
// fetcher to the pool, and a full collection while the task runs. Real fetch from a loopback
// site, a real worker pool.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServices, type Services } from '../../../src/app/services.js';
import type { CachingFetcher } from '../../../src/cache/cached-fetch.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { cleanOne } from '../../../src/tools/clean/run-clean.js';
import { fetchMetadataItem } from '../../../src/tools/metadata/fetch-item.js';
import { engineGc } from '../../../src/util/engine-gc.js';
import { WorkerPool, type RunOptions } from '../../../src/workers/pool.js';
import type { WorkerTask, WorkerTaskResult } from '../../../src/workers/worker.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { toolContext } from '../../support/tool-context.js';
import { long } from './pool-pages.js';

/** The pool, noting a weak reference to the text of each page task it is given. */
class WatchedPool extends WorkerPool {
  readonly posted: Array<WeakRef<object>> = [];
  override run<K extends WorkerTask['kind']>(
    task: Extract<WorkerTask, { kind: K }>,
    options?: RunOptions,
  ): Promise<WorkerTaskResult<K>> {
    const input = task.input as { body?: unknown };
    if (typeof input.body === 'object' && input.body !== null) this.posted.push(new WeakRef(input.body));
    return super.run(task, options);
  }
}

/** Weak references to the bytes of each body `fetchPage` returned. */
function watchedFetch<F extends Fetcher | CachingFetcher>(fetcher: F, fetched: Array<WeakRef<object>>): F {
  return {
    ...fetcher,
    fetchPage: async (...args: Parameters<F['fetchPage']>) => {
      const res = await (fetcher.fetchPage as (...a: unknown[]) => ReturnType<F['fetchPage']>)(...args);
      if (res.body) fetched.push(new WeakRef(res.body.bytes));
      return res;
    },
  };
}

const config = testConfig({
  largePageProcesses: 0,
  workerThreads: 1,
  workerTaskTimeoutMs: 60_000,
  workerMaxMemoryMb: 256,
  maxBodyBytes: 16 * 1024 * 1024,
});
let site: LoopbackServer;
let services: Services;
let pool: WatchedPool;
const fetched: Array<WeakRef<object>> = [];

before(async () => {
  site = await startServer((req, res) => {
    const body = req.url === '/long' ? long.input.body : '<title>Alive</title><p>A short page.</p>';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  services = createServices(config);
  pool = new WatchedPool(config);
});

after(async () => {
  await pool?.close();
  await services?.close();
  await site?.close();
});

/** Collects while the one task runs, and reads what is left of its page on the main thread. */
async function heldWhileRunning(): Promise<{ posted: boolean; bytes: boolean }> {
  const gc = engineGc();
  assert.ok(gc, "the engine's gc() is available");
  while (pool.busy === 0) await sleep(20);
  gc();
  assert.equal(pool.busy, 1, 'the task still runs');
  return { posted: pool.posted.at(-1)?.deref() !== undefined, bytes: fetched.at(-1)?.deref() !== undefined };
}

describe("a tool's page while a worker reads it", () => {
  it('clean_web_content holds neither its bytes nor its text', async () => {
    const ctx = toolContext(config, {
      ...services,
      pool,
      cachingFetcher: watchedFetch(services.cachingFetcher, fetched),
    });
    const call = (path: string) =>
      cleanOne(
        { url: `${site.origin}${path}`, output_format: 'text', include_title: true, max_chars: 1000, timeout: 60 },
        ctx,
        'content',
      );
    assert.equal((await call('/short')).data?.title, 'Alive');
    const running = call('/long');
    // The call ends before the test does, whatever the check finds.
    assert.deepEqual(await heldWhileRunning().finally(() => running), { posted: false, bytes: false });
    assert.equal((await running).data?.title, 'Long');
  });

  it('get_url_metadata holds neither its bytes nor its text', async () => {
    const deps = { fetcher: watchedFetch(services.fetcher, fetched), pool };
    const options = { includeContent: true, followRedirects: true, timeoutMs: 60_000 };
    const call = (path: string) =>
      fetchMetadataItem(`${site.origin}${path}`, options, deps, new AbortController().signal);
    assert.equal((await call('/short')).data?.title, 'Alive');
    const running = call('/long');
    // The call ends before the test does, whatever the check finds.
    assert.deepEqual(await heldWhileRunning().finally(() => running), { posted: false, bytes: false });
    assert.equal((await running).data?.title, 'Long');
  });
});
