// A local HTTP proxy (CONNECT tunnels, plus absolute-URI forwarding) for the proxy-mode tests.
// It records every tunnel it was asked for, so tests can check what the fetcher sent it.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ProxyServer {
  /** e.g. http://127.0.0.3:41234 */
  url: string;
  /** Authorities requested with CONNECT, in order (e.g. "127.0.0.2:8080"). */
  connects: string[];
  /** Absolute URIs requested in forward mode. */
  forwards: string[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Answer every CONNECT with this status instead of tunnelling. */
  refuseWith?: number;
  /** Require Proxy-Authorization: Basic base64(user:pass). */
  auth?: string;
  /** Defaults to 127.0.0.3: the proxy is the operator's, outside the target address policy. */
  host?: string;
  /** Serve the proxy itself over TLS (an https:// proxy URL) with this key and certificate. */
  tls?: { key: Buffer; cert: Buffer };
}

export async function startProxy(opts: ProxyOptions = {}): Promise<ProxyServer> {
  const connects: string[] = [];
  const forwards: string[] = [];
  const sockets = new Set<net.Socket>();
  const authorized = (h: http.IncomingHttpHeaders) =>
    !opts.auth || h['proxy-authorization'] === `Basic ${Buffer.from(opts.auth).toString('base64')}`;

  const onRequest: http.RequestListener = (req, res) => {
    // Forward mode: GET http://host:port/path HTTP/1.1
    forwards.push(req.url ?? '');
    if (!authorized(req.headers)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic' });
      return res.end();
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400);
      return res.end();
    }
    const up = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  };
  const server: http.Server = opts.tls ? https.createServer(opts.tls, onRequest) : http.createServer(onRequest);
  server.on(opts.tls ? 'secureConnection' : 'connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const authority = req.url ?? '';
    connects.push(authority);
    client.on('error', () => {});
    if (!authorized(req.headers)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    if (opts.refuseWith) {
      client.end(`HTTP/1.1 ${opts.refuseWith} Refused\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const m = /^\[?([^\]]+)\]?:(\d+)$/.exec(authority);
    if (!m) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const upstream = net.connect({ host: m[1], port: Number(m[2]) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    client.on('close', () => upstream.destroy());
  });

  const host = opts.host ?? '127.0.0.3';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const creds = opts.auth ? `${opts.auth}@` : '';
  return {
    url: `${opts.tls ? 'https' : 'http'}://${creds}${host}:${port}`,
    connects,
    forwards,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
