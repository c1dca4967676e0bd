// Pages of 1 MiB or more are parsed in a page process at a lower OS priority (page-processes.ts),
// not in a worker thread: they answer exactly as a worker thread answers them, ordinary pages stay
// on the worker threads, every thread of the process runs at the lower priority, a page process
// that dies fails only its own page, and a page whose deadline passes while it waits for the
// process answers timeout without being parsed.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { childThreadNice } from '../../support/child-nice.js';
import os from 'node:os';
import { ItemFailure } from '../../../src/errors/codes.js';
import type { PostedText } from '../../../src/workers/page-bytes.js';
import { LARGE_PAGE_CHARS } from '../../../src/workers/page-processes.js';
import { WorkerCrashed, WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';

const para = '<p>' + 'Words of a long page that goes on and on, résumé and naïveté. '.repeat(8) + '</p>\n';
const paras = para.repeat(Math.ceil((1.2 * LARGE_PAGE_CHARS) / para.length));
const largeHtml = `<title>Large</title><article><h1>Large</h1>${paras}</article>`;
/** 700,000 tiny elements (5.6 MB): their tree needs far more than a 64 MiB heap. */
const dense = '<i>a</i>'.repeat(700_000);

function metadataOf(body: PostedText) {
  return {
    kind: 'metadata' as const,
    input: { body, bodyKind: 'html' as const, finalUrl: 'https://w.example/', headers: {}, includeContent: true },
  };
}

function cleanOf(body: PostedText) {
  return {
    kind: 'clean' as const,
    input: {
      body,
      bodyKind: 'html' as const,
      finalUrl: 'https://w.example/',
      profile: 'content' as const,
      format: 'markdown' as const,
      includeTitle: true,
      maxChars: 200_000,
    },
  };
}

describe('large-page processes', () => {
  const pool = new WorkerPool(
    testConfig({ workerThreads: 1, workerTaskTimeoutMs: 60_000, workerMaxMemoryMb: 64, largePageProcesses: 1 }),
  );
  const threadsOnly = new WorkerPool(
    testConfig({ workerThreads: 1, workerTaskTimeoutMs: 60_000, workerMaxMemoryMb: 64, largePageProcesses: 0 }),
  );
  after(() => Promise.all([pool.close(), threadsOnly.close()]));

  it('answers a large page in a page process exactly as a worker thread does', async () => {
    const inProcess = await pool.run(metadataOf(largeHtml));
    assert.equal(pool.pageProcesses!.started, 1, 'the page went to a page process');
    assert.deepEqual(inProcess, await threadsOnly.run(metadataOf(largeHtml)));
    assert.equal(inProcess.data.title, 'Large');
    // Bytes in a charset of their own are decoded in the process as in a worker thread.
    const latin1 = () => ({ bytes: Buffer.from(largeHtml, 'latin1'), charset: 'windows-1252' });
    const cleaned = await pool.run(cleanOf(latin1()));
    assert.deepEqual(cleaned, await threadsOnly.run(cleanOf(latin1())));
    assert.ok(cleaned.ok && cleaned.content.includes('résumé and naïveté'));
  });

  it('reads a large decoded text as it is, though it reads as double-encoded UTF-8', async () => {
    // "café —" as its UTF-8 bytes read as windows-1252: a rendered page's text as the browser read it.
    const garbled = 'cafÃ© â€”';
    const line = `<p>${garbled}, a line of a long rendered page.</p>\n`;
    const page = `<title>${garbled}</title>${line.repeat(Math.ceil((1.2 * LARGE_PAGE_CHARS) / line.length))}`;
    // Over LARGE_PAGE_CHARS: a page process reads it (the first test shows where such pages go).
    const answer = await pool.run(metadataOf(page));
    assert.equal(answer.data.title, garbled);
  });

  it('keeps ordinary pages on the worker threads', async () => {
    const started = pool.pageProcesses!.started;
    const small = await pool.run(metadataOf(`<title>Small</title>${para.repeat(100)}`));
    assert.equal(small.data.title, 'Small');
    assert.equal(pool.pageProcesses!.started, started);
  });

  it('runs every thread of a page process at a lower priority than the service', async (t) => {
    if (os.platform() !== 'linux') return t.skip('reads /proc');
    await pool.run(metadataOf(largeHtml));
    const nice = childThreadNice('page-process-entry');
    assert.ok(nice.length > 1, 'the idle page process and its threads were found');
    for (const n of nice) assert.ok(n >= Math.min(19, os.getPriority() + 10), `a thread at nice ${n}`);
  });

  it('fails only its own page when a page process dies, and the next large page gets a new one', async () => {
    const died = pool.pageProcesses!.died;
    const [crashed, small] = await Promise.allSettled([
      pool.run(metadataOf(dense)),
      pool.run(metadataOf('<title>Alive</title>')),
    ]);
    assert.ok(crashed.status === 'rejected' && crashed.reason instanceof WorkerCrashed, String(crashed.status));
    assert.ok(small.status === 'fulfilled' && small.value.data.title === 'Alive');
    assert.equal(pool.pageProcesses!.died, died + 1);
    assert.equal((await pool.run(metadataOf(largeHtml))).data.title, 'Large');
  });

  it("answers timeout, unparsed, when a large page's deadline passes while it waits for the process", async () => {
    const started = pool.pageProcesses!.started;
    const first = pool.run(metadataOf(largeHtml));
    await assert.rejects(
      pool.run(metadataOf(largeHtml), { startBy: Date.now() }),
      (err: unknown) => err instanceof ItemFailure && err.code === 'timeout',
    );
    assert.equal((await first).data.title, 'Large');
    assert.ok(pool.pageProcesses!.started <= started + 1, 'no process was started for it');
  });

  it('keeps a process that is still loading when its page stops waiting, for the next page', async () => {
    // A page process takes about a second of CPU to load, at its lower priority. A page whose
    // deadline passed while its process loaded used to end that process, so on a busy machine
    // each next page started a new one that was ended in turn, and none was ever parsed.
    const fresh = new WorkerPool(
      testConfig({ workerThreads: 1, workerTaskTimeoutMs: 60_000, workerMaxMemoryMb: 64, largePageProcesses: 1 }),
    );
    try {
      const pages = fresh.pageProcesses!;
      const stopped = new AbortController();
      let taken = false;
      const first = pages.run(metadataOf(largeHtml), stopped.signal, () => (taken = true));
      // Stopped as soon as its process exists: loading takes hundreds of milliseconds.
      while (pages.alive === 0) await new Promise((r) => setImmediate(r));
      stopped.abort(new Error('the page stopped waiting'));
      await assert.rejects(first, /the page stopped waiting/);
      assert.equal(taken, false, 'the process had not taken the page');
      assert.equal((await fresh.run(metadataOf(largeHtml))).data.title, 'Large');
      assert.equal(fresh.pageProcesses!.started, 1, 'the second page used the process started for the first');
    } finally {
      await fresh.close();
    }
  });
});
