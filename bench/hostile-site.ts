// The hostile caller's site for bench:hostile, in its own process on 127.0.0.2:PORT: one route
// per hostile page of issue 31 (the rows that apply with the browser off), and a small honest
// page, so honest callers also fetch from the attacked host.
//   /scan-bomb      row 2: `<html>` then `<a` repeated to 96 KiB
//   /slow-tail      row 6: about 5 MiB at once, then one byte every 5 s, never ending
//   /heavy          row 7: a 5 MiB page of paragraphs, seconds of a worker's time to parse and read
//   /long           row "unread": 400 KB of paragraphs each its own, quick to read, its text long
//   /slow           row 10: a small page after 14 s
//   /fat[<L>]/<id>/<n>   row 4: 10 redirects with 15 KB Locations (L bytes when given), then 14 KB
//                   of headers and 2 bytes
//   /pdf-bomb       row 5: a 2.5 KB PDF whose content stream inflates to 1 GiB of spaces
//   /br-bomb        row "br-bombs": 256 MiB of spaces as brotli with the largest window (16 MiB)
//   /spin           a hub whose scripts spin: two workers without end, the page's own thread 45 ms of
//                   every 50 (rendered: row "spin")
//   /page           a 2 KB page, answered at once
//   /stats          what the site served since it started: {"requests": {path: n}, "bodyBytes": n}
import http from 'node:http';
import zlib from 'node:zlib';
import { pdfBomb, serveFatChain } from '../test/support/hostile-pages.js';
import { compressStream, spaces } from '../test/support/compress-stream.js';
import { smallPage } from './target-pages.js';

const MiB = 1024 * 1024;
const para = '<p>' + 'Words of a long page that goes on and on, paragraph after paragraph. '.repeat(6) + '</p>\n';
const heavy = Buffer.from(
  `<!doctype html><title>Heavy</title><article>${para.repeat((5 * MiB) / para.length)}</article>`,
);
const long = Buffer.from(
  `<!doctype html><title>Long</title><article>${Array.from(
    { length: 1200 },
    (_, i) => `<p>Paragraph ${i} says ${'something of its own, '.repeat(14)}${i}.</p>`,
  ).join('\n')}</article>`,
);
const scanBomb = Buffer.from('<html>' + '<a'.repeat((96 * 1024 - 6) / 2));
const page = Buffer.from(smallPage());
const links = Array.from({ length: 20 }, (_, i) => `<li><a href="/story/${i}">Story number ${i} of the day</a></li>`);
const spin = Buffer.from(
  `<!doctype html><title>Spin</title><h1>Stories</h1><ul>${links.join('')}</ul><script>
for (let i = 0; i < 2; i++) new Worker(URL.createObjectURL(new Blob(['for (;;) {}'])));
setInterval(() => { const t = Date.now(); while (Date.now() - t < 45); }, 50);
</script>`,
);
const html = { 'content-type': 'text/html; charset=utf-8' };
const bomb = await pdfBomb();
const brBomb = await compressStream(
  zlib.createBrotliCompress({
    params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 24, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
  }),
  spaces(256),
);

/** How long /slow takes to answer (issue 31 row 10: 14 s). */
export const SLOW_ANSWER_MS = 14_000;

/** Requests by path and body bytes sent since start (bench:hostile's figures of what the attack fetched). */
const served = { requests: {} as Record<string, number>, bodyBytes: 0 };

/** A whole body (none for HEAD), counted. */
function send(res: http.ServerResponse, headers: http.OutgoingHttpHeaders, body: Buffer, head: boolean): void {
  if (!head) served.bodyBytes += body.length;
  res.writeHead(200, { ...headers, 'content-length': body.length }).end(head ? undefined : body);
}

function serve(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const head = req.method === 'HEAD';
  if (path === '/stats')
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served));
  served.requests[path] = (served.requests[path] ?? 0) + 1;
  if (path === '/page' || path === '/healthz') return send(res, html, page, head);
  if (path === '/scan-bomb') return send(res, html, scanBomb, head);
  if (path === '/heavy') return send(res, html, heavy, head);
  if (path === '/long') return send(res, html, long, head);
  if (path === '/spin') return send(res, html, spin, head);
  if (serveFatChain(req, res)) return;
  if (path === '/pdf-bomb') return send(res, { 'content-type': 'application/pdf' }, bomb, head);
  if (path === '/br-bomb') return send(res, { ...html, 'content-encoding': 'br' }, brBomb, head);
  if (path === '/slow') {
    const t = setTimeout(
      () => res.writeHead(200, { ...html, 'content-length': page.length }).end(page),
      SLOW_ANSWER_MS,
    );
    res.on('close', () => clearTimeout(t));
    return;
  }
  if (path === '/slow-tail') {
    res.writeHead(200, html);
    if (head) return void res.end();
    res.write(heavy.subarray(0, heavy.length - 1024));
    const t = setInterval(() => res.write(' '), 5000);
    res.on('close', () => clearInterval(t));
    return;
  }
  res.writeHead(404).end();
}

let requests = 0;
let connections = 0;
const server = http.createServer((req, res) => {
  requests++;
  serve(req, res);
});
server.on('connection', () => connections++);
// With BENCH_SITE_TRACE set: requests and new connections a second, on stderr.
if (process.env.BENCH_SITE_TRACE)
  setInterval(() => {
    process.stderr.write(`hostile site: ${requests} requests/s, ${connections} new connections/s\n`);
    requests = 0;
    connections = 0;
  }, 1000).unref();
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.2');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
