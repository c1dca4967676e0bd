// Anti-bot pages served from loopback as the vendors serve them: the cleaners and the metadata
// fetcher answer bot_protection (status and content type in meta), the status checker reports
// reason bot_protection as data, control pages that talk about the vendors come through, and
// proxy mode `fallback` tries a challenged fetch once more through the proxy.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toolContext } from '../../support/tool-context.js';
import type { Config } from '../../../src/config/config.js';
import { checkUrlStatus } from '../../../src/tools/check-url-status.js';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import { cleanWebIndex } from '../../../src/tools/clean-web-index.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import { createServices, type Services } from '../../../src/app/services.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { BOT_PAGES, CLOUDFLARE_SERVED_ARTICLE } from '../../support/bot-pages.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { startProxy, type ProxyServer } from '../../support/proxy-server.js';

let site: LoopbackServer;
let proxy: ProxyServer;
const open: Services[] = [];
const seen = new Map<string, number>();

before(async () => {
  site = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/challenge-once') {
      // The first request of an id gets the 200 interstitial, later ones the article (as a
      // proxy with a better address reputation would).
      const id = url.searchParams.get('id') ?? '';
      const n = (seen.get(id) ?? 0) + 1;
      seen.set(id, n);
      const page = BOT_PAGES.find((p) => p.name === 'cloudflare-interstitial-200')!;
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(n === 1 ? page.body : CLOUDFLARE_SERVED_ARTICLE);
      return;
    }
    const page = BOT_PAGES.find((p) => `/bot/${p.name}` === url.pathname);
    if (!page) return void res.writeHead(404).end();
    if (page.cookies) res.setHeader('set-cookie', page.cookies);
    res.writeHead(page.status, page.headers);
    res.end(req.method === 'HEAD' ? undefined : page.body);
  });
  proxy = await startProxy();
});

after(async () => {
  await Promise.all(open.map((s) => s.close()));
  await Promise.all([site.close(), proxy.close()]);
});

function context(overrides: Partial<Config> = {}): ToolContext {
  const config = testConfig({ maxRetries: 0, ...overrides });
  const services = createServices(config);
  open.push(services);
  return toolContext(config, services);
}

const cleanInput = (url: string) => ({
  url,
  output_format: 'text' as const,
  include_title: true,
  max_chars: 200_000,
  timeout: 10,
});

describe('anti-bot pages through the tools', () => {
  let ctx: ToolContext;
  before(() => {
    ctx = context();
  });

  for (const page of BOT_PAGES) {
    const url = () => `${site.origin}/bot/${page.name}`;
    if (page.vendor) {
      it(`${page.name}: bot_protection from both cleaners and the metadata fetcher`, async () => {
        for (const tool of [cleanWebContent, cleanWebIndex]) {
          const [item] = await tool.run(cleanInput(url()), ctx);
          assert.equal(item!.meta.error?.code, 'bot_protection', `${tool.name}: ${JSON.stringify(item!.meta.error)}`);
          assert.equal(item!.meta.error?.retryable, false);
          assert.equal(item!.data, null);
          assert.equal(item!.meta.status_code, page.status);
          assert.equal(item!.meta.content_type, page.headers['content-type']);
        }
        const [meta] = await getUrlMetadata.run(
          { url: url(), include_content: false, follow_redirects: true, timeout: 10 },
          ctx,
        );
        assert.equal(meta!.meta.error?.code, 'bot_protection');
        assert.equal(meta!.meta.status_code, page.status);
        assert.equal(meta!.meta.content_type, page.headers['content-type']);
        assert.equal(meta!.data, null);
      });
    } else {
      it(`${page.name}: content and metadata come through`, async () => {
        const [item] = await cleanWebContent.run(cleanInput(url()), ctx);
        assert.equal(item!.meta.error, undefined, JSON.stringify(item!.meta.error));
        assert.ok((item!.data!.content as string).length > 100);
        const [meta] = await getUrlMetadata.run(
          { url: url(), include_content: false, follow_redirects: true, timeout: 10 },
          ctx,
        );
        assert.equal(meta!.meta.error, undefined);
        assert.ok(meta!.data!.title);
      });
    }
  }

  it('the status checker reports a challenge with a blocking status as data', async () => {
    for (const name of ['cloudflare-managed-challenge', 'akamai-access-denied', 'datadome', 'sucuri-block']) {
      const [item] = await checkUrlStatus.run(
        { url: `${site.origin}/bot/${name}`, follow_redirects: true, timeout: 10 },
        ctx,
      );
      assert.equal(item!.meta.error, undefined, name);
      assert.equal(item!.data!.reason, 'bot_protection', name);
      assert.equal(item!.data!.ok, false);
    }
  });
});

describe('proxy mode fallback and anti-bot pages', () => {
  it('a 200 challenge page is fetched once more through the proxy, whose answer is used', async () => {
    const ctx = context({ proxyUrl: proxy.url, proxyMode: 'fallback' });
    proxy.connects.length = 0;
    const [item] = await cleanWebContent.run(cleanInput(`${site.origin}/challenge-once?id=a1`), ctx);
    assert.equal(item!.meta.error, undefined, JSON.stringify(item!.meta.error));
    assert.equal(item!.meta.via_proxy, true);
    assert.equal(item!.meta.retries, 1);
    assert.match(item!.data!.content as string, /harbour seals/i);
    assert.deepEqual(proxy.connects, [`127.0.0.2:${site.port}`]);
  });

  it('a challenge the proxy gets too is answered bot_protection after one proxy attempt', async () => {
    const ctx = context({ proxyUrl: proxy.url, proxyMode: 'fallback' });
    proxy.connects.length = 0;
    const [item] = await cleanWebIndex.run(cleanInput(`${site.origin}/bot/datadome-200`), ctx);
    assert.equal(item!.meta.error?.code, 'bot_protection');
    assert.equal(item!.meta.via_proxy, true);
    assert.equal(item!.meta.retries, 1);
    assert.equal(proxy.connects.length, 1);
  });

  it('without a proxy the challenge is answered at once', async () => {
    const ctx = context();
    const [item] = await cleanWebContent.run(cleanInput(`${site.origin}/challenge-once?id=b1`), ctx);
    assert.equal(item!.meta.error?.code, 'bot_protection');
    assert.equal(item!.meta.via_proxy, false);
    assert.equal(item!.meta.retries, 0);
  });
});
