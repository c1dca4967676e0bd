// A page's <meta http-equiv="refresh"> followed as a redirect hop when the fetch asks for it,
// against a real loopback server: what a browser running scripts would act on, and nothing else.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { Fetcher, FetchOptions } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

const head = (inside: string) => `<!doctype html><html><head><title>moving</title>${inside}</head><body></body></html>`;
const refresh = (content: string) => `<meta http-equiv="refresh" content="${content}">`;

// path -> [status, body]
const PAGES: Record<string, [number, string]> = {
  '/stub': [200, head(refresh('0; url=/target'))],
  '/upper': [200, head(`<META HTTP-EQUIV="Refresh" CONTENT="1;URL='/target?a=1&amp;b=2'">`)],
  '/late': [200, head(refresh('5; url=/target'))],
  '/reload': [200, head(refresh('300'))],
  '/self': [200, head(refresh('0; url=#top'))],
  '/noscript': [200, head(`<noscript>${refresh('0; url=/no-js')}</noscript>`)],
  '/comment': [200, head(`<!--[if lte IE 9]>${refresh('0; url=/old-ie')}<![endif]-->`)],
  '/in-script': [200, head(`<script>document.write('${refresh('0; url=/target')}')</script>`)],
  '/base': [200, head(`<base href="/dir/">${refresh('0; url=target')}`)],
  '/missing': [404, head(refresh('0; url=/target'))],
  '/js': [200, head(refresh('0; url=javascript:alert(1)'))],
  '/loop-a': [200, head(refresh('0; url=/loop-b'))],
  '/loop-b': [200, head(refresh('0; url=/loop-a'))],
  '/to-metadata': [200, head(refresh('0; url=http://169.254.169.254/latest/meta-data/'))],
  '/chain-1': [200, head(refresh('0; url=/chain-2'))],
  '/chain-2': [200, head(refresh('0; url=/chain-3'))],
  '/chain-3': [200, head(refresh('0; url=/target'))],
  '/target': [200, '<!doctype html><title>arrived</title><p>The page the stub sends you to.</p>'],
};

let site: LoopbackServer;
let fetcher: Fetcher;
const requested: string[] = [];

before(async () => {
  site = await startServer((req, res) => {
    requested.push(req.url!);
    const page = PAGES[new URL(req.url!, 'http://x').pathname] ?? [404, 'none'];
    res.writeHead(page[0], { 'content-type': 'text/html; charset=utf-8' }).end(page[1]);
  });
  fetcher = createFetcher(testConfig({ maxRetries: 0, maxRedirects: 2 }));
});
after(async () => {
  await fetcher.close();
  await site.close();
});

const FOLLOW: FetchOptions = { timeoutMs: 3000, followMetaRefresh: true };

describe('a page that refreshes to another URL at once', () => {
  it('is a redirect hop: the hop reports the page, its status and the target as written', async () => {
    const r = await fetcher.fetchPage(`${site.origin}/stub`, FOLLOW);
    assert.equal(r.finalUrl, `${site.origin}/target`);
    assert.equal(r.status, 200);
    assert.match(r.body!.text!, /The page the stub sends you to/);
    assert.deepEqual(r.hops, [{ url: `${site.origin}/stub`, statusCode: 200, location: '/target' }]);
  });

  it('is read by the standard rules: any case, a quoted URL, entities, a delay of one second', async () => {
    const r = await fetcher.fetchPage(`${site.origin}/upper`, FOLLOW);
    assert.equal(r.finalUrl, `${site.origin}/target?a=1&b=2`);
  });

  it('resolves against the page base a <base> sets', async () => {
    const r = await fetcher.fetchPage(`${site.origin}/base`, FOLLOW);
    assert.equal(r.finalUrl, `${site.origin}/dir/target`);
  });

  it('counts against the redirect limit and ends a loop', async () => {
    await assert.rejects(fetcher.fetchPage(`${site.origin}/chain-1`, FOLLOW), (err: FetchFailure) => {
      assert.equal(err.code, 'too_many_redirects');
      assert.equal(err.partial.hops.length, 2);
      return true;
    });
    await assert.rejects(fetcher.fetchPage(`${site.origin}/loop-a`, FOLLOW), (err: FetchFailure) => {
      assert.equal(err.code, 'too_many_redirects');
      assert.match(err.message, /loop/);
      return true;
    });
  });

  it('goes through the egress policy like any redirect', async () => {
    await assert.rejects(fetcher.fetchPage(`${site.origin}/to-metadata`, FOLLOW), (err: FetchFailure) => {
      assert.equal(err.code, 'blocked_url');
      assert.equal(err.partial.finalUrl, 'http://169.254.169.254/latest/meta-data/');
      return true;
    });
  });
});

describe('a refresh that is not followed: the page is the answer', () => {
  for (const [path, why] of [
    ['/late', 'a delay over a second'],
    ['/reload', 'a reload of the page itself'],
    ['/self', 'a target that is the page itself'],
    ['/noscript', 'inside <noscript>'],
    ['/comment', 'inside a comment'],
    ['/in-script', 'text of a script'],
    ['/missing', 'on a 404 page'],
    ['/js', 'to a javascript: URL'],
  ]) {
    it(why, async () => {
      const r = await fetcher.fetchPage(`${site.origin}${path}`, FOLLOW);
      assert.equal(r.finalUrl, `${site.origin}${path}`);
      assert.deepEqual(r.hops, []);
    });
  }

  it('without followMetaRefresh, or with followRedirects false', async () => {
    for (const options of [{ timeoutMs: 3000 }, { ...FOLLOW, followRedirects: false }]) {
      requested.length = 0;
      const r = await fetcher.fetchPage(`${site.origin}/stub`, options);
      assert.equal(r.finalUrl, `${site.origin}/stub`);
      assert.deepEqual(requested, ['/stub']);
    }
  });
});
