// Issue 31 row 5: a 2.5 KB PDF whose content stream is two layers of FlateDecode over 1 GiB of
// spaces (then one line of text). pdf.js decodes it into typed arrays outside any V8 heap limit:
// read in a worker thread it took 2.2 GB of the service's memory and then answered with the
// line. Read in a process of its own under URLKIT_PDF_MAX_MEMORY_MB, the process dies at the
// limit: the item is response_too_large, the other items of the same call (and of its batch
// chunk) are answered, and the next PDF is read by a new process. A PDF over its time budget
// has its process killed. Every thread of a PDF process runs at a lower OS priority than the
// service's, so the bombs' process restarts and inflation leave the CPU to other callers' work.
import assert from 'node:assert/strict';
import { childThreadNice } from '../../support/child-nice.js';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import { claimantOf, inCallScope } from '../../../src/admission/call-scope.js';
import { Callers } from '../../../src/admission/callers.js';
import { createServices, type Services } from '../../../src/app/services.js';
import { defaultConfig } from '../../../src/config/config.js';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { pdfBomb } from '../../support/hostile-pages.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { REPORT, reportPdf } from '../../support/pdf-fixtures.js';
import { toolContext } from '../../support/tool-context.js';

let site: LoopbackServer;
let services: Services;
let ctx: ToolContext;

before(async () => {
  const files = new Map<string, Uint8Array>([
    ['/bomb.pdf', await pdfBomb(1024)],
    ['/report.pdf', await reportPdf()],
  ]);
  site = await startServer((req, res) => {
    const body = files.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(body.length) }).end(body);
  });
  // The default limit: the one that has to stop the bomb.
  const config = testConfig({ pdfMaxMemoryMb: defaultConfig().pdfMaxMemoryMb, workerTaskTimeoutMs: 60_000 });
  services = createServices(config);
  ctx = toolContext(config, services);
});

after(async () => {
  await services?.close();
  await site?.close();
});

describe('a PDF bomb (Flate over Flate over 1 GiB)', () => {
  it('is read in a process whose every thread runs at a lower priority than the service', async (t) => {
    if (os.platform() !== 'linux') return t.skip('reads /proc');
    const [report] = await cleanWebContent.run(
      {
        url: `${site.origin}/report.pdf?nice`,
        output_format: 'text',
        include_title: true,
        max_chars: 100_000,
        timeout: 60,
      },
      ctx,
    );
    assert.equal(report!.meta.error ?? null, null);
    // The process that read it stays for the next PDF.
    const nice = childThreadNice('pdf-process-entry');
    assert.ok(nice.length > 1, 'the idle PDF process and its threads were found');
    for (const n of nice) assert.ok(n >= Math.min(19, os.getPriority() + 10), `a thread at nice ${n}`);
  });

  it('is response_too_large from the cleaners, and the next PDF is read', async () => {
    const [bomb] = await cleanWebContent.run(
      { url: `${site.origin}/bomb.pdf`, output_format: 'text', include_title: true, max_chars: 100_000, timeout: 60 },
      ctx,
    );
    assert.equal(bomb!.meta.error?.code, 'response_too_large');
    assert.match(bomb!.meta.error?.message ?? '', /URLKIT_PDF_MAX_MEMORY_MB/);
    assert.equal(services.pool.pdfProcesses.died, 1);
    const [report] = await cleanWebContent.run(
      { url: `${site.origin}/report.pdf`, output_format: 'text', include_title: true, max_chars: 100_000, timeout: 60 },
      ctx,
    );
    assert.equal(report!.meta.error ?? null, null);
    assert.equal(report!.data!.title, REPORT.title);
  });

  it('fails only its own item in a metadata batch', async () => {
    const items = await getUrlMetadata.run(
      {
        items: [`${site.origin}/report.pdf`, `${site.origin}/bomb.pdf`, `${site.origin}/report.pdf?again`],
        include_content: true,
        follow_redirects: true,
        timeout: 60,
      },
      ctx,
    );
    assert.deepEqual(
      items.map((i) => i.meta.error?.code ?? null),
      [null, 'response_too_large', null],
    );
    assert.equal(items[0]!.data!.title, REPORT.title);
    assert.equal(items[2]!.data!.pages, 2);
  });

  it("does not keep another caller's PDF from being read while its bombs are refused", async () => {
    const callers = new Callers();
    const asCaller = <T>(caller: string, fn: () => Promise<T>) =>
      inCallScope({ claimant: claimantOf(caller, callers), memory: null }, fn);
    const clean = (path: string) =>
      cleanWebContent.run(
        { url: `${site.origin}${path}`, output_format: 'text', include_title: true, max_chars: 100_000, timeout: 60 },
        ctx,
      );
    const diedBefore = services.pool.pdfProcesses.died;
    const [bombs, honest] = await Promise.all([
      asCaller('hostile', () => Promise.all([1, 2, 3].map((n) => clean(`/bomb.pdf?n=${n}`)))),
      asCaller('honest', () => clean('/report.pdf?caller=honest')),
    ]);
    assert.deepEqual(
      bombs.map(([item]) => item!.meta.error?.code),
      ['response_too_large', 'response_too_large', 'response_too_large'],
    );
    assert.equal(honest[0]!.meta.error ?? null, null);
    assert.equal(honest[0]!.data!.title, REPORT.title);
    assert.equal(services.pool.pdfProcesses.died - diedBefore, 3);
    // One process at a time under the default settings, whatever the callers.
    assert.equal(services.pool.pdfProcesses.peakAlive, 1);
  });

  it('over its time budget, is a timeout and its process is killed', async () => {
    // A limit high enough that the time budget ends the read first, even on a fast machine.
    const config = testConfig({ pdfMaxMemoryMb: 512, workerTaskTimeoutMs: 500 });
    const hurried = createServices(config);
    try {
      const [item] = await cleanWebContent.run(
        { url: `${site.origin}/bomb.pdf`, output_format: 'text', include_title: true, max_chars: 100_000, timeout: 60 },
        { ...ctx, config, services: hurried },
      );
      assert.equal(item!.meta.error?.code, 'timeout');
      assert.equal(hurried.pool.pdfProcesses.alive, 0);
      assert.equal(hurried.pool.pdfProcesses.died, 0);
    } finally {
      await hurried.close();
    }
  });
});
