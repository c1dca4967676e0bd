// A large page text that was already decoded crosses to the worker as its UTF-8 bytes, moved
// (posted with the task's transfer list, so no copy of them is made to post them), and comes
// back as the same text, whatever its characters; small texts and other tasks are posted
// unchanged. A decoded text is the text it reads as, even when it reads as UTF-8 decoded twice:
// the repair of double-encoded bytes (fetch/double-encoding.ts) is for fetched bytes, and a text
// long enough to be posted as bytes is not read differently from a short one posted as a string.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { postedPieces, postedText } from '../../../src/workers/page-bytes.js';
import { WorkerPool, compactTask } from '../../../src/workers/pool.js';
import { COMPACT_MIN_CHARS, posting, transferOf } from '../../../src/workers/posted-task.js';
import type { WorkerTask } from '../../../src/workers/worker.js';
import { testConfig } from '../../support/loopback-server.js';

const paragraphs = '<p>Grüße — 日本語 😀 text</p>'.repeat(COMPACT_MIN_CHARS / 10);
const text = `<html><head><title>Ünïcödé “quotes” 日本語 😀</title></head><body>${paragraphs}</body></html>`;

describe('page text sent to a worker', () => {
  // Large pages in the worker threads too (no page processes: page-processes.test.ts covers those).
  const pool = new WorkerPool(testConfig({ largePageProcesses: 0, workerThreads: 1 }));
  after(() => pool.close());

  it('a large text goes as its UTF-8 bytes, which move, and reads back as the same text', () => {
    const task: WorkerTask = {
      kind: 'metadata',
      input: { body: text, bodyKind: 'html', finalUrl: 'https://t.example/', headers: {}, includeContent: false },
    };
    const sent = posting(task, 1, undefined).task as Extract<WorkerTask, { kind: 'metadata' }>;
    const bytes = (sent.input.body as { bytes: Uint8Array }).bytes;
    assert.ok(bytes instanceof Uint8Array, 'posted as bytes');
    const moved = transferOf(sent);
    assert.deepEqual(moved, [bytes.buffer], 'the bytes posting made are the ones that move');
    const posted = structuredClone(sent, { transfer: moved });
    assert.equal(bytes.byteLength, 0, 'moved, not copied');
    assert.equal(postedText(posted.input.body!), text);
    assert.equal(task.input.body, text, "the caller's task is left as it was");
  });

  it('posts small texts and other tasks as they are', () => {
    const small: WorkerTask = {
      kind: 'clean',
      input: {
        body: '<p>hi</p>',
        bodyKind: 'html',
        finalUrl: 'https://t.example/',
        profile: 'content',
        format: 'text',
        includeTitle: true,
        maxChars: 100,
      },
    };
    assert.equal(compactTask(small), small);
    const pdf: WorkerTask = {
      kind: 'pdf',
      input: {
        bytes: new Uint8Array(2048),
        maxPages: 1,
        format: 'text',
        includeTitle: false,
        maxChars: 100,
        wantText: true,
      },
    };
    assert.equal(compactTask(pdf), pdf);
  });

  it('a worker reads the large text as the original (title with characters outside Latin-1)', async () => {
    const result = await pool.run({
      kind: 'metadata',
      input: { body: text, bodyKind: 'html', finalUrl: 'https://t.example/', headers: {}, includeContent: false },
    });
    assert.equal(result.data.title, 'Ünïcödé “quotes” 日本語 😀');
  });

  it('a large text that reads as double-encoded UTF-8 is read as it was decoded, as a small one is', async () => {
    // "café —" as its UTF-8 bytes read as windows-1252: what a browser shows of such a page.
    const garbled = 'cafÃ© â€”';
    const page = (body: string) => `<html><head><title>${garbled}</title></head><body>${body}</body></html>`;
    const large = page(`<p>${garbled} text</p>`.repeat(COMPACT_MIN_CHARS / 10));
    const task = (body: string): Extract<WorkerTask, { kind: 'metadata' }> => ({
      kind: 'metadata',
      input: { body, bodyKind: 'html', finalUrl: 'https://t.example/', headers: {}, includeContent: false },
    });
    const sent = posting(task(large), 1, undefined).task as Extract<WorkerTask, { kind: 'metadata' }>;
    assert.equal(typeof sent.input.body, 'object', 'posted as bytes');
    assert.ok(postedText(sent.input.body!) === large, 'read whole as it was decoded');
    assert.ok(postedPieces(sent.input.body!).join('') === large, 'read in pieces as it was decoded');
    for (const body of [page('<p>short</p>'), large]) {
      const result = await pool.run(task(body));
      assert.equal(result.data.title, garbled, `${body.length} characters`);
    }
  });
});
