// The small site the README's examples read: a homepage, an article with the metadata a
// newcomer looks for (a meta description and a different og:description, an icon, an author and
// dates), a second note, and an old address that redirects to the article. Links are relative,
// so the pages are the same bytes on whatever port the site listens.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const ARTICLE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>The river otter returns</title>
<meta name="description" content="How river otters came back to the valley.">
<meta name="author" content="Maren Holt">
<meta property="og:title" content="The river otter returns">
<meta property="og:description" content="Field notes: three otter families after twenty years.">
<meta property="og:image" content="/img/otter.jpg">
<meta property="og:site_name" content="Valley Field Notes">
<meta property="article:published_time" content="2026-03-14T08:30:00+01:00">
<link rel="icon" href="/icon-32.png" sizes="32x32">
<link rel="alternate" type="application/rss+xml" title="Field notes" href="/feed.xml">
</head>
<body>
<header><a href="/">Valley Field Notes</a> <nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article>
<h1>The river otter returns</h1>
<p>Twenty years ago nobody in the valley had seen an otter.
Last spring three families were counted along the lower river.</p>
<p>The return followed cleaner water and the end of eel trapping. <a href="/notes/water">Read the water survey</a>.</p>
</article></main>
<footer><p>Share this note</p><p>&copy; Valley Field Notes</p></footer>
</body>
</html>
`;

const WATER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The water survey</title></head>
<body><main><article><h1>The water survey</h1>
<p>Samples from twelve points along the river, taken every month, show the nitrate load halved in ten years.</p>
</article></main></body></html>
`;

const HOME = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Valley Field Notes</title><link rel="icon" href="/icon-32.png"></head>
<body>
<header><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<form action="/search"><input name="q"></form></header>
<div class="cookie-banner">We use cookies. <button>Accept</button></div>
<main>
<h1>Valley Field Notes</h1>
<section>
<h2><a href="/notes/otter">The river otter returns</a></h2>
<p>Three otter families along the lower river, twenty years after the last one was seen.</p>
<h2><a href="/notes/water">The water survey</a></h2>
<p>Twelve sampling points, ten years of measurements.</p>
</section>
</main>
<footer><a href="/about">About</a></footer>
</body>
</html>
`;

const PAGES: Record<string, string> = { '/': HOME, '/notes/otter': ARTICLE, '/notes/water': WATER };

function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://site').pathname;
  if (path === '/old') {
    res.writeHead(301, { location: '/notes/otter', 'content-length': '0' }).end();
    return;
  }
  const page = PAGES[path];
  const body = Buffer.from(page ?? 'Not found', 'utf8');
  res.writeHead(page === undefined ? 404 : 200, {
    'content-type': page === undefined ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8',
    'content-length': String(body.length),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export interface ExampleSite {
  /** e.g. http://127.0.0.2:41234 */
  origin: string;
  close(): Promise<void>;
}

/** Serves the site on `host` (a loopback address the service is allowed to read) and a free port. */
export async function startExampleSite(host: string): Promise<ExampleSite> {
  const server = http.createServer(answer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
