// Both cleaners through the HTTP API against a real loopback site serving fixture pages:
// formats, include_title, max_chars, fallback both ways, no_content, a 404 page, an image,
// plain text, a non-UTF-8 page, redirects and a blocked target.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { PAGES_DIR } from '../../support/page-fixtures.js';
import { injectTool } from '../../support/inject-tool.js';
import type { ErrorEnvelope } from '../../support/answers.js';

const page = (slug: string, file = 'source.html') => readFileSync(new URL(`${slug}/${file}`, PAGES_DIR));
const expected = (slug: string, file: string) =>
  readFileSync(new URL(`${slug}/${file}`, PAGES_DIR), 'utf8').replace(/\n$/, '');

const SITEMAP =
  '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
  '<url><loc>/a</loc><lastmod>2026-03-05</lastmod></url><url><loc>https://x.example/b</loc></url></urlset>';

// path -> [status, content-type, body]
const ROUTES: Record<string, [number, string, Buffer]> = {
  '/news/2024/05/15/main-street-bike-lanes': [200, 'text/html; charset=utf-8', page('news-article')],
  '/': [200, 'text/html; charset=utf-8', page('homepage-news')],
  '/app/dashboard': [200, 'text/html; charset=utf-8', page('spa-shell')],
  '/open-data': [200, 'text/html; charset=utf-8', page('link-directory')],
  '/p/4412': [200, 'text/html; charset=utf-8', page('lightbox-article')],
  '/p/discontinued-tent': [404, 'text/html; charset=utf-8', page('not-found-page')],
  '/notice.txt': [200, 'text/plain; charset=utf-8', page('plain-text', 'source.txt')],
  '/guide/cache.md': [200, 'text/markdown', page('markdown-document', 'source.md')],
  '/raw/main/guide/cache.md': [200, 'text/plain; charset=utf-8', page('markdown-document', 'source.md')],
  '/feed.xml': [200, 'application/rss+xml; charset=utf-8', page('rss-feed', 'source.xml')],
  '/api/status.json': [200, 'application/json', Buffer.from('{"ok":true}')],
  '/data/tides.csv': [
    200,
    'text/csv; charset=windows-1252',
    Buffer.from('port,high\r\nSt. Malo,\xe9t\xe9\r\n', 'latin1'),
  ],
  '/sitemap.xml': [200, 'application/xml', Buffer.from(SITEMAP)],
  '/sitemap-2.xml.gz': [200, 'application/x-gzip', zlib.gzipSync(SITEMAP)],
  '/notes/tides.xhtml': [
    200,
    'application/xml',
    Buffer.from(
      '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Tides</title>' +
        '</head><body><nav><a href="/">Home</a></nav><main><h1>Tides</h1><p>The sea rises twice a day at St. Malo, ' +
        'by up to thirteen metres at the spring tides.</p></main></body></html>',
    ),
  ],
  '/api/status.xml': [200, 'application/xml', Buffer.from('<?xml version="1.0"?><status><ok>true</ok></status>')],
  '/kaji/tsuyu-sentaku.html': [200, 'text/html', page('shift-jis-article')],
  '/restic-backups': [200, 'text/html; charset=utf-8', page('max-chars-article')],
  '/photo.png': [200, 'image/png', Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')],
};

let site: LoopbackServer;
let app: FastifyInstance;

before(async () => {
  site = await startServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/old-article') {
      res.writeHead(301, { location: '/news/2024/05/15/main-street-bike-lanes' }).end();
      return;
    }
    const route = ROUTES[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such fixture');
      return;
    }
    res.writeHead(route[0], { 'content-type': route[1] }).end(route[2]);
  });
  app = await buildApp(testConfig({ rateLimitMax: 0 }), { logStream: { write() {} } });
});

after(async () => {
  await app.close();
  await site.close();
});

function call(tool: 'clean_web_content' | 'clean_web_index', body: Record<string, unknown>) {
  return injectTool(app, tool, body);
}

/** Fixture expectations name the page's real host; here the page is served from loopback. */
const onSite = (text: string, host: string) => text.split(host).join(site.origin);

const META_KEYS = [
  'cached',
  'content_type',
  'extraction_profile',
  'extraction_profile_requested',
  'fallback_used',
  'fetched_at',
  'final_url',
  'javascript_rendered',
  'next_start',
  'retries',
  'status_code',
  'tokens',
  'truncated',
  'url',
  'via_proxy',
];

describe('clean_web_content', () => {
  it('returns the article as text by default, title first, with every data and meta field', async () => {
    const url = `${site.origin}/news/2024/05/15/main-street-bike-lanes`;
    const { data, meta } = await call('clean_web_content', { url });
    assert.deepEqual(Object.keys(data!).sort(), ['content', 'format', 'title', 'word_count']);
    assert.deepEqual(Object.keys(meta).sort(), META_KEYS);
    assert.equal(data!.format, 'text');
    assert.equal(data!.title, 'City council approves bike lanes on Main Street');
    assert.equal(data!.content, onSite(expected('news-article', 'expected.txt'), 'https://www.harborgazette.example'));
    assert.ok(data!.word_count > 150);
    assert.deepEqual(meta, {
      url,
      final_url: url,
      status_code: 200,
      content_type: 'text/html; charset=utf-8',
      truncated: false,
      tokens: meta.tokens,
      next_start: null,
      javascript_rendered: false,
      via_proxy: false,
      retries: 0,
      extraction_profile_requested: 'content',
      extraction_profile: 'content',
      fallback_used: false,
      cached: false,
      fetched_at: meta.fetched_at,
    });
    assert.ok((meta.tokens as number) > 150);
    assert.ok(!Number.isNaN(Date.parse(meta.fetched_at as string)));
  });

  it('renders markdown, and leaves the title out when include_title is false', async () => {
    const url = `${site.origin}/news/2024/05/15/main-street-bike-lanes`;
    const md = await call('clean_web_content', { url, output_format: 'markdown' });
    assert.equal(md.data!.format, 'markdown');
    assert.equal(
      md.data!.content,
      onSite(expected('news-article', 'expected.md'), 'https://www.harborgazette.example'),
    );
    const noTitle = await call('clean_web_content', { url, output_format: 'markdown', include_title: false });
    const content = noTitle.data!.content;
    assert.ok(!content.startsWith('# '), content.slice(0, 80));
    assert.equal(content, md.data!.content.replace(/^# [^\n]*\n\n/, ''));
    assert.equal(noTitle.data!.title, 'City council approves bike lanes on Main Street');
    assert.ok(noTitle.data!.word_count < md.data!.word_count);
  });

  it('cuts at max_chars on a block boundary and reports truncated', async () => {
    const url = `${site.origin}/restic-backups`;
    const full = await call('clean_web_content', { url });
    const cut = await call('clean_web_content', { url, max_chars: 300 });
    const content = cut.data!.content;
    assert.ok(content.length <= 300);
    assert.equal(cut.meta.truncated, true);
    assert.equal(full.meta.truncated, false);
    // A prefix of whole lines of the full text: nothing was cut inside a block.
    assert.ok(full.data!.content.startsWith(content + '\n'));
  });

  it('falls back to the index profile when the page has no article', async () => {
    const { data, meta } = await call('clean_web_content', { url: `${site.origin}/open-data` });
    assert.equal(meta.extraction_profile_requested, 'content');
    assert.equal(meta.extraction_profile, 'index');
    assert.equal(meta.fallback_used, true);
    assert.equal(data!.content, expected('link-directory', 'expected.txt'));
  });

  it('reports no_content when neither profile finds text, keeping the title', async () => {
    const { data, meta } = await call('clean_web_content', { url: `${site.origin}/app/dashboard` });
    assert.equal((meta.error as { code: string }).code, 'no_content');
    assert.equal(meta.extraction_profile, null);
    assert.equal(meta.status_code, 200);
    assert.equal(data!.title, 'Dashboard · Plotline');
    assert.equal(data!.content, '');
    assert.equal(data!.word_count, 0);
  });

  it('gives a 404 page its status and its text', async () => {
    const { data, meta } = await call('clean_web_content', { url: `${site.origin}/p/discontinued-tent` });
    assert.equal(meta.status_code, 404);
    assert.equal(meta.error, undefined);
    assert.match(data!.content, /Sorry, we could not find that page/);
  });

  it('refuses an image with unsupported_content_type and the metadata it knows', async () => {
    const url = `${site.origin}/photo.png`;
    const { data, meta } = await call('clean_web_content', { url });
    assert.equal(data, null);
    assert.equal((meta.error as { code: string }).code, 'unsupported_content_type');
    assert.equal(meta.content_type, 'image/png');
    assert.equal(meta.status_code, 200);
    assert.equal(meta.final_url, url);
  });

  it('returns text/plain as it is', async () => {
    const { data, meta } = await call('clean_web_content', { url: `${site.origin}/notice.txt` });
    assert.equal(data!.content, expected('plain-text', 'expected.txt'));
    assert.equal(data!.title, '');
    assert.equal(meta.content_type, 'text/plain; charset=utf-8');
  });

  it('returns CSV as it is, decoded by its charset', async () => {
    const { data, meta } = await call('clean_web_content', { url: `${site.origin}/data/tides.csv` });
    assert.equal(data!.content, 'port,high\nSt. Malo,\u00e9t\u00e9');
    assert.equal(meta.content_type, 'text/csv; charset=windows-1252');
  });

  it('reads a markdown document as the page it stands for, in both formats', async () => {
    for (const format of ['markdown', 'text'] as const) {
      const { data, meta } = await call('clean_web_content', {
        url: `${site.origin}/guide/cache.md`,
        output_format: format,
      });
      const file = format === 'markdown' ? 'expected.md' : 'expected.txt';
      assert.equal(data!.content, onSite(expected('markdown-document', file), 'https://docs.tern.example'));
      assert.equal(data!.title, 'Configuring the cache');
      assert.equal(meta.content_type, 'text/markdown');
      assert.equal(meta.extraction_profile, 'content');
    }
    // A code host's raw file: plain text at a .md path.
    const raw = await call('clean_web_content', { url: `${site.origin}/raw/main/guide/cache.md` });
    assert.equal(raw.meta.content_type, 'text/plain; charset=utf-8');
    assert.equal(raw.data!.title, 'Configuring the cache');
    assert.match(raw.data!.content, /^Tern keeps the result of every build step/m);
    assert.ok(raw.data!.content.includes(`[command reference](${site.origin}/raw/main/reference/cli.md)`));
    const { data } = await call('clean_web_index', { url: `${site.origin}/guide/cache.md` });
    assert.equal(data!.title, 'Configuring the cache | Tern docs');
    assert.match(data!.content, /^Configuring the cache \| Tern docs\nTern keeps/);
  });

  it("reads a feed as a hub's links with either cleaner; other XML stays unsupported", async () => {
    // The item's relative link resolves against the feed's address: here, the loopback site.
    const relative = (text: string) => text.replace(`${site.origin}/news/`, 'https://gazette.example/news/');
    const index = await call('clean_web_index', { url: `${site.origin}/feed.xml` });
    assert.equal(relative(index.data!.content), expected('rss-feed', 'expected.txt'));
    assert.equal(index.data!.title, 'Harbour Gazette & Friends');
    assert.equal(index.meta.extraction_profile, 'index');
    assert.equal(index.meta.fallback_used, false);
    const content = await call('clean_web_content', { url: `${site.origin}/feed.xml`, output_format: 'markdown' });
    assert.equal(relative(content.data!.content), expected('rss-feed', 'expected.md'));
    assert.equal(content.meta.extraction_profile, 'index');
    assert.equal(content.meta.fallback_used, true);
    for (const [path, type] of [
      ['/api/status.xml', 'application/xml'],
      ['/api/status.json', 'application/json'],
    ]) {
      const other = await call('clean_web_index', { url: `${site.origin}${path}` });
      assert.equal(other.data, null);
      assert.equal((other.meta.error as { code: string }).code, 'unsupported_content_type');
      assert.ok((other.meta.error as { message: string }).message.startsWith(`The response is ${type}; `));
    }
  });

  it('reads XHTML served as XML (its root is <html>) as the page it is', async () => {
    const { data, meta } = await call('clean_web_content', { url: `${site.origin}/notes/tides.xhtml` });
    assert.equal(meta.content_type, 'application/xml');
    assert.equal(data!.title, 'Tides');
    assert.equal(
      data!.content,
      'Tides\nThe sea rises twice a day at St. Malo, by up to thirteen metres at the spring tides.',
    );
  });

  it("reads a sitemap, plain or gzipped, as its pages' links, each with its last change", async () => {
    for (const path of ['/sitemap.xml', '/sitemap-2.xml.gz']) {
      const index = await call('clean_web_index', { url: `${site.origin}${path}`, output_format: 'markdown' });
      assert.equal(
        index.data!.content,
        `- [${site.origin}/a](${site.origin}/a) \u2014 2026-03-05\n- [https://x.example/b](https://x.example/b)`,
        path,
      );
      assert.equal(index.data!.title, '');
      const content = await call('clean_web_content', { url: `${site.origin}${path}` });
      assert.equal(
        content.data!.content,
        `[${site.origin}/a](${site.origin}/a) \u2014 2026-03-05\n[https://x.example/b](https://x.example/b)`,
        path,
      );
      assert.equal(content.meta.fallback_used, true);
    }
  });

  it('decodes a Shift_JIS page declared only in its <meta>', async () => {
    const { data } = await call('clean_web_content', { url: `${site.origin}/kaji/tsuyu-sentaku.html` });
    assert.equal(data!.content, expected('shift-jis-article', 'expected.txt'));
  });

  it('follows redirects and reports the final URL, resolving links against it', async () => {
    const url = `${site.origin}/old-article`;
    const { data, meta } = await call('clean_web_content', { url });
    assert.equal(meta.url, url);
    assert.equal(meta.final_url, `${site.origin}/news/2024/05/15/main-street-bike-lanes`);
    assert.match(data!.content, new RegExp(`\\(${site.origin}/docs/merchants-survey-2024\\.pdf\\)`));
  });

  it('reports a blocked target in meta.error with data null and the meta it knows', async () => {
    const { data, meta } = await call('clean_web_content', { url: 'http://127.0.0.1:9/' });
    assert.equal(data, null);
    assert.equal((meta.error as { code: string }).code, 'blocked_url');
    assert.equal(meta.status_code, null);
    assert.equal(meta.extraction_profile_requested, 'content');
    assert.equal(meta.fallback_used, false);
  });
});

describe('clean_web_content, invalid target', () => {
  it('reports a non-http URL as invalid_url without fetching', async () => {
    const { data, meta } = await call('clean_web_content', { url: 'ftp://files.example/readme.txt' });
    assert.equal(data, null);
    assert.equal((meta.error as { code: string }).code, 'invalid_url');
    assert.equal(meta.final_url, null);
    assert.equal(meta.url, 'ftp://files.example/readme.txt');
  });
});

describe('clean_web_index', () => {
  it('returns a homepage in document order as text and markdown', async () => {
    const url = `${site.origin}/`;
    const text = await call('clean_web_index', { url });
    assert.equal(
      text.data!.content,
      onSite(expected('homepage-news', 'expected.txt'), 'https://www.harborgazette.example'),
    );
    assert.equal(text.meta.extraction_profile_requested, 'index');
    assert.equal(text.meta.extraction_profile, 'index');
    assert.equal(text.meta.fallback_used, false);
    const md = await call('clean_web_index', { url, output_format: 'markdown' });
    assert.equal(
      md.data!.content,
      onSite(expected('homepage-news', 'expected.md'), 'https://www.harborgazette.example'),
    );
    const bare = await call('clean_web_index', { url, include_title: false });
    assert.equal(bare.data!.content, text.data!.content.split('\n').slice(1).join('\n'));
  });

  it('falls back to the content profile when the page text is all in an overlay', async () => {
    const { data, meta } = await call('clean_web_index', { url: `${site.origin}/p/4412` });
    assert.equal(meta.extraction_profile, 'content');
    assert.equal(meta.fallback_used, true);
    assert.equal(data!.content, expected('lightbox-article', 'expected.txt'));
  });

  it('reports no_content for an app shell', async () => {
    const { meta } = await call('clean_web_index', { url: `${site.origin}/app/dashboard` });
    assert.equal((meta.error as { code: string }).code, 'no_content');
    assert.equal(meta.extraction_profile_requested, 'index');
  });

  it('rejects an unknown output format', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools/clean_web_index',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${site.origin}/`, output_format: 'html' }),
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json<ErrorEnvelope>().error.code, 'invalid_request');
  });
});
