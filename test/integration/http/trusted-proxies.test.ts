// Behind a reverse proxy (URLKIT_TRUSTED_PROXIES), a call is its client's, as X-Forwarded-For
// names it, for the rate limit and every per-caller share: each client behind the proxy gets its
// own, what a client claims for itself in the header is not believed, a request from an address
// that is not a listed proxy is its peer's whatever its header says, and a proxy's connections are
// held to the total cap only. With no proxy listed, the header is ignored.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../src/config/config.js';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { logCollector } from '../../unit/http/helpers.js';

const PROXY = '127.0.0.1';
const OTHER_PEER = '127.0.0.5';

let site: LoopbackServer;
let app: FastifyInstance | undefined;

before(async () => {
  site = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
});
after(async () => {
  await site.close();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function startApp(
  overrides: Partial<Config>,
  logStream: { write(line: string): void } = { write() {} },
): Promise<number> {
  app = await buildApp(testConfig(overrides), { logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/**
 * A check_url_status call from the client address `from`, with `forwardedFor` as its
 * X-Forwarded-For, on a connection of its own, kept open after the answer until `release` if given.
 */
function statusCall(
  port: number,
  from: string,
  forwardedFor?: string,
  release?: Promise<void>,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify({ url: `${site.origin}/page` });
  const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'content-length': payload.length };
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/v1/tools/check_url_status',
        headers,
        agent,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const answer = { status: response.statusCode ?? 0, body };
          void (release ?? Promise.resolve()).then(() => {
            agent.destroy();
            resolve(answer);
          });
        });
      },
    );
    request.on('error', (error) => {
      agent.destroy();
      reject(error);
    });
    request.end(payload);
  });
}

/** The statuses of calls made one after another from `from`, each with its X-Forwarded-For. */
async function statusesOf(port: number, from: string, forwardedFors: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const forwardedFor of forwardedFors) out.push((await statusCall(port, from, forwardedFor)).status);
  return out;
}

describe('trusted reverse proxies', () => {
  it('counts a call from a listed proxy to the client X-Forwarded-For names, not to the proxy', async () => {
    const port = await startApp({ trustedProxies: [PROXY], rateLimitMax: 2, rateLimitWindowMs: 60_000 });
    const first = '198.51.100.7';
    assert.deepEqual(await statusesOf(port, PROXY, [first, first, first]), [200, 200, 429]);
    // Another client behind the same proxy has its own limit.
    assert.equal((await statusCall(port, PROXY, '198.51.100.8')).status, 200);
    // A client that writes another address into its own header is still the one its proxy saw.
    const claimed = await statusCall(port, PROXY, `203.0.113.9, ${first}`);
    assert.equal(claimed.status, 429);
    assert.match(claimed.body, /"rate_limited"/);
  });

  it('counts a call from an address that is not a listed proxy to that address, whatever its header says', async () => {
    const port = await startApp({ trustedProxies: [PROXY], rateLimitMax: 2, rateLimitWindowMs: 60_000 });
    const claims = ['198.51.100.20', '198.51.100.21', '198.51.100.22'];
    assert.deepEqual(await statusesOf(port, OTHER_PEER, claims), [200, 200, 429]);
  });

  it('ignores X-Forwarded-For when no proxy is listed', async () => {
    const port = await startApp({ rateLimitMax: 2, rateLimitWindowMs: 60_000 });
    const claims = ['198.51.100.30', '198.51.100.31', '198.51.100.32'];
    assert.deepEqual(await statusesOf(port, PROXY, claims), [200, 200, 429]);
  });

  it('logs the client as the remote address and the proxy it came through beside it', async () => {
    const logs = logCollector();
    const port = await startApp({ trustedProxies: [PROXY], logLevel: 'info' }, logs.stream);
    assert.equal((await statusCall(port, PROXY, '198.51.100.50')).status, 200);
    assert.equal((await statusCall(port, OTHER_PEER, '198.51.100.51')).status, 200);
    const requests = logs
      .lines()
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.req);
    assert.deepEqual(requests, [
      { method: 'POST', url: '/api/v1/tools/check_url_status', remoteAddress: '198.51.100.50', proxyAddress: PROXY },
      // Not a listed proxy: its own address, and no proxy.
      { method: 'POST', url: '/api/v1/tools/check_url_status', remoteAddress: OTHER_PEER },
    ]);
  });

  it("holds a listed proxy's connections to the total cap only, and other addresses to their own", async () => {
    const port = await startApp({ trustedProxies: [PROXY], maxConnectionsPerClient: 2, maxConnections: 100 });
    let releaseAll!: () => void;
    const release = new Promise<void>((resolve) => (releaseAll = resolve));
    // Four connections held open at once from the proxy, three from another address.
    const viaProxy = [1, 2, 3, 4].map((n) => statusCall(port, PROXY, `198.51.100.${40 + n}`, release));
    const direct = [1, 2, 3].map(() => statusCall(port, OTHER_PEER, undefined, release));
    const answered = Promise.all([...viaProxy, ...direct]);
    // The refused connection is answered at once; the others wait for the release to close.
    setTimeout(releaseAll, 1000);
    const all = await answered;
    assert.deepEqual(
      all.slice(0, 4).map((a) => a.status),
      [200, 200, 200, 200],
    );
    assert.deepEqual(
      all
        .slice(4)
        .map((a) => a.status)
        .sort(),
      [200, 200, 429],
    );
    assert.match(all.slice(4).find((a) => a.status === 429)!.body, /most open connections \(2\)/);
  });
});
