// The loopback target site of bench:load, in its own process so the load generator's sockets do
// not slow the site the service fetches from: GET /article (the corpus page closest to 100 KB,
// a real news article) and GET /page (a 2 KB page). Listens on 127.0.0.2:PORT.
import http from 'node:http';
import { loadCorpus } from './corpus.js';

function pickArticle(): string {
  const pages = loadCorpus();
  let best = pages[0]!;
  for (const p of pages) if (Math.abs(p.html.length - 100_000) < Math.abs(best.html.length - 100_000)) best = p;
  return best.html;
}

export function smallPage(): string {
  const para = '<p>' + 'A short paragraph of plain text for the status page. '.repeat(6) + '</p>\n';
  let html =
    '<!doctype html><html><head><meta charset="utf-8"><title>Status page</title></head><body><h1>Status</h1>\n';
  while (html.length < 1900) html += para;
  return html + '</body></html>\n';
}

const bodies: Record<string, Buffer> = {
  '/article': Buffer.from(pickArticle()),
  '/page': Buffer.from(smallPage()),
  '/healthz': Buffer.from('ok'),
};
const server = http.createServer((req, res) => {
  const body = bodies[req.url ?? ''];
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.2');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
