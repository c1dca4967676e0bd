// PDFs served from loopback through the real fetcher, worker pool and tools: text and markdown
// from both cleaners, the metadata fetcher's document info and page count, encrypted, broken
// and scanned files as no_content, the PDF byte cap, and a PDF larger than the HTML body cap.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toolContext } from '../../support/tool-context.js';
import type { Config } from '../../../src/config/config.js';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import { cleanWebIndex } from '../../../src/tools/clean-web-index.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import { createServices, type Services } from '../../../src/app/services.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import {
  COLUMNS,
  REPORT,
  bloatedPdf,
  encryptedPdf,
  reportPdf,
  scannedPdf,
  truncatedPdf,
  twoColumnPdf,
} from '../../support/pdf-fixtures.js';

let site: LoopbackServer;
const open: Services[] = [];
const files = new Map<string, Uint8Array>();
const BIG = 7 * 1024 * 1024;

before(async () => {
  files.set('/report.pdf', await reportPdf());
  files.set('/columns.pdf', await twoColumnPdf());
  files.set('/scanned.pdf', await scannedPdf());
  files.set('/encrypted.pdf', await encryptedPdf());
  files.set('/truncated.pdf', await truncatedPdf());
  files.set('/big.pdf', await bloatedPdf(BIG));
  site = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/download/report.pdf') {
      // A generic type, the file name in the path: read as the PDF it is.
      return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(files.get('/report.pdf'));
    }
    if (path === '/chunked-big.pdf') {
      // No Content-Length: the cap is found while reading.
      res.writeHead(200, { 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' });
      return void res.end(files.get('/big.pdf'));
    }
    const body = files.get(path);
    if (!body) return void res.writeHead(404).end();
    res
      .writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': String(body.length),
        'last-modified': 'Mon, 01 Jan 2024 00:00:00 GMT',
      })
      .end(body);
  });
});

after(async () => {
  await Promise.all(open.map((s) => s.close()));
  await site.close();
});

// A PDF's time budget (URLKIT_WORKER_TASK_TIMEOUT_MS, 10 s) counts from the start of its PDF
// process, which at 10 times more runnable processes than CPUs took most of it. These tests assert
// what is read, not how fast: the budget and the item timeouts are raised.
function context(overrides: Partial<Config> = {}): ToolContext {
  const config = testConfig({ workerTaskTimeoutMs: 60_000, ...overrides });
  const services = createServices(config);
  open.push(services);
  return toolContext(config, services);
}

const clean = (url: string, format: 'text' | 'markdown' = 'text') => ({
  url,
  output_format: format,
  include_title: true,
  max_chars: 200_000,
  timeout: 60,
});
const metadata = (url: string, include_content = false) => ({
  url,
  include_content,
  follow_redirects: true,
  timeout: 60,
});

describe('PDF through the tools', () => {
  let ctx: ToolContext;
  before(() => {
    ctx = context();
  });

  it('clean_web_content and clean_web_index return the text and the markdown', async () => {
    for (const tool of [cleanWebContent, cleanWebIndex]) {
      const [item] = await tool.run(clean(`${site.origin}/report.pdf`, 'markdown'), ctx);
      assert.equal(item!.meta.error, undefined, JSON.stringify(item!.meta.error));
      assert.equal(item!.meta.content_type, 'application/pdf');
      assert.equal(item!.meta.status_code, 200);
      assert.equal(item!.meta.extraction_profile, item!.meta.extraction_profile_requested);
      assert.equal(item!.meta.fallback_used, false);
      assert.equal(item!.data!.title, REPORT.title);
      const content = item!.data!.content as string;
      assert.ok(content.startsWith(`# ${REPORT.title}\n\n## 1. Introduction\n\n`), content);
      assert.ok(content.includes(REPORT.findings));
      assert.ok((item!.data!.word_count as number) > 100);
    }
    const [text] = await cleanWebContent.run(clean(`${site.origin}/columns.pdf`), ctx);
    assert.equal(text!.data!.content, `${COLUMNS.title}\n${COLUMNS.left}\n${COLUMNS.right}`);
  });

  it('get_url_metadata reads the document info and the page count', async () => {
    const [item] = await getUrlMetadata.run(metadata(`${site.origin}/report.pdf`), ctx);
    assert.equal(item!.meta.error, undefined);
    const d = item!.data!;
    assert.equal(d.title, REPORT.title);
    assert.equal(d.author, REPORT.author);
    assert.equal(d.description, REPORT.subject);
    assert.equal(d.published_at, REPORT.createdIso);
    assert.equal(d.modified_at, REPORT.modifiedIso);
    assert.equal(d.pages, 2);
    assert.equal('content' in d, false);
    const [withContent] = await getUrlMetadata.run(metadata(`${site.origin}/report.pdf`, true), ctx);
    const [cleaned] = await cleanWebContent.run({ ...clean(`${site.origin}/report.pdf`), include_title: false }, ctx);
    assert.equal(withContent!.data!.content, cleaned!.data!.content);
    assert.equal(withContent!.data!.word_count, cleaned!.data!.word_count);
  });

  it('encrypted, truncated and scanned files are no_content, with a message saying which', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/encrypted.pdf', /encrypted/],
      ['/truncated.pdf', /truncated/],
      ['/scanned.pdf', /no text layer/],
    ];
    for (const [path, message] of cases) {
      const [c] = await cleanWebContent.run(clean(`${site.origin}${path}`), ctx);
      assert.equal(c!.meta.error?.code, 'no_content', path);
      assert.match(c!.meta.error.message, message);
      const [m] = await getUrlMetadata.run(metadata(`${site.origin}${path}`), ctx);
      assert.equal(m!.meta.error?.code, 'no_content', path);
      assert.match(m!.meta.error.message, message);
      // What could be learned is kept: the headers' date when the file is unreadable, else its info.
      if (path !== '/scanned.pdf') assert.equal(m!.data!.modified_at, '2024-01-01T00:00:00Z');
      else assert.equal(m!.data!.pages, 1);
    }
  });

  it('a PDF over the HTML body cap is read under the PDF cap; a generic type with a .pdf path too', async () => {
    const [big] = await cleanWebContent.run(clean(`${site.origin}/big.pdf`), ctx);
    assert.equal(big!.meta.error, undefined, JSON.stringify(big!.meta.error));
    assert.equal(big!.meta.truncated, false);
    assert.ok((big!.data!.content as string).includes(REPORT.findings));
    const [generic] = await cleanWebContent.run(clean(`${site.origin}/download/report.pdf`), ctx);
    assert.equal(generic!.meta.error, undefined);
    assert.equal(generic!.data!.title, REPORT.title);
  });

  it('a PDF over URLKIT_MAX_PDF_BYTES is response_too_large, declared or found while reading', async () => {
    const small = context({ maxPdfBytes: 1024 * 1024 });
    for (const path of ['/big.pdf', '/chunked-big.pdf']) {
      const [c] = await cleanWebContent.run(clean(`${site.origin}${path}`), small);
      assert.equal(c!.meta.error?.code, 'response_too_large', path);
      assert.match(c!.meta.error.message, /URLKIT_MAX_PDF_BYTES/);
      const [m] = await getUrlMetadata.run(metadata(`${site.origin}${path}`), small);
      assert.equal(m!.meta.error?.code, 'response_too_large', path);
    }
  });
});
