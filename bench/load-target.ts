// The loopback target site of bench:load (and of the honest callers of bench:hostile), in its
// own process so the load generator's sockets do not slow the site the service fetches from:
// GET /article (the corpus page closest to 100 KB, a real news article) and GET /page (a 2 KB
// page). Listens on TARGET_HOST (default 127.0.0.2), port PORT.
import http from 'node:http';
import { pickArticle, smallPage } from './target-pages.js';

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
server.listen(Number(process.env.PORT), process.env.TARGET_HOST ?? '127.0.0.2');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
