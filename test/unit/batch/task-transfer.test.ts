// A large page text crosses to the worker as transferred UTF-8 bytes and comes back as the same
// text, whatever its characters; small texts and other tasks are posted unchanged.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { packTask, TRANSFER_MIN_CHARS, unpackTask } from '../../../src/workers/task-transfer.js';
import { WorkerPool } from '../../../src/workers/pool.js';
import type { WorkerTask } from '../../../src/workers/worker.js';
import { testConfig } from '../../support/loopback-server.js';

const text = `<html><head><title>Ünïcödé “quotes” 日本語 😀</title></head><body>${'<p>Grüße — 日本語 😀 text</p>'.repeat(TRANSFER_MIN_CHARS / 10)}</body></html>`;

describe('task transfer', () => {
  const pool = new WorkerPool(testConfig({ workerThreads: 1 }));
  after(() => pool.close());

  it('packs a large body into a transferred buffer and unpacks the same text', () => {
    const task: WorkerTask = { kind: 'metadata', input: { body: text, bodyKind: 'html', finalUrl: 'https://t.example/', headers: {}, includeContent: false } };
    const packed = packTask(task);
    assert.equal(packed.transferList.length, 1);
    assert.notEqual(typeof (packed.task as { input: { body: unknown } }).input.body, 'string');
    const back = unpackTask(structuredClone(packed.task, { transfer: packed.transferList }));
    assert.equal((back as { input: { body: string } }).input.body, text);
  });

  it('posts small bodies and other tasks as they are', () => {
    const small: WorkerTask = { kind: 'clean', input: { body: '<p>hi</p>', bodyKind: 'html', finalUrl: 'https://t.example/', profile: 'content', format: 'text', includeTitle: true, maxChars: 100 } };
    assert.equal(packTask(small).task, small);
    const crash: WorkerTask = { kind: 'crash', mode: 'exit' };
    assert.equal(packTask(crash).transferList.length, 0);
  });

  it('a worker reads the packed text as the original (title with characters outside Latin-1)', async () => {
    const result = await pool.run({ kind: 'metadata', input: { body: text, bodyKind: 'html', finalUrl: 'https://t.example/', headers: {}, includeContent: false } });
    assert.equal(result.data.title, 'Ünïcödé “quotes” 日本語 😀');
  });
});
