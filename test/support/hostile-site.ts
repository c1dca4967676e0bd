// Loopback servers that misbehave on purpose: slow, endless, bombs, liars, broken protocol.
// Every route is real HTTP over a real socket on the fixture address (127.0.0.2).
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import {
  FIXTURE_HOST,
  listenTracked,
  startServer,
  type ListeningServer,
  type LoopbackServer,
} from './loopback-server.js';
import { compressStream, spaces } from './compress-stream.js';

/** `count` copies of gzip(1 MiB of spaces): a valid multi-member gzip that inflates to `count` MiB. */
export function gzipBomb(mib: number): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9 });
  return Buffer.concat(Array.from({ length: mib }, () => member));
}

/** brotli(`mib` MiB of spaces) at a fast quality: a few KB on the wire, built without holding the input. */
export async function brotliBomb(mib: number): Promise<Buffer> {
  return compressStream(
    zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
    spaces(mib),
  );
}

/** zstd(`mib` MiB of spaces) with the widest window HTTP allows (8 MiB), built without holding the input. */
export async function zstdBomb(mib: number): Promise<Buffer> {
  return compressStream(zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_windowLog]: 23 } }), spaces(mib));
}

/** Writes `chunk` forever (respecting backpressure) until the client goes away. */
function endless(res: http.ServerResponse, chunk: Buffer): void {
  const pump = () => {
    while (!res.destroyed && res.write(chunk)) {
      /* keep writing until the socket buffer is full */
    }
    if (!res.destroyed) res.once('drain', pump);
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

/** Sends `bytes` one byte every `everyMs`, forever if `forever`. Timers stop when the socket closes. */
function trickle(socket: net.Socket, bytes: Buffer, everyMs: number, forever: boolean): void {
  let i = 0;
  const t = setInterval(() => {
    if (socket.destroyed) return clearInterval(t);
    if (i >= bytes.length) {
      if (!forever) return clearInterval(t);
      i = 0;
    }
    socket.write(bytes.subarray(i, ++i));
  }, everyMs);
  socket.on('close', () => clearInterval(t));
}

export interface HostileSite extends LoopbackServer {
  /** Requests seen per path (path without query). */
  hits(path: string): number;
  /** Request headers of the last request to a path. */
  lastHeaders(path: string): http.IncomingHttpHeaders | undefined;
  /** Method of the last request to a path. */
  lastMethod(path: string): string | undefined;
}

const BOMB_MIB = 64;

/**
 * One HTTP server with a route per behaviour. Routes:
 *   /html                       small UTF-8 page          /status/<code>       that status, small body
 *   /redirect/<code>?to=<url>   redirect with Location    /no-location         302 without Location
 *   /chain/<n>                  n redirects then a page   /loop/a, /loop/b     a <-> b forever
 *   /trickle-body               headers, then 1 byte per 100 ms forever (chunked)
 *   /endless                    endless text/html body
 *   /gzip-bomb /br-bomb /zstd-bomb   64 MiB (or bombMiB) of spaces compressed
 *   /lying-length               Content-Length 100000, sends 10 bytes, closes
 *   /reset-mid-body             half a body, then a TCP reset
 *   /big-header                 a 64 KiB response header
 *   /flaky?id=<k>&fails=<n>     503 n times per id, then 200
 *   /retry-after?id=<k>&s=<n>   429 with Retry-After n once per id, then 200
 *   /forbidden-once?id=<k>      403 once per id, then 200
 *   /bytes?ct=<type>&hex=<hex>  exactly those bytes with that Content-Type (ct omitted: no header)
 *   /cookie-set, /cookie-echo   Set-Cookie then redirect; echo the Cookie header
 *   /echo                       JSON of the request method and headers
 *   /binary-big                 application/pdf with Content-Length 50 MB (never sent)
 */
export async function startHostileSite(opts: { bombMiB?: number } = {}): Promise<HostileSite> {
  // Built on first use: most test files never ask for a bomb.
  let bombs: Promise<Record<string, [encoding: string, body: Buffer]>> | null = null;
  const getBombs = () => {
    const mib = opts.bombMiB ?? BOMB_MIB;
    return (bombs ??= Promise.all([brotliBomb(mib), zstdBomb(mib)]).then(([br, zstd]) => ({
      '/gzip-bomb': ['gzip', gzipBomb(mib)],
      '/br-bomb': ['br', br],
      '/zstd-bomb': ['zstd', zstd],
    })));
  };
  const hits = new Map<string, number>();
  const headersSeen = new Map<string, http.IncomingHttpHeaders>();
  const methods = new Map<string, string>();
  const counters = new Map<string, number>();
  const bump = (k: string) => {
    const n = (counters.get(k) ?? 0) + 1;
    counters.set(k, n);
    return n;
  };

  const site = await startServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const path = u.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    headersSeen.set(path, req.headers);
    methods.set(path, req.method ?? '');
    const q = (k: string) => u.searchParams.get(k);
    let m: RegExpExecArray | null;

    if (path === '/html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Hi</title><p>héllo wörld</p>');
    }
    if ((m = /^\/status\/(\d{3})$/.exec(path))) {
      res.writeHead(Number(m[1]), { 'content-type': 'text/html' });
      return res.end(`<p>status ${m[1]}</p>`);
    }
    if ((m = /^\/redirect\/(\d{3})$/.exec(path))) {
      res.writeHead(Number(m[1]), { location: q('to') ?? '/html' });
      return res.end();
    }
    if (path === '/no-location') {
      res.writeHead(302, { 'content-type': 'text/html' });
      return res.end('<p>moved, somewhere</p>');
    }
    if ((m = /^\/chain\/(\d+)$/.exec(path))) {
      const n = Number(m[1]);
      if (n === 0) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<p>end of chain</p>');
      }
      res.writeHead(302, { location: `/chain/${n - 1}` });
      return res.end();
    }
    if (path === '/loop/a' || path === '/loop/b') {
      res.writeHead(301, { location: path === '/loop/a' ? '/loop/b' : '/loop/a' });
      return res.end();
    }
    if (path === '/trickle-body') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.flushHeaders();
      const t = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(t));
      return;
    }
    if (path === '/endless') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return endless(res, Buffer.alloc(64 * 1024, 0x61));
    }
    if (path === '/gzip-bomb' || path === '/br-bomb' || path === '/zstd-bomb') {
      void getBombs().then((all) => {
        const [encoding, body] = all[path];
        res.writeHead(200, {
          'content-type': 'text/html',
          'content-encoding': encoding,
          'content-length': String(body.length),
        });
        res.end(body);
      });
      return;
    }
    if (path === '/lying-length') {
      const sock = res.socket!;
      sock.write('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n<p>short</p>');
      return sock.end();
    }
    if (path === '/reset-mid-body') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '200000' });
      res.write(Buffer.alloc(50_000, 0x61), () => setTimeout(() => res.socket?.resetAndDestroy(), 20));
      return;
    }
    if (path === '/big-header') {
      res.writeHead(200, { 'content-type': 'text/html', 'x-filler': 'a'.repeat(64 * 1024) });
      return res.end('<p>big header</p>');
    }
    if (path === '/flaky') {
      const n = bump(`flaky:${q('id')}`);
      if (n <= Number(q('fails') ?? 1)) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        return res.end('try later');
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<p>ok after ${n - 1} failures</p>`);
    }
    if (path === '/retry-after') {
      const n = bump(`ra:${q('id')}`);
      if (n === 1) {
        res.writeHead(429, { 'retry-after': q('s') ?? '1', 'content-type': 'text/plain' });
        return res.end('slow down');
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<p>thanks for waiting</p>');
    }
    if (path === '/forbidden-once') {
      const n = bump(`fo:${q('id')}`);
      res.writeHead(n === 1 ? 403 : 200, { 'content-type': 'text/html' });
      return res.end(n === 1 ? '<p>go away</p>' : '<p>welcome</p>');
    }
    if (path === '/bytes') {
      const headers: Record<string, string> = {};
      if (q('ct') !== null) headers['content-type'] = q('ct')!;
      res.writeHead(200, headers);
      return res.end(Buffer.from(q('hex') ?? '', 'hex'));
    }
    if (path === '/cookie-set') {
      res.writeHead(302, {
        location: q('to') ?? '/cookie-echo',
        'set-cookie': ['session=abc123; Path=/; HttpOnly', 'pref=dark'],
      });
      return res.end();
    }
    if (path === '/cookie-echo' || path === '/echo') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ method: req.method, headers: req.headers }));
    }
    if (path === '/binary-big') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(50_000_000) });
      return endless(res, Buffer.alloc(64 * 1024, 0x25));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('no such route');
  });

  return {
    ...site,
    hits: (p) => hits.get(p) ?? 0,
    lastHeaders: (p) => headersSeen.get(p),
    lastMethod: (p) => methods.get(p),
  };
}

export type RawServer = ListeningServer;

/**
 * A plain TCP server for behaviours an HTTP server library will not produce (broken status
 * lines, trickled headers, silence). `onSocket` gets each accepted socket.
 */
export async function startRawServer(
  onSocket: (socket: net.Socket) => void,
  host: string = FIXTURE_HOST,
): Promise<RawServer> {
  const server = net.createServer((s) => {
    s.on('error', () => {});
    onSocket(s);
  });
  return listenTracked(server, host);
}

/** Raw behaviours, each started on its own server because they act before any request parsing. */
export const raw = {
  /** Accepts and never says anything. */
  silent: () => startRawServer(() => {}),
  /** Sends a status line and headers one byte per 100 ms, forever. */
  headerTrickle: () =>
    startRawServer((s) => trickle(s, Buffer.from('HTTP/1.1 200 OK\r\nX-Slow: ' + 'a'.repeat(1000)), 100, false)),
  /** Answers every request with `bytes` then closes. */
  reply: (bytes: string | Buffer) =>
    startRawServer((s) => {
      s.once('data', () => s.end(bytes));
    }),
};

/** Starts a counting server on 127.0.0.1 and one on ::1: targets that must never see a connection. */
export async function startForbiddenTargets(): Promise<{
  v4: LoopbackServer;
  v6: LoopbackServer | null;
  total(): number;
  close(): Promise<void>;
}> {
  const handler: http.RequestListener = (_req, res) => res.end('you should not see this');
  const v4 = await startServer(handler, '127.0.0.1');
  let v6: LoopbackServer | null = null;
  try {
    v6 = await startServer(handler, '::1');
  } catch {
    v6 = null; // no IPv6 loopback in this environment
  }
  return {
    v4,
    v6,
    total: () => v4.connections() + (v6?.connections() ?? 0),
    close: async () => {
      await Promise.all([v4.close(), v6?.close()]);
    },
  };
}
