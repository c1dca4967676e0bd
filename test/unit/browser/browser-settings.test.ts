// Browser rendering is off by default; URLKIT_BROWSER must name an executable; the budgets are
// bounded; without a browser path the services carry no browser pool, and with one the pool
// starts nothing until the first render.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config/config.js';
import { createServices } from '../../../src/app/services.js';
import { testConfig } from '../../support/loopback-server.js';

const isConfigError = (pattern: RegExp) => (err: unknown) =>
  err instanceof ConfigError && pattern.test(err.message) && !err.message.includes('\n');

describe('browser settings', () => {
  it('are off by default with the documented budgets', () => {
    const c = loadConfig({});
    assert.equal(c.browserPath, null);
    assert.equal(c.browserConcurrency, 2);
    assert.equal(c.browserPageTimeoutMs, 10_000);
    assert.equal(c.browserMaxRequests, 100);
    assert.equal(c.browserMaxBytes, 10 * 1024 * 1024);
  });

  it('URLKIT_BROWSER must be an absolute path to an executable file', () => {
    assert.equal(loadConfig({ URLKIT_BROWSER: process.execPath }).browserPath, process.execPath);
    assert.throws(
      () => loadConfig({ URLKIT_BROWSER: 'chromium' }),
      isConfigError(/URLKIT_BROWSER must be an absolute path/),
    );
    assert.throws(
      () => loadConfig({ URLKIT_BROWSER: '/nonexistent/chromium' }),
      isConfigError(/URLKIT_BROWSER names no executable/),
    );
  });

  it('budgets are bounded', () => {
    assert.throws(
      () => loadConfig({ URLKIT_BROWSER_CONCURRENCY: '0' }),
      isConfigError(/URLKIT_BROWSER_CONCURRENCY must be between 1 and 32/),
    );
    assert.throws(
      () => loadConfig({ URLKIT_BROWSER_PAGE_TIMEOUT_MS: '10' }),
      isConfigError(/URLKIT_BROWSER_PAGE_TIMEOUT_MS/),
    );
    assert.throws(
      () => loadConfig({ URLKIT_BROWSER_MAX_REQUESTS: 'many' }),
      isConfigError(/URLKIT_BROWSER_MAX_REQUESTS must be a whole number/),
    );
    assert.throws(() => loadConfig({ URLKIT_BROWSER_MAX_BYTES: '1' }), isConfigError(/URLKIT_BROWSER_MAX_BYTES/));
    assert.equal(loadConfig({ URLKIT_BROWSER_CONCURRENCY: '4' }).browserConcurrency, 4);
  });

  it('services carry a browser pool only when a browser is configured, and start nothing up front', async () => {
    const off = createServices(testConfig());
    assert.equal(off.browser, undefined);
    await off.close();
    const on = createServices(testConfig({ browserPath: process.execPath, browserConcurrency: 3 }));
    try {
      assert.equal(on.browser!.capacity, 3);
      assert.equal(on.browser!.inUse, 0);
      assert.equal(on.browser!.launches, 0);
    } finally {
      await on.close();
    }
  });
});
