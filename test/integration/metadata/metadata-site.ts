// A loopback site for the metadata tests: rich and plain pages, the meta-* fixtures served
// with their own headers, non-HTML files, redirects, a 404 and a slow page.
import fs from 'node:fs';
import path from 'node:path';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { FIXTURES } from '../../unit/extract/metadata/fixture-files.js';

export const ARTICLE_TEXT = [
  'The harbour town woke slowly under a grey sky, and the fishing boats came back one by one with their nets full ' +
    'of silver.',
  'Market stalls opened along the quay, selling bread, cheese and the first strawberries of the season to early ' +
    'visitors.',
  'By noon the sun had broken through, and the old lighthouse keeper sat on his bench telling stories to anyone ' +
    'who would listen.',
];

export const RICH_PAGE = `<!doctype html><html lang="en"><head>
<title>Harbour Days | Coast Times</title>
<meta name="description" content="A day in a harbour town.">
<meta property="og:title" content="Harbour Days">
<meta property="og:image" content="/img/harbour.jpg">
<meta property="og:site_name" content="Coast Times">
<link rel="icon" href="/icon-192.png" sizes="192x192">
<link rel="alternate" type="application/rss+xml" title="Coast Times" href="/feed.xml">
<meta property="article:published_time" content="2024-06-01T06:00:00Z">
</head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Harbour Days</h1>${ARTICLE_TEXT.map((p) => `<p>${p}</p>`).join('\n')}</article>
<footer>Copyright Coast Times</footer></body></html>`;

let slowRequests = 0;
let manifestRequests = 0;
/** Requests for the web app manifest received so far. */
export const manifestHits = () => manifestRequests;
/** Requests for /slow received so far (they never get an answer). */
export const slowHits = () => slowRequests;

/**
 * 500,000 tiny elements (4 MB): a page whose tree needs far more heap than a worker capped at
 * 48 MiB has, so parsing it kills the worker (the real way a chunk's worker dies).
 */
export const WORKER_KILLING_PAGE = '<!doctype html><title>Dense</title>' + '<i>a</i>'.repeat(500_000);
/** The worker memory cap under which WORKER_KILLING_PAGE kills its worker. */
export const SMALL_WORKER_MB = 48;

export async function startMetadataSite(): Promise<LoopbackServer> {
  return startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    if (p === '/dense') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(WORKER_KILLING_PAGE);
    } else if (p === '/page' || p === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(RICH_PAGE);
    } else if (p.startsWith('/page/')) {
      // Distinct pages for batches: /page/<n> titled "Page <n>".
      const n = p.slice('/page/'.length);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>Page ${n}</title><meta name="description" content="Description ${n}">` +
          `</head><body><p>Body ${n}</p></body></html>`,
      );
    } else if (p.startsWith('/fixture/')) {
      const slug = p.slice('/fixture/'.length);
      const dir = path.join(FIXTURES, slug);
      if (!slug.startsWith('meta-') || !fs.existsSync(dir)) {
        res.writeHead(404).end();
        return;
      }
      const req = JSON.parse(fs.readFileSync(path.join(dir, 'request.json'), 'utf8')) as {
        headers: Record<string, string>;
      };
      res.writeHead(200, req.headers);
      res.end(fs.readFileSync(path.join(dir, 'source.html')));
    } else if (p === '/files/Quarterly%20Report.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'last-modified': 'Mon, 01 Jan 2024 00:00:00 GMT' });
      res.end(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'));
    } else if (p === '/app' || p === '/app-big-icon') {
      // Small declared icons and a manifest with a large one; /app-big-icon declares a large icon itself.
      const icons =
        p === '/app'
          ? '<link rel="icon" href="/f16.png" sizes="16x16">'
          : '<link rel="icon" href="/f256.png" sizes="256x256">';
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<title>App</title>${icons}<link rel="manifest" href="/static/site.webmanifest">`);
    } else if (p === '/static/site.webmanifest') {
      manifestRequests++;
      res.writeHead(200, { 'content-type': 'application/manifest+json' });
      res.end(
        JSON.stringify({
          name: 'App',
          icons: [
            { src: 'icon-192.png', sizes: '192x192' },
            { src: 'icon-512.png', sizes: '512x512' },
          ],
        }),
      );
    } else if (p === '/feed.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      res.end(
        '<?xml version="1.0"?><rss version="2.0"><channel><title>Coast Times</title><link>/</link><description>' +
          'Harbour news.</description><item><title>Pier repairs</title><link>/news/pier</link>' +
          '<description>The pier is shut until May.</description></item></channel></rss>',
      );
    } else if (p === '/feed.json') {
      res.writeHead(200, { 'content-type': 'application/feed+json' });
      res.end(
        JSON.stringify({
          version: 'https://jsonfeed.org/version/1.1',
          title: 'Coast Notes',
          home_page_url: '/',
          description: 'Short notes.',
          language: 'en-GB',
          icon: '/icon.png',
          authors: [{ name: 'Mara Holt', url: 'https://coast.example/mara' }, { avatar: '/a.png' }],
          items: [{ id: '1', url: '/notes/1', title: 'Low tide', content_text: 'Walk out to the rocks.' }],
        }),
      );
    } else if (p === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml', 'last-modified': 'Thu, 05 Mar 2026 10:00:00 GMT' });
      res.end(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
          '<url><loc>/news/pier</loc><lastmod>2026-03-05</lastmod></url></urlset>',
      );
    } else if (p === '/data.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"title":"not a page"}');
    } else if (p === '/notes.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Plain notes.\nSecond line of notes.');
    } else if (p === '/notes.md') {
      res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' });
      res.end('# Harbour notes\n\nThe *ferry* runs [hourly](/timetable).\n');
    } else if (p === '/guide.md') {
      res.writeHead(200, { 'content-type': 'text/markdown', 'last-modified': 'Tue, 01 Jan 2026 00:00:00 GMT' });
      res.end(
        '---\ntitle: Mooring guide\ndescription: "Where to tie up, and what it costs."\n' +
          'authors:\n  - name: Ann Lee\n  - Bo Chen\ndate: 2026-03-05\nlastmod: 2026-04-01T09:30:00Z\n' +
          'lang: en_GB\nimage: /img/moorings.jpg\ntags: [harbour, boats, Harbour]\n---\n\n' +
          '# Moorings\n\nTie up at the east pier.\n',
      );
    } else if (p === '/missing') {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><head><title>Not Found</title></head><body><h1>Nothing here</h1></body></html>');
    } else if (p === '/moved') {
      res.writeHead(301, { location: '/page' });
      res.end();
    } else if (p === '/slow') {
      slowRequests++;
      // Headers never come; the client's timeout must end the wait (server close destroys the socket).
    } else {
      res.writeHead(404).end();
    }
  });
}
