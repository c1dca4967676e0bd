// The rendered DOM is read back at most up to its cap, whatever the page builds, and a page's
// scripts cannot change what the read sees (it is serialised in an isolated world).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DomReader } from '../../../src/browser/dom-reader.js';
import { chromiumArgs } from '../../../src/browser/launch-options.js';
import { findChromium, NO_CHROMIUM } from '../../support/chromium.js';

const chromiumPath = findChromium();
let browser: Browser | null = null;

before(async () => {
  if (!chromiumPath) return;
  const { chromium } = await import('playwright-core');
  // The proxy is a closed loopback port: the pages here need no network.
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs('127.0.0.1:9'), headless: true });
});
after(async () => {
  await browser?.close();
});

describe('DomReader', { skip: chromiumPath ? false : NO_CHROMIUM }, () => {
  it('reads no more of a huge DOM than its cap: the first characters of what page.content() shows', async () => {
    const page = await browser!.newPage();
    try {
      // 8 million characters of text built by the page's script.
      await page.setContent(
        '<!doctype html><html><head><title>big</title></head><body><script>' +
          "document.body.append('x'.repeat(8e6))</script></body></html>",
      );
      const reader = new DomReader(page, 100_000);
      const html = await reader.fresh(Date.now() + 20_000, new AbortController().signal);
      assert.ok(html !== null);
      assert.equal(html.length, 100_000);
      const full = await page.content();
      assert.ok(full.length > 8e6);
      assert.equal(html, full.slice(0, 100_000));
    } finally {
      await page.close();
    }
  });

  it("is not fooled by a page that rewrites the serialisers' prototypes", async () => {
    const page = await browser!.newPage();
    try {
      await page.setContent(
        '<!doctype html><html><body><p>real text</p><script>' +
          "Object.defineProperty(Element.prototype, 'outerHTML', { get: () => 'x'.repeat(1e8) });" +
          "XMLSerializer.prototype.serializeToString = () => { throw new Error('no'); };" +
          '</script></body></html>',
      );
      const html = await new DomReader(page, 1_000_000).fresh(Date.now() + 20_000, new AbortController().signal);
      assert.ok(html !== null, 'no read');
      assert.ok(html.includes('<p>real text</p>'), html.slice(0, 200));
      assert.ok(html.startsWith('<!DOCTYPE html>'), html.slice(0, 200));
    } finally {
      await page.close();
    }
  });
});
