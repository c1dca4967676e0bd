// A worker collects its garbage after a task whose input is large (1 MiB or more), before the
// answer goes: a 5 MiB page's text, tree and extraction scratch do not stay in its heap until
// the next page, and the worker still answers the next call. The task's bytes are replaced by
// their text once decoded (takeText), and the answer is the same as from the bytes.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkerPool } from '../../../src/workers/pool.js';
import { takeText } from '../../../src/workers/clean-task.js';
import { textBytes, type PostedText } from '../../../src/workers/page-bytes.js';
import type { WorkerTask } from '../../../src/workers/worker.js';
import { testConfig } from '../../support/loopback-server.js';

const MiB = 1024 * 1024;
// About 2 MiB of markup, non-ASCII (two-byte text), posted as UTF-8 bytes like a fetched page.
const row = '<div class="row"><p>Grüße, some words <a href="/x">a link</a> and “more” words.</p></div>';
const rows = row.repeat(Math.ceil((2 * MiB) / row.length));
const big = `<html><head><title>Large</title></head><body>${rows}</body></html>`;
const bigTask: Extract<WorkerTask, { kind: 'clean' }> = {
  kind: 'clean',
  input: {
    body: textBytes(big),
    bodyKind: 'html',
    finalUrl: 'https://c.example/',
    profile: 'content',
    format: 'text',
    includeTitle: true,
    maxChars: 1000,
  },
};
const small: Extract<WorkerTask, { kind: 'clean' }> = {
  kind: 'clean',
  input: {
    body: '<title>Small</title><p>A short page with a sentence of text in it.</p>',
    bodyKind: 'html',
    finalUrl: 'https://c.example/s',
    profile: 'content',
    format: 'text',
    includeTitle: true,
    maxChars: 1000,
  },
};

/** The heap the pool's only worker reported at the end of its `tasks`-th task. */
async function heapAfterTask(pool: WorkerPool, tasks: number): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const report = pool.workerHeaps().find((h) => h.tasks === tasks);
    if (report) return report.usedBytes;
    await sleep(25);
  }
  throw new Error(`no heap report after task ${tasks}`);
}

describe('worker collection after a large task', () => {
  // Large pages in the worker threads too (no page processes: page-processes.test.ts covers those).
  const pool = new WorkerPool(testConfig({ largePageProcesses: 0, workerThreads: 1, workerTaskTimeoutMs: 120_000 }));
  after(() => pool.close());

  it('leaves the heap near where a small page leaves it, and keeps serving', async () => {
    await pool.run(small);
    const before = await heapAfterTask(pool, 1);
    const r = await pool.run(bigTask);
    assert.equal(r.ok, true);
    assert.equal(r.ok && r.title, 'Large');
    const afterBig = await heapAfterTask(pool, 2);
    // Uncollected, the page's garbage is tens of MiB (the page is 2 MiB of two-byte text, its
    // tree several times that).
    assert.ok(
      afterBig < before + 24 * MiB,
      `heap used ${(afterBig / MiB).toFixed(1)} MiB after the large page, ${(before / MiB).toFixed(1)} before`,
    );
    const next = await pool.run(small);
    assert.equal(next.ok && next.title, 'Small');
  });
});

describe('takeText', () => {
  it('decodes the bytes and leaves the text in their place', () => {
    const req = {
      body: textBytes('<p>Grüße “x”</p>') as PostedText,
    };
    const text = takeText(req);
    assert.equal(text, '<p>Grüße “x”</p>');
    assert.equal(req.body, text);
    assert.equal(takeText(req), text, 'a body already decoded reads as itself');
  });
});
