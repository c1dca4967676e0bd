import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOT_SCAN_BYTES, CHALLENGE_MAX_BYTES, detectBotProtection } from '../../../src/fetch/bot-protection.js';
import { cookieNames } from '../../../src/fetch/response-headers.js';
import { BOT_PAGES, CLOUDFLARE_SERVED_ARTICLE, VENDOR_ARTICLE } from '../../support/bot-pages.js';

describe('detectBotProtection', () => {
  for (const page of BOT_PAGES) {
    it(`${page.name} -> ${page.vendor ?? 'not a challenge'}`, () => {
      const hit = detectBotProtection({
        status: page.status,
        headers: page.headers,
        setCookieNames: cookieNames(page.cookies),
        body: Buffer.from(page.body),
      });
      assert.equal(hit?.vendor ?? null, page.vendor, JSON.stringify(hit));
    });
  }

  it('reads headers alone when no body was read', () => {
    assert.equal(detectBotProtection({ status: 403, headers: { 'cf-mitigated': 'challenge' } })?.vendor, 'cloudflare');
    assert.equal(detectBotProtection({ status: 405, headers: { 'x-amzn-waf-action': 'captcha' } })?.vendor, 'aws_waf');
    assert.equal(detectBotProtection({ status: 403, headers: { server: 'AkamaiGHost' } })?.vendor, 'akamai');
    assert.equal(detectBotProtection({ status: 503, headers: {}, setCookieNames: ['_abck'] })?.vendor, 'akamai');
    assert.equal(
      detectBotProtection({ status: 200, headers: { server: 'cloudflare' }, setCookieNames: ['__cf_bm'] }),
      null,
    );
    assert.equal(detectBotProtection({ status: 403, headers: { server: 'nginx' } }), null);
  });

  it('a blocking status with vendor cookies is still content when the body is a real page', () => {
    assert.equal(
      detectBotProtection({
        status: 503,
        headers: { server: 'cloudflare' },
        setCookieNames: ['__cf_bm'],
        body: VENDOR_ARTICLE,
      }),
      null,
    );
  });

  it('challenge markup inside a long page does not count (an article embedding a demo, a big page)', () => {
    const paragraph =
      '<p>Another paragraph about the estuary, its birds, its tides and the people who count them each spring.</p>';
    const padded = CLOUDFLARE_SERVED_ARTICLE.replace(
      '</article>',
      `${paragraph.repeat(40)}` + `</article><script>window._cf_chl_opt={cType:'managed'}</script>`,
    );
    assert.equal(detectBotProtection({ status: 200, headers: {}, body: padded }), null);
  });

  it('reads no more than BOT_SCAN_BYTES (32 KiB) of a body: every challenge page fits well inside', () => {
    assert.equal(BOT_SCAN_BYTES, 32 * 1024);
    const page = BOT_PAGES.find((p) => p.name === 'cloudflare-interstitial-200')!;
    for (const p of BOT_PAGES) assert.ok(Buffer.byteLength(p.body) * 4 < BOT_SCAN_BYTES, p.name);
    // The challenge at the start of a body is found; the same markup after the bound is not read.
    const tags = '<b>'.repeat(BOT_SCAN_BYTES / 3);
    assert.equal(detectBotProtection({ status: 200, headers: {}, body: page.body + tags })?.vendor, 'cloudflare');
    assert.equal(detectBotProtection({ status: 200, headers: {}, body: '<html>' + tags + page.body }), null);
  });

  it("a page whose long <head> loads a vendor's sensor script is not a challenge when its text follows", () => {
    // Real pages (newsletters, shops) load PerimeterX, Kasada or AWS WAF on every page, and can
    // spend the first 32 KiB on preloads and inline scripts before any text.
    const preloads = '<link rel="preload" as="image" href="https://cdn.example/img/a-long-image-name.png"/>'.repeat(
      Math.ceil(BOT_SCAN_BYTES / 80),
    );
    const head = `<!DOCTYPE html><html><head><title>Signal #18: the world without work?</title><script src="https://client.px-cloud.net/PXabc123/main.min.js"></script>${preloads}</head>`;
    const paragraph = '<p>This edition is about where the race is headed: platforms, distribution and defaults.</p>';
    const article = `<body><article><h1>Signal #18</h1>${paragraph.repeat(40)}</article></body></html>`;
    assert.equal(detectBotProtection({ status: 200, headers: {}, body: Buffer.from(head + article) }), null);
    // The same head with nothing to read after it is still the vendor's page.
    const shell = `${head}<body><div id="px-captcha"></div></body></html>`;
    assert.ok(Buffer.byteLength(shell) > BOT_SCAN_BYTES && Buffer.byteLength(shell) <= CHALLENGE_MAX_BYTES);
    assert.equal(detectBotProtection({ status: 200, headers: {}, body: Buffer.from(shell) })?.vendor, 'perimeterx');
  });

  it('a body over CHALLENGE_MAX_BYTES is a page, whatever its first bytes say', () => {
    const page = BOT_PAGES.find((p) => p.name === 'cloudflare-interstitial-200')!;
    // Markup that reads as nothing (a comment) takes the body to the bound, then one byte past it.
    const room = CHALLENGE_MAX_BYTES - Buffer.byteLength(page.body) - '<!---->'.length;
    const atBound = `${page.body}<!--${'-'.repeat(room)}-->`;
    assert.equal(Buffer.byteLength(atBound), CHALLENGE_MAX_BYTES);
    assert.equal(detectBotProtection({ status: 200, headers: {}, body: atBound })?.vendor, 'cloudflare');
    assert.equal(detectBotProtection({ status: 200, headers: {}, body: `${atBound} ` }), null);
  });

  it('ignores bodies that are not markup', () => {
    assert.equal(
      detectBotProtection({ status: 200, headers: {}, body: '{"title":"Just a moment...","_cf_chl_opt":1}' }),
      null,
    );
    assert.equal(
      detectBotProtection({ status: 200, headers: {}, body: Buffer.from('%PDF-1.7 window._cf_chl_opt') }),
      null,
    );
  });
});
