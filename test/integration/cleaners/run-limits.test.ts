// run() of the cleaners directly (ToolContext from testConfig + createServices) for the limits
// that need their own configuration: a body cut at the size cap, and the worker time budget.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toolContext } from '../../support/tool-context.js';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import { cleanWebIndex } from '../../../src/tools/clean-web-index.js';
import { createServices, type Services } from '../../../src/app/services.js';
import type { ToolContext } from '../../../src/tools/types.js';
import type { Config } from '../../../src/config/config.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

const PARAGRAPH =
  '<p>A paragraph of a long article about tides, harbours and the people who work on the water every day.</p>\n';
const LONG =
  `<!doctype html><html><head><title>Long read</title></head><body><article><h1>Long read</h1>` +
  `${PARAGRAPH.repeat(400)}</article></body></html>`;
const HUGE =
  `<!doctype html><html><head><title>Huge</title></head><body>` +
  `${'<div><p>Cell text in a very large page.</p></div>'.repeat(150_000)}</body></html>`;

let site: LoopbackServer;
const open: Services[] = [];

before(async () => {
  site = await startServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(req.url === '/huge' ? HUGE : LONG);
  });
});

after(async () => {
  await Promise.all(open.map((s) => s.close()));
  await site.close();
});

function context(config: Config): ToolContext {
  const services = createServices(config);
  open.push(services);
  return toolContext(config, services);
}

const input = (url: string, timeout = 15) => ({
  url,
  output_format: 'text' as const,
  include_title: true,
  max_chars: 200_000,
  timeout,
});

describe('cleaner limits', () => {
  it('marks truncated when the fetcher cut the body at the size cap, and cleans what arrived', async () => {
    const ctx = context(testConfig({ maxBodyBytes: 8 * 1024 }));
    const [item] = await cleanWebContent.run(input(`${site.origin}/long`), ctx);
    assert.equal(item!.meta.truncated, true);
    assert.equal(item!.meta.error, undefined);
    const content = item!.data!.content as string;
    assert.ok(content.startsWith('Long read\nA paragraph of a long article'), content.slice(0, 100));
    assert.ok(content.length < 8 * 1024);
  });

  it('is not truncated when the whole body fits', async () => {
    const ctx = context(testConfig());
    const [item] = await cleanWebIndex.run(input(`${site.origin}/long`), ctx);
    assert.equal(item!.meta.truncated, false);
    assert.equal((item!.data!.content as string).split('\n').length, 401);
  });

  it('reports timeout when parsing and extraction exceed the worker budget', async () => {
    const ctx = context(testConfig({ workerTaskTimeoutMs: 1 }));
    const [item] = await cleanWebContent.run(input(`${site.origin}/huge`), ctx);
    assert.equal(item!.data, null);
    assert.equal((item!.meta.error as { code: string }).code, 'timeout');
    assert.equal(item!.meta.status_code, 200);
  });
});

describe('cleaner worker failure', () => {
  it('reports a page that kills its worker (memory cap) as not processed, and the pool recovers', async () => {
    const ctx = context(
      testConfig({ workerMaxMemoryMb: 48, workerTaskTimeoutMs: 60_000, maxBodyBytes: 16 * 1024 * 1024 }),
    );
    // The item's own timeout is the largest allowed: on a busy machine, reaching the memory cap
    // can take longer than 15 s, and the test is about the cap, not the clock.
    const [item] = await cleanWebContent.run(input(`${site.origin}/huge`, 60), ctx);
    assert.equal(item!.data, null);
    assert.equal((item!.meta.error as { code: string }).code, 'response_too_large');
    assert.equal(item!.meta.status_code, 200);
    const [next] = await cleanWebContent.run(input(`${site.origin}/long`), ctx);
    assert.equal(next!.meta.error, undefined);
  });
});
