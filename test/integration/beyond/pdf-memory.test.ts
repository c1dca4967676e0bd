// What the PDF processes may hold (issue 31 row 5, the service's memory bound): PDFs are read
// in processes under URLKIT_PDF_MAX_MEMORY_MB, and at most URLKIT_PDF_PROCESSES of them are alive
// at once whatever the worker threads and the callers, so together they hold at most that many
// limits; a 500-page book at the largest max_chars is still read under the default limit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toolContext } from '../../support/tool-context.js';
import { createServices, type Services } from '../../../src/app/services.js';
import { defaultConfig, type Config } from '../../../src/config/config.js';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { pdfBomb } from '../../support/hostile-pages.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { bookPdf, REPORT, reportPdf } from '../../support/pdf-fixtures.js';

let site: LoopbackServer;
const opened: Services[] = [];

before(async () => {
  const files = new Map<string, Uint8Array>([
    ['/bomb.pdf', await pdfBomb(1024)],
    ['/report.pdf', await reportPdf()],
    ['/book-60.pdf', await bookPdf(60)],
    ['/book-500.pdf', await bookPdf(500)],
  ]);
  site = await startServer((req, res) => {
    const body = files.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(body.length) }).end(body);
  });
});

after(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await site?.close();
});

function context(config: Config): ToolContext {
  const services = createServices(config);
  opened.push(services);
  return toolContext(config, services);
}

describe('PDF processes and their memory', () => {
  it('keep at most URLKIT_PDF_PROCESSES alive while more workers read PDFs at once', async () => {
    const ctx = context(testConfig({ workerThreads: 4, pdfProcesses: 1, workerTaskTimeoutMs: 120_000 }));
    const urls = [1, 2, 3, 4, 5, 6].map((n) => `${site.origin}/${n % 2 ? 'book-60' : 'report'}.pdf?n=${n}`);
    const items = await getUrlMetadata.run(
      { items: [...urls, `${site.origin}/bomb.pdf`], include_content: true, follow_redirects: true, timeout: 120 },
      ctx,
    );
    assert.deepEqual(
      items.map((i) => i.meta.error?.code ?? null),
      [null, null, null, null, null, null, 'response_too_large'],
    );
    assert.equal(items[1]!.data!.title, REPORT.title);
    assert.equal(items[0]!.data!.pages, 60);
    const pdf = ctx.services.pool.pdfProcesses;
    assert.equal(pdf.peakAlive, 1);
    assert.equal(pdf.died, 1);
  });

  it('keep a process that read a small PDF for the next one', async () => {
    const ctx = context(testConfig({ workerTaskTimeoutMs: 120_000 }));
    for (const n of [1, 2]) {
      const [item] = await cleanWebContent.run(
        {
          url: `${site.origin}/report.pdf?n=${n}`,
          output_format: 'text',
          include_title: true,
          max_chars: 1000,
          timeout: 120,
        },
        ctx,
      );
      assert.equal(item!.data!.title, REPORT.title);
    }
    assert.equal(ctx.services.pool.pdfProcesses.started, 1);
  });

  it('read a 500-page book at the largest max_chars under the default limit', async () => {
    const ctx = context(testConfig({ pdfMaxMemoryMb: defaultConfig().pdfMaxMemoryMb, workerTaskTimeoutMs: 120_000 }));
    const [book] = await cleanWebContent.run(
      {
        url: `${site.origin}/book-500.pdf`,
        output_format: 'text',
        include_title: true,
        max_chars: 2_000_000,
        timeout: 120,
      },
      ctx,
    );
    assert.equal(book!.meta.error ?? null, null);
    const content = String(book!.data!.content);
    assert.ok(content.length > 1_900_000, `${content.length} characters`);
    assert.match(content, /Line 44 of page 4\d\d: the tide came in/);
    assert.equal(ctx.services.pool.pdfProcesses.died, 0);
  });
});
