// npm run bench:redirects: page fetches of same-origin redirect chains (each hop a 301 with a
// short "Moved" note, as web servers send, then a 2 KB page) against a loopback server in a
// child process, three ways in interleaved rounds:
//   this build        the shared fetcher's fetchPage (what the cleaners and metadata use)
//   --against DIR     the same from another build (e.g. a checkout of the commit before)
//   undici fetch      undici's own fetch (redirect: follow, its keep-alive Agent): the peer
// Prints, per way: the connections the server accepted, chains a second, p50/p95 latency and this
// process's CPU ms per chain (the server's is not counted). Options: --chains N (per way, 600),
// --hops H (5), --concurrency C (8), --against DIR (its fetcher gets this build's settings).
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Agent, fetch as undiciFetch } from 'undici';
import { defaultConfig } from '../src/config/config.js';
import type { Fetcher } from '../src/fetch/types.js';
import { arg } from './service-process.js';
import { runLoad } from './lanes.js';
import { percentile } from './stats.js';
import { forkTarget } from './target-process.js';

const TARGET_HOST = '127.0.0.2';
const ROUNDS = 4;
const CHAINS = Number(arg('chains') ?? 600);
const HOPS = Number(arg('hops') ?? 5);
const CONCURRENCY = Number(arg('concurrency') ?? 8);

if (process.argv[2] === '--serve') serve();
else await main();

/** /chain/<id>/<n>: a 301 to /chain/<id>/<n-1>; /chain/<id>/0 the page; /connections the count. */
function serve(): void {
  const page = Buffer.from(`<!doctype html><title>Arrived</title><p>${'Words of the page. '.repeat(100)}</p>`);
  // Connections that carried a chain (not the bench's own /connections reads).
  let connections = 0;
  const counted = new WeakSet<object>();
  const server = http.createServer((req, res) => {
    if (req.url === '/connections') return void res.end(String(connections));
    if (!counted.has(req.socket)) {
      counted.add(req.socket);
      connections++;
    }
    const [, , id, n] = (req.url ?? '').split('/');
    if (Number(n) > 0) {
      const location = `/chain/${id}/${Number(n) - 1}`;
      const note =
        '<html><head><title>301 Moved Permanently</title></head>' +
        `<body><a href="${location}">Moved</a></body></html>`;
      res.writeHead(301, { location, 'content-type': 'text/html', 'content-length': Buffer.byteLength(note) });
      return void res.end(note);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length }).end(page);
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, TARGET_HOST, () => process.send!((server.address() as AddressInfo).port));
  process.on('disconnect', () => process.exit(0));
}

interface Way {
  name: string;
  once: (url: string) => Promise<void>;
  close: () => Promise<void>;
}

interface Tally {
  latencies: number[];
  seconds: number;
  cpuMs: number;
  chains: number;
  connections: number;
}

async function main(): Promise<void> {
  const site = await forkTarget<number>(import.meta.url);
  const origin = `http://${TARGET_HOST}:${site.ready}`;
  const against = arg('against');
  const ways: Way[] = [await fetcherWay('this build', '..')];
  if (against) ways.push(await fetcherWay(`build at ${against}`, resolve(against, 'dist')));
  ways.push(undiciWay());
  const tallies = ways.map((): Tally => ({ latencies: [], seconds: 0, cpuMs: 0, chains: 0, connections: 0 }));
  let chainId = 0;
  const connections = async () => Number(await (await undiciFetch(`${origin}/connections`)).text());
  try {
    for (const w of ways) await runLoad(50, CONCURRENCY, () => w.once(`${origin}/chain/warm${chainId++}/${HOPS}`), []);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...ways.keys()].reverse() : [...ways.keys()];
      for (const i of order) {
        const t = tallies[i]!;
        const before = await connections();
        const cpu = process.cpuUsage();
        const started = performance.now();
        const n = Math.ceil(CHAINS / ROUNDS);
        await runLoad(n, CONCURRENCY, () => ways[i]!.once(`${origin}/chain/c${chainId++}/${HOPS}`), t.latencies);
        t.seconds += (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpu);
        t.cpuMs += (used.user + used.system) / 1000;
        t.chains += n;
        t.connections += (await connections()) - before;
      }
    }
  } finally {
    for (const w of ways) await w.close();
    site.stop();
  }
  print(ways, tallies);
}

async function fetcherWay(name: string, distRoot: string): Promise<Way> {
  const url = pathToFileURL(resolve(fileURLToPath(import.meta.url), '..', distRoot, 'src/fetch/fetch-page.js')).href;
  const { createFetcher } = (await import(url)) as { createFetcher: (c: unknown) => Fetcher };
  const fetcher = createFetcher(
    defaultConfig({
      logLevel: 'silent',
      allowCidrs: [`${TARGET_HOST}/32`],
      perHostConcurrency: CONCURRENCY,
      maxEventLoopDelayMs: 0,
    }),
  );
  return {
    name,
    once: async (chain) => {
      const r = await fetcher.fetchPage(chain, { timeoutMs: 15_000 });
      if (r.status !== 200 || r.hops.length !== HOPS) throw new Error(`${name}: ${r.status}, ${r.hops.length} hops`);
    },
    close: () => fetcher.close(),
  };
}

function undiciWay(): Way {
  const agent = new Agent({ connections: CONCURRENCY });
  return {
    name: 'undici fetch (redirect: follow)',
    once: async (chain) => {
      const res = await undiciFetch(chain, { dispatcher: agent, redirect: 'follow' });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`undici fetch: ${res.status}`);
    },
    close: () => agent.close(),
  };
}

function print(ways: Way[], tallies: Tally[]): void {
  const lines = [
    `same-origin redirect chains: ${HOPS} hops (301, a short note) then a 2 KB page, ${CHAINS} chains per way ` +
      `(${ROUNDS} interleaved rounds), ${CONCURRENCY} at once; node ${process.version}, ` +
      `${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
    '',
    '| way | new connections (after 50 warm-up chains) | chains/s | p50 ms | p95 ms | ' +
      'CPU ms per chain (this process) |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [i, w] of ways.entries()) {
    const t = tallies[i]!;
    t.latencies.sort((a, b) => a - b);
    lines.push(
      `| ${w.name} | ${t.connections} | ${(t.chains / t.seconds).toFixed(0)} | ` +
        `${percentile(t.latencies, 0.5).toFixed(2)} | ${percentile(t.latencies, 0.95).toFixed(2)} | ` +
        `${(t.cpuMs / t.chains).toFixed(2)} |`,
    );
  }
  console.log(lines.join('\n'));
}
