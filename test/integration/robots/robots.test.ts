// respect_robots against loopback sites: allow, disallow (naming the rule), wildcards and
// user-agent groups, a robots.txt that answers 4xx (allowed), 5xx (disallowed), does not answer
// in time or cannot be reached (disallowed); one robots.txt fetch per origin for a batch; a
// blocked URL is never requested; every redirect target is checked against its own origin's
// robots.txt, in live fetches and in stored answers; off by default, on by URLKIT_RESPECT_ROBOTS.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import type { Item } from '../../support/answers.js';
import { injectToolResults } from '../../support/inject-tool.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

interface Site {
  server: LoopbackServer;
  /** Paths requested, in order. */
  seen: string[];
}

const sites: LoopbackServer[] = [];

/**
 * A site whose /robots.txt is answered by `robots`; a path in `redirects` answers 302 to its
 * target; every other path is a small page.
 */
async function site(robots: (res: http.ServerResponse) => void, redirects: Record<string, string> = {}): Promise<Site> {
  const seen: string[] = [];
  const server = await startServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/robots.txt') return robots(res);
    const target = redirects[req.url ?? ''];
    if (target !== undefined) {
      res.writeHead(302, { location: target });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Page ${req.url}</title><p>Text of ${req.url}</p>`);
  });
  sites.push(server);
  return { server, seen };
}

const robotsTxt = (text: string) => (res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(text);
};
const status = (code: number) => (res: http.ServerResponse) => {
  res.writeHead(code, { 'content-type': 'text/plain' });
  res.end(`status ${code}`);
};

const RULES = [
  '# a comment',
  'User-agent: otherbot',
  'Disallow: /',
  '',
  'User-agent: *',
  'Disallow: /private',
  'Allow: /private/open',
  'Disallow: /*.pdf$',
  '',
  'User-agent: urlkit',
  'Disallow: /not-for-urlkit',
  'Disallow: /private',
  'Allow: /private/open',
  'Disallow: /*.pdf$',
].join('\n');

let app: FastifyInstance;
let appRespecting: FastifyInstance;
before(async () => {
  const quiet = { logStream: { write() {} } };
  app = await buildApp(testConfig({ rateLimitMax: 0 }), quiet);
  appRespecting = await buildApp(testConfig({ rateLimitMax: 0, respectRobots: true }), quiet);
});
after(async () => {
  await app.close();
  await appRespecting.close();
  await Promise.all(sites.map((s) => s.close()));
});

const call = (tool: string, body: Record<string, unknown>, target = app): Promise<Item[]> =>
  injectToolResults(target, tool, body);

// The first calls start the worker threads inside their item timeouts; with 10 times more runnable
// processes than CPUs that took over the default 10 s. These tests assert answers, not speed.
const metadata = (items: string[], extra: Record<string, unknown> = {}) =>
  call('get_url_metadata', { items, respect_robots: true, timeout: 60, ...extra });

describe('respect_robots', () => {
  let rules: Site;
  before(async () => {
    rules = await site(robotsTxt(RULES));
  });

  it('allows what the rules allow, blocks what they disallow naming the rule, never requests it', async () => {
    const o = rules.server.origin;
    const urls = [`${o}/public`, `${o}/private/secret`, `${o}/private/open/page`, `${o}/not-for-urlkit/x`];
    const results = await metadata(urls);
    assert.equal(results[0]!.meta.error, undefined);
    assert.equal(results[0]!.data?.title, 'Page /public');
    assert.equal(results[2]!.meta.error, undefined, 'the longer Allow wins');
    const blocked = results[1]!.meta.error!;
    assert.equal(blocked.code, 'blocked_by_robots');
    assert.equal(blocked.retryable, false);
    assert.match(blocked.message, /robots\.txt line 12: "Disallow: \/private" \(user agent urlkit\)/);
    // The group for urlkit applies, not the one for every robot.
    assert.match(results[3]!.meta.error!.message, /line 11: "Disallow: \/not-for-urlkit"/);
    assert.ok(!rules.seen.includes('/private/secret'));
    assert.ok(!rules.seen.includes('/not-for-urlkit/x'));
  });

  it('matches wildcard and end-anchored rules', async () => {
    const o = rules.server.origin;
    const results = await metadata([`${o}/files/report.pdf`, `${o}/files/report.pdf?download=1`, `${o}/files/pdf`]);
    assert.match(results[0]!.meta.error!.message, /"Disallow: \/\*\.pdf\$"/);
    assert.equal(results[1]!.meta.error, undefined);
    assert.equal(results[2]!.meta.error, undefined);
  });

  it('reads robots.txt once for a batch of one origin', async () => {
    const once = await site(robotsTxt('User-agent: *\nDisallow: /x'));
    const urls = Array.from({ length: 12 }, (_, i) => `${once.server.origin}/${i % 2 ? 'x' : 'y'}/${i}`);
    const results = await metadata(urls);
    results.forEach((r, i) => assert.equal(r.meta.error?.code, i % 2 ? 'blocked_by_robots' : undefined));
    assert.equal(once.seen.filter((p) => p === '/robots.txt').length, 1);
  });

  it('a robots.txt answering 404 or 403 allows everything', async () => {
    for (const code of [404, 403]) {
      const missing = await site(status(code));
      const [item] = await metadata([`${missing.server.origin}/any/page`]);
      assert.equal(item!.meta.error, undefined, `robots.txt ${code}`);
      assert.equal(item!.data?.title, 'Page /any/page');
    }
  });

  it('a robots.txt answering 5xx or 429 allows nothing', async () => {
    for (const code of [500, 503, 429]) {
      const failing = await site(status(code));
      const [item] = await metadata([`${failing.server.origin}/any/page`]);
      assert.equal(item!.meta.error?.code, 'blocked_by_robots', `robots.txt ${code}`);
      assert.match(item!.meta.error.message, new RegExp(`answered ${code}`));
      assert.deepEqual(
        failing.seen.filter((p) => p !== '/robots.txt'),
        [],
      );
    }
  });

  it('a robots.txt that does not answer in time, or a host that cannot be reached, allows nothing', async () => {
    const hanging = await site(() => {});
    const [slow] = await metadata([`${hanging.server.origin}/page`], { timeout: 1 });
    assert.equal(slow!.meta.error?.code, 'blocked_by_robots');
    assert.match(slow!.meta.error.message, /could not be read \(timeout\)/);

    const gone = await site(robotsTxt(''));
    const origin = gone.server.origin;
    await gone.server.close();
    const [unreachable] = await metadata([`${origin}/page`]);
    assert.equal(unreachable!.meta.error?.code, 'blocked_by_robots');
    assert.match(unreachable!.meta.error.message, /could not be read \(connect_error\)/);
  });

  it('is off by default (robots.txt not even read) and on with URLKIT_RESPECT_ROBOTS', async () => {
    const strict = await site(robotsTxt('User-agent: *\nDisallow: /'));
    const [ignored] = await call('get_url_metadata', { url: `${strict.server.origin}/page` });
    assert.equal(ignored!.meta.error, undefined);
    assert.ok(!strict.seen.includes('/robots.txt'));
    const [byDefault] = await call('get_url_metadata', { url: `${strict.server.origin}/page` }, appRespecting);
    assert.equal(byDefault!.meta.error?.code, 'blocked_by_robots');
    const [optedOut] = await call(
      'get_url_metadata',
      { url: `${strict.server.origin}/page`, respect_robots: false },
      appRespecting,
    );
    assert.equal(optedOut!.meta.error, undefined);
  });

  it('applies to the cleaners and the status checker too', async () => {
    const o = rules.server.origin;
    const [content] = await call('clean_web_content', { url: `${o}/private/a`, respect_robots: true });
    assert.equal(content!.meta.error?.code, 'blocked_by_robots');
    const [index] = await call('clean_web_index', { url: `${o}/private/b`, respect_robots: true });
    assert.equal(index!.meta.error?.code, 'blocked_by_robots');
    const [probe] = await call('check_url_status', { url: `${o}/private/c`, respect_robots: true });
    assert.equal(probe!.meta.error?.code, 'blocked_by_robots');
    assert.equal((probe!.data as { reason: string; ok: boolean }).reason, 'blocked_by_robots');
    const [fine] = await call('check_url_status', { url: `${o}/public`, respect_robots: true });
    assert.equal((fine!.data as { status_code: number }).status_code, 200);
  });

  it('checks every redirect target against its own origin, before requesting it', async () => {
    const target = await site(robotsTxt('User-agent: *\nDisallow: /private'));
    const t = target.server.origin;
    const start = await site(robotsTxt('User-agent: *\nDisallow: /closed'), {
      '/to-private': `${t}/private/page`,
      '/to-public': `${t}/public/page`,
      '/to-closed': '/closed/page',
    });
    const o = start.server.origin;
    const results = await metadata([`${o}/to-private`, `${o}/to-public`, `${o}/to-closed`]);

    const blocked = results[0]!.meta.error!;
    assert.equal(blocked.code, 'blocked_by_robots');
    assert.match(blocked.message, new RegExp(`${t}/robots\\.txt line 2: "Disallow: /private"`));
    assert.ok(!target.seen.includes('/private/page'), 'the disallowed target is never requested');
    assert.equal(results[1]!.meta.error, undefined);
    assert.equal(results[1]!.data?.title, 'Page /public/page');
    assert.match(results[2]!.meta.error!.message, /line 2: "Disallow: \/closed"/);
    assert.ok(!start.seen.includes('/closed/page'));
    // One robots.txt read per origin, however many hops lead there.
    assert.equal(target.seen.filter((p) => p === '/robots.txt').length, 1);
    assert.equal(start.seen.filter((p) => p === '/robots.txt').length, 1);
  });

  it('checks the redirect targets of a stored answer as well', async () => {
    const target = await site(robotsTxt('User-agent: *\nDisallow: /private'));
    const start = await site(robotsTxt(''), { '/moved': `${target.server.origin}/private/kept` });
    const url = `${start.server.origin}/moved`;
    // Stored by a call that did not ask for robots.txt, which followed the redirect.
    const [stored] = await call('get_url_metadata', { url, max_age: 600 });
    assert.equal(stored!.meta.error, undefined);
    assert.equal(target.seen.filter((p) => p === '/private/kept').length, 1);
    const [again] = await metadata([url], { max_age: 600 });
    assert.equal(again!.meta.error?.code, 'blocked_by_robots');
    assert.equal(target.seen.filter((p) => p === '/private/kept').length, 1, 'answered from the store, not fetched');
  });
});
