// Issue 31 row 5: a PDF is read in a PDF process and only then rendered in a worker thread, so
// it takes a worker-thread slot for its render step only. While one caller's PDF waits for, or
// is read in, the PDF process, another caller's HTML page is parsed, even with one worker
// thread. The PDF here is a bomb under a memory limit high enough that its read goes on until
// the test stops it: nothing here depends on how long anything takes, only on what is still in
// flight when the other call answers. A PDF that waits for the PDF process waits by its URL's own
// `timeout`, as a page that waits for a worker thread does.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { claimantOf, inCallScope } from '../../../src/admission/call-scope.js';
import { Callers } from '../../../src/admission/callers.js';
import { createServices, type Services } from '../../../src/app/services.js';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { pdfBomb } from '../../support/hostile-pages.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { REPORT, reportPdf } from '../../support/pdf-fixtures.js';
import { toolContext } from '../../support/tool-context.js';

const PAGE =
  '<!doctype html><html><head><title>Harbour notes</title></head><body><article><h1>Harbour notes</h1>' +
  '<p>The harbour master logs every arrival and departure in a ledger kept by the door of the office.</p>' +
  '<p>Each entry names the boat, its skipper, the berth it took and the hour of the tide.</p></article></body></html>';

let site: LoopbackServer;
let services: Services;
let ctx: ToolContext;

before(async () => {
  const files = new Map<string, Uint8Array>([
    // 256 MiB of spaces once decoded: under the 1 GiB limit below the read runs for as long as
    // pdf.js takes to inflate and scan them, unless it is stopped.
    ['/bomb.pdf', await pdfBomb(256)],
    ['/report.pdf', await reportPdf()],
  ]);
  site = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = files.get(path);
    if (body) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(body.length) }).end(body);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  const config = testConfig({ workerThreads: 1, pdfMaxMemoryMb: 1024, workerTaskTimeoutMs: 120_000 });
  services = createServices(config);
  ctx = toolContext(config, services);
});

after(async () => {
  await services?.close();
  await site?.close();
});

const callers = new Callers();
const asCaller = <T>(caller: string, fn: () => Promise<T>) =>
  inCallScope({ claimant: claimantOf(caller, callers), memory: null }, fn);
const clean = (path: string, signal = ctx.signal) =>
  cleanWebContent.run(
    { url: `${site.origin}${path}`, output_format: 'text', include_title: true, max_chars: 100_000, timeout: 120 },
    { ...ctx, signal },
  );

describe('a PDF and the worker threads (one thread)', () => {
  it("leaves the only worker thread to another caller's page while the PDF is read", async () => {
    // The worker thread has loaded (a first page), so the page below needs only a free slot.
    const [warm] = await asCaller('honest', () => clean('/warm.html'));
    assert.equal(warm!.meta.error ?? null, null);

    const stopPdf = new AbortController();
    let pdfSettled = false;
    const startedBefore = services.pool.pdfProcesses.started;
    const pdf = asCaller('hostile', () => clean('/bomb.pdf', stopPdf.signal)).finally(() => (pdfSettled = true));
    pdf.catch(() => {});
    // The PDF has reached the PDF process (a process was started for it).
    while (services.pool.pdfProcesses.started === startedBefore && !pdfSettled) await nextTurn();

    const [page] = await asCaller('honest', () => clean('/page.html'));
    const stillReading = !pdfSettled;
    stopPdf.abort(new Error('the test is done with the PDF'));
    await pdf.catch(() => {});

    assert.equal(page!.meta.error ?? null, null);
    assert.equal(page!.data!.title, 'Harbour notes');
    assert.ok(stillReading, "the page was answered only after the PDF's read had ended");
  });

  it("answers another caller's PDF timeout by its own timeout while the only PDF process is busy", async () => {
    const stopPdf = new AbortController();
    let pdfSettled = false;
    const startedBefore = services.pool.pdfProcesses.started;
    const bomb = asCaller('hostile', () => clean('/bomb.pdf', stopPdf.signal)).finally(() => (pdfSettled = true));
    bomb.catch(() => {});
    while (services.pool.pdfProcesses.started === startedBefore && !pdfSettled) await nextTurn();

    // One second of its own: the bomb's read goes on until the test stops it (its budget here is 120 s).
    const [report] = await asCaller('honest', () =>
      cleanWebContent.run(
        {
          url: `${site.origin}/report.pdf?wait=1`,
          output_format: 'text',
          include_title: true,
          max_chars: 100_000,
          timeout: 1,
        },
        ctx,
      ),
    );
    const stillReading = !pdfSettled;
    stopPdf.abort(new Error('the test is done with the PDF'));
    await bomb.catch(() => {});

    assert.equal(report!.meta.error?.code, 'timeout');
    assert.match(report!.meta.error?.message ?? '', /waited for a PDF process/);
    assert.ok(stillReading, "the PDF was answered only after the other caller's read had ended");
    // The next PDF is read as usual.
    const [next] = await asCaller('honest', () => clean('/report.pdf?after=1'));
    assert.equal(next!.meta.error ?? null, null);
    assert.equal(next!.data!.title, REPORT.title);
  });

  it('renders a PDF in the worker thread once it is read', async () => {
    const [report] = await asCaller('honest', () => clean('/report.pdf'));
    assert.equal(report!.meta.error ?? null, null);
    assert.equal(report!.data!.title, REPORT.title);
    assert.equal(services.pool.busy, 0);
  });
});
