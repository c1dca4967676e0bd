// A loopback site with one path per status-probe case: HEAD refusal, dropped HEAD, redirect
// chains and loops, rate limits, challenge pages, slow answers, non-HTML files. It records
// every request so tests can assert what the probe actually sent.
import type http from 'node:http';
import { startServer, type LoopbackServer } from './loopback-server.js';

export interface SeenRequest {
  method: string;
  path: string;
}

export interface StatusSite extends LoopbackServer {
  /** Requests received so far, in order. */
  seen: SeenRequest[];
  /** Requests received for one path. */
  hits(path: string): SeenRequest[];
  /** Bytes of body the endless route managed to hand to the socket. */
  endlessBytesWritten(): number;
}

const HTML = '<!doctype html><html><head><title>ok</title></head><body><p>Hello</p></body></html>';
/** Content-Length of the HTML pages the site serves. */
export const HTML_BYTES = Buffer.byteLength(HTML);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

export async function startStatusSite(): Promise<StatusSite> {
  const seen: SeenRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let endlessBytes = 0;

  const sendHtml = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status = 200,
    extra: http.OutgoingHttpHeaders = {},
  ) => {
    const body = Buffer.from(HTML);
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, ...extra });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const redirect = (res: http.ServerResponse, status: number, location: string) => {
    res.writeHead(status, { location, 'content-length': 0 });
    res.end();
  };

  const handler: http.RequestListener = (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    seen.push({ method: req.method ?? '', path });
    const isHead = req.method === 'HEAD';
    // /hops/<n>: n redirects before /ok.
    const hops = /^\/hops\/(\d+)$/.exec(path);
    if (hops) return redirect(res, 302, Number(hops[1]) > 1 ? `/hops/${Number(hops[1]) - 1}` : '/ok');
    switch (path) {
      case '/ok':
        return sendHtml(req, res);
      case '/xhtml': {
        res.writeHead(200, { 'content-type': 'application/xhtml+xml', 'content-length': 5 });
        return res.end(isHead ? undefined : '<x/>\n');
      }
      case '/head-405':
        if (isHead) {
          res.writeHead(405, { allow: 'GET', 'content-length': 0 });
          return res.end();
        }
        return sendHtml(req, res);
      case '/head-501':
        if (isHead) {
          res.writeHead(501, { 'content-length': 0 });
          return res.end();
        }
        return sendHtml(req, res);
      case '/head-drop':
        // Hang up without a response, as some appliances do for HEAD.
        if (isHead) return req.socket.destroy();
        return sendHtml(req, res);
      case '/head-404':
        // A router that knows only GET routes.
        return sendHtml(req, res, isHead ? 404 : 200);
      case '/head-garbage':
        // Answers HEAD with something that is not HTTP at all.
        if (isHead) return req.socket.end('SPEAKS NO HTTP\r\n\r\n');
        return sendHtml(req, res);
      case '/head-404-get-drop':
        if (isHead) return sendHtml(req, res, 404);
        return req.socket.destroy();
      case '/head-405-get-drop':
        if (isHead) {
          res.writeHead(405, { 'content-length': 0 });
          return res.end();
        }
        return req.socket.destroy();
      case '/endless-get': {
        if (isHead) {
          res.writeHead(405, { 'content-length': 0 });
          return res.end();
        }
        // A body that never ends: a probe that read it would never finish.
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = () => {
          while (!res.destroyed && res.write(chunk)) endlessBytes += chunk.length;
        };
        res.on('drain', pump);
        pump();
        return;
      }
      case '/missing':
        return sendHtml(req, res, 404);
      case '/broken':
        return sendHtml(req, res, 500);
      case '/forbidden':
        return sendHtml(req, res, 403);
      case '/chain/a':
        return redirect(res, 301, 'b'); // relative to the path
      case '/chain/b':
        return redirect(res, 302, '/chain/c'); // absolute path
      case '/chain/c':
        return redirect(res, 307, './d?from=c'); // dot-relative with a query
      case '/chain/d':
        return redirect(res, 308, `http://${req.headers.host}/ok`); // absolute URL
      case '/loop/a':
        return redirect(res, 302, '/loop/b');
      case '/loop/b':
        return redirect(res, 301, '/loop/a');
      case '/waf-challenge':
        // AWS WAF's challenge action: 202 and this header, with an interstitial body.
        return sendHtml(req, res, 202, { 'x-amzn-waf-action': 'challenge' });
      case '/rate-limited':
        return sendHtml(req, res, 429, { 'retry-after': '120' });
      case '/rate-limited-short':
        // A wait short enough that a retrying client would sit it out.
        return sendHtml(req, res, 429, { 'retry-after': '1' });
      case '/unavailable':
        return sendHtml(req, res, 503);
      case '/rate-limited-date': {
        const now = Date.now();
        return sendHtml(req, res, 503, {
          date: new Date(now).toUTCString(),
          'retry-after': new Date(now + 90_000).toUTCString(),
        });
      }
      case '/challenge':
        // What a Cloudflare managed challenge answers, headers only.
        return sendHtml(req, res, 403, {
          server: 'cloudflare',
          'cf-ray': '8f00000000000000-AMS',
          'cf-mitigated': 'challenge',
          'set-cookie': '__cf_bm=abc; path=/; HttpOnly',
        });
      case '/challenge-cookie':
        return sendHtml(req, res, 503, { 'set-cookie': ['datadome=xyz; Path=/', 'lang=en'] });
      case '/slow': {
        const t = setTimeout(() => {
          timers.delete(t);
          sendHtml(req, res);
        }, 5000);
        timers.add(t);
        return;
      }
      case '/file.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length });
        return res.end(isHead ? undefined : PDF);
      case '/image.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
        return res.end(isHead ? undefined : PNG);
      case '/no-length':
        // Streamed without Content-Length (chunked for GET; nothing announced for HEAD).
        res.writeHead(200, { 'content-type': 'text/html' });
        if (!isHead) res.write(HTML);
        return res.end();
      case '/head-no-type':
        // Content-Type only on GET, as some servers do.
        res.writeHead(
          200,
          isHead
            ? { 'content-length': Buffer.byteLength(HTML) }
            : { 'content-type': 'text/html', 'content-length': Buffer.byteLength(HTML) },
        );
        return res.end(isHead ? undefined : HTML);
      case '/no-type':
        res.writeHead(200, { 'content-length': 0 });
        return res.end();
      default:
        return sendHtml(req, res, 404);
    }
  };

  const server = await startServer(handler);
  return {
    ...server,
    seen,
    hits: (path) => seen.filter((r) => r.path === path),
    endlessBytesWritten: () => endlessBytes,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await server.close();
    },
  };
}
