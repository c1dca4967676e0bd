// Redis mode, issue 31 rows 7 and 10: how long does a call with a small `timeout` (3 s) wait when
// a hostile caller's batches hold the workers? API + 2 `urlkit worker` processes + a real
// redis-server, as the scale tests start them. The hostile caller keeps 4 batches in flight: row
// 7, 40-item include_content batches of a 5 MiB page; row 10, 100-item batches of a page that
// answers in 14 s. An honest caller sends get_url_metadata (timeout 3) of a small page of another
// host every 500 ms. Printed per build: the honest answers' p50/p99/max (ms) and their error codes.
// Options: --service DIR (a built checkout; this one by default, repeatable to compare builds),
// --row 7|10, --seconds S (20).
import http from 'node:http';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startChild, type Child } from '../test/integration/http/child-server.js';
import { startRedis } from '../test/support/redis-server.js';
import { stopChild } from '../test/support/scale-cluster.js';

const HONEST = 'honest-key-0123456789';
const HOSTILE = 'hostile-key-0123456789';
const args = process.argv.slice(2);
const opt = (name: string) => args.filter((_, i) => args[i - 1] === `--${name}`);
const services = opt('service').length > 0 ? opt('service').map((d) => resolve(d)) : [resolve('.')];
const row = Number(opt('row')[0] ?? 7);
const seconds = Number(opt('seconds')[0] ?? 20);

async function post(origin: string, key: string, body: unknown): Promise<string[]> {
  const res = await fetch(`${origin}/api/v1/tools/get_url_metadata`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) return [`http_${res.status}`];
  const answer = (await res.json()) as { data: { results: { meta: { error?: { code: string } } }[] } };
  return answer.data.results.map((r) => r.meta.error?.code ?? 'ok');
}

const freePort = () =>
  new Promise<number>((done) => {
    const s = http.createServer().listen(0, '127.0.0.2', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

async function measure(service: string): Promise<string> {
  const redis = await startRedis();
  const sitePort = await freePort();
  const site = spawn(process.execPath, [resolve('dist/bench/hostile-site.js')], {
    env: { ...process.env, PORT: String(sitePort) },
    stdio: 'ignore',
  });
  const honestSite = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Honest</title><p>An honest page.</p>'),
  );
  await new Promise<void>((done) => honestSite.listen(0, '127.0.0.3', done));
  const honestOrigin = `http://127.0.0.3:${(honestSite.address() as { port: number }).port}`;
  const cli = join(service, 'dist/src/cli/main.js');
  const env = {
    URLKIT_REDIS_URL: redis.url,
    URLKIT_ALLOW_CIDRS: '127.0.0.2/31',
    URLKIT_API_KEYS: `${HONEST},${HOSTILE}`,
    URLKIT_RATE_LIMIT_MAX: '0',
  };
  const children: Child[] = [];
  try {
    for (let w = 0; w < 2; w++) children.push(await startChild(cli, env, ['worker']));
    const api = await startChild(cli, { URLKIT_ROLE: 'api', ...env }, ['serve']);
    children.push(api);
    await sleep(1000);
    let stop = false;
    let batch = 0;
    const hostileCodes = new Map<string, number>();
    // Runs until `stop`; its calls end with the service.
    void Array.from({ length: 4 }, async () => {
      while (!stop) {
        const b = batch++;
        const items =
          row === 7
            ? Array.from({ length: 40 }, (_, i) => `http://127.0.0.2:${sitePort}/heavy?b=${b}&i=${i}`)
            : Array.from({ length: 100 }, (_, i) => `http://127.0.0.2:${sitePort}/slow?b=${b}&i=${i}`);
        const codes = await post(api.origin, HOSTILE, { items, include_content: row === 7, timeout: 15 }).catch(() => [
          'fetch_failed',
        ]);
        for (const c of codes) hostileCodes.set(c, (hostileCodes.get(c) ?? 0) + 1);
      }
    });
    await sleep(3000);
    const times: number[] = [];
    const codes = new Map<string, number>();
    const honest: Promise<void>[] = [];
    for (let n = 0; n < seconds * 2; n++) {
      const t0 = Date.now();
      honest.push(
        post(api.origin, HONEST, { url: `${honestOrigin}/p?n=${n}`, timeout: 3 }).then(
          ([c]) => {
            times.push(Date.now() - t0);
            codes.set(c!, (codes.get(c!) ?? 0) + 1);
          },
          () => void codes.set('fetch_failed', (codes.get('fetch_failed') ?? 0) + 1),
        ),
      );
      await sleep(500);
    }
    await Promise.all(honest);
    stop = true;
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
    const fmt = (m: Map<string, number>) => [...m].map(([k, v]) => `${k} ${v}`).join(', ');
    const figures = `${times.length} | ${at(0.5)} | ${at(0.99)} | ${times.at(-1)}`;
    return `| ${service} | ${row} | ${figures} | ${fmt(codes)} | ${fmt(hostileCodes)} |`;
  } finally {
    await Promise.all(children.map(stopChild));
    site.kill('SIGKILL');
    honestSite.close();
    honestSite.closeAllConnections();
    await redis.stop();
  }
}

console.log('| build | row | honest calls | p50 ms | p99 ms | max ms | honest answers | hostile items |');
console.log('|---|---|---|---|---|---|---|---|');
for (const s of services) console.log(await measure(s));
process.exit(0);
