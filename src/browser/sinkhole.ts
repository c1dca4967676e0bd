// A local port that accepts and at once drops every connection. Chromium is told to send all
// its traffic through it as a "proxy", so anything the request interception did not answer
// (a preconnect, a WebSocket, a request type interception never sees) dies here instead of
// reaching a target. Connections are counted: in tests a non-zero count shows a leak that the
// interception missed, and the operator can read it too.
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface Sinkhole {
  /** host:port for --proxy-server. */
  readonly address: string;
  /** Connections Chromium opened to the sinkhole so far. */
  connections(): number;
  close(): Promise<void>;
}

export async function openSinkhole(): Promise<Sinkhole> {
  let count = 0;
  const server = net.createServer((socket: Socket) => {
    count++;
    socket.on('error', () => {});
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // Never keep the process alive for it.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
