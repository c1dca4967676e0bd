// A document published gzipped whole (`sitemap.xml.gz`, as sitemaps often are) is read as the
// document it holds, under the same decoded-byte cap as a content encoding; a gzip file that holds
// anything else (an archive) stays a file nobody reads. A name that says nothing of what it holds
// (`sitemap1.gz`) is read by its first bytes, as a response with no type.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

const CAP = 1024 * 1024;
const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
  '<url><loc>https://x.example/caf\u00e9</loc></url></urlset>';
const gz = (text: string) => zlib.gzipSync(Buffer.from(text));

// path -> [content-type (null: none), extra headers, body]
const ROUTES: Record<string, [string | null, Record<string, string>, Buffer]> = {
  '/sitemap.xml.gz': ['application/x-gzip', {}, gz(SITEMAP)],
  '/sitemaps/news.XML.GZ': ['application/octet-stream', {}, gz(SITEMAP)],
  '/untyped.xml.gz': [null, {}, gz(SITEMAP)],
  '/prices.csv.gz': ['application/gzip', {}, gz('sku,price\nA1,3.50\n')],
  // The file's own gzip declared again as a content encoding: HTTP decodes it, nothing is left to gunzip.
  '/twice.xml.gz': ['application/x-gzip', { 'content-encoding': 'gzip' }, gz(SITEMAP)],
  // A gzipped file sent compressed once more for the transfer.
  '/stacked.xml.gz': ['application/gzip', { 'content-encoding': 'br' }, zlib.brotliCompressSync(gz(SITEMAP))],
  '/backup.tar.gz': ['application/gzip', {}, gz('not read')],
  '/sitemap1.gz': ['application/x-gzip', {}, gz(SITEMAP)],
  '/v1.2/sitemap.xml.gz': ['application/gzip', {}, gz(SITEMAP)],
  '/export.gz': ['application/gzip', {}, gz('<!DOCTYPE html><title>Export</title><p>Rows')],
  '/notes.gz': ['application/octet-stream', {}, gz('first line\nsecond line\n')],
  '/disk.gz': ['application/gzip', {}, zlib.gzipSync(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]))],
  '/bomb.xml.gz': ['application/gzip', {}, zlib.gzipSync(Buffer.alloc(64 * CAP, ' '))],
  // A server that names the inner type and no encoding sends what it says: not unwrapped.
  '/declared.xml.gz': ['application/xml', {}, Buffer.from(SITEMAP)],
};

let site: LoopbackServer;
let fetcher: Fetcher;

before(async () => {
  site = await startServer((req, res) => {
    const route = ROUTES[(req.url ?? '/').split('?')[0]!];
    if (!route) return void res.writeHead(404).end();
    const [type, headers, body] = route;
    res.writeHead(200, { ...(type === null ? {} : { 'content-type': type }), ...headers }).end(body);
  });
  fetcher = createFetcher(testConfig({ maxRetries: 0, maxBodyBytes: CAP }));
});
after(async () => {
  await fetcher.close();
  await site.close();
});

const fetch = (path: string) => fetcher.fetchPage(`${site.origin}${path}`, { timeoutMs: 10_000 });

test('a gzipped sitemap is read as the XML it holds, whatever generic type it is served as', async () => {
  const paths = [
    '/sitemap.xml.gz',
    '/sitemaps/news.XML.GZ',
    '/untyped.xml.gz',
    '/twice.xml.gz',
    '/stacked.xml.gz',
    '/v1.2/sitemap.xml.gz',
  ];
  for (const path of paths) {
    const r = await fetch(path);
    assert.equal(r.body!.kind, 'xml', path);
    assert.equal(r.body!.text, SITEMAP, path);
    assert.equal(r.truncated, false, path);
  }
  assert.equal((await fetch('/sitemap.xml.gz')).contentType, 'application/x-gzip');
});

test('a gzipped CSV is text; a gzipped archive stays binary', async () => {
  const csv = await fetch('/prices.csv.gz');
  assert.equal(csv.body!.kind, 'text');
  assert.equal(csv.body!.text, 'sku,price\nA1,3.50\n');
  const archive = await fetch('/backup.tar.gz');
  assert.equal(archive.body!.kind, 'binary');
  assert.equal(archive.body!.text, null);
});

test('a gzipped file whose name gives no type is read by its first bytes: XML, HTML, text; else binary', async () => {
  const sitemap = await fetch('/sitemap1.gz');
  assert.equal(sitemap.body!.kind, 'xml');
  assert.equal(sitemap.body!.text, SITEMAP);
  const page = await fetch('/export.gz');
  assert.equal(page.body!.kind, 'html');
  assert.equal(page.body!.text, '<!DOCTYPE html><title>Export</title><p>Rows');
  const notes = await fetch('/notes.gz');
  assert.equal(notes.body!.kind, 'text');
  assert.equal(notes.body!.text, 'first line\nsecond line\n');
  const disk = await fetch('/disk.gz');
  assert.equal(disk.body!.kind, 'binary');
  assert.equal(disk.body!.text, null);
});

test('a gzipped file stops at the decoded-byte cap (a bomb of 64 MiB)', async () => {
  const r = await fetch('/bomb.xml.gz');
  assert.equal(r.truncated, true);
  assert.equal(r.body!.bytes.length, CAP);
  assert.equal(r.body!.text![0], ' ');
});

test('a .gz path declared as the inner type is read as it is sent', async () => {
  const r = await fetch('/declared.xml.gz');
  assert.equal(r.body!.kind, 'xml');
  assert.equal(r.body!.text, SITEMAP);
});
