// Real HTTP servers on loopback for tests. The fixture address 127.0.0.2 is the only one a
// test config allows (URLKIT_ALLOW_CIDRS-style), so 127.0.0.1 and ::1 stay blocked by policy.
import http from 'node:http';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { defaultConfig, type Config } from '../../src/config/config.js';

export const FIXTURE_HOST = '127.0.0.2';

export interface LoopbackServer extends ListeningServer {
  server: http.Server;
}

export interface ListeningServer {
  origin: string;
  port: number;
  /** TCP connections accepted so far (to assert a blocked target saw none). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * Listens on an ephemeral port of `host`, counting accepted connections; close() destroys
 * open sockets first so keep-alive clients cannot hold a test open. Works for http and net servers.
 */
export async function listenTracked(server: NetServer, host: string = FIXTURE_HOST): Promise<ListeningServer> {
  let count = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    count++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${hostPart}:${port}`,
    port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function startServer(handler: http.RequestListener, host: string = FIXTURE_HOST): Promise<LoopbackServer> {
  const server = http.createServer(handler);
  return { server, ...(await listenTracked(server, host)) };
}

/** A config that reaches only the fixture address; everything else keeps the default policy. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return defaultConfig({
    logLevel: 'silent',
    allowCidrs: [`${FIXTURE_HOST}/32`],
    workerThreads: 2,
    // Event-loop shedding off: a busy CI machine can starve a test process for a second and
    // get its calls shed (503). Tests of shedding turn it on explicitly.
    maxEventLoopDelayMs: 0,
    ...overrides,
  });
}
