// Response bodies share a memory budget across tool calls: a large body that does not fit
// waits (its socket is not read) until another call's body is parsed or its call ends, then
// arrives whole; a wait that outlives the URL's deadline ends as a timeout, never a hang.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { WorkerPool } from '../../../src/workers/pool.js';
import { pageBytes } from '../../../src/workers/page-bytes.js';
import { PIECES_MIN_BYTES } from '../../../src/fetch/kept-bytes.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { until } from '../../support/until.js';
import { admissionWithBudget } from '../../support/budget-admission.js';

const MiB = 1024 * 1024;
/** How long a state of the budget may take: a fetch of 1.2 MiB over loopback, however slow the machine. */
const WAIT_MS = 60_000;
const page = Buffer.from(
  `<html><head><title>Big</title></head><body>${'<p>words and more words</p>'.repeat(40_000)}</body></html>`,
);

let site: LoopbackServer;
let fetcher: Fetcher;
let pool: WorkerPool;

before(async () => {
  assert.ok(page.length > MiB && page.length < 1.5 * MiB);
  site = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
    res.end(page);
  });
  // A worker's start is bounded by the task budget (10 s by default), which a loaded machine
  // passes (the worker loads the extraction modules and the token encoding: over 10 s at load
  // 16); these tests are about body memory, not that bound.
  const config = testConfig({ maxBodyBytes: 2 * MiB, workerThreads: 1, workerTaskTimeoutMs: 120_000 });
  fetcher = createFetcher(config);
  pool = new WorkerPool(config);
});
after(async () => {
  await fetcher.close();
  await pool.close();
  await site.close();
});

/** Room for one page (3 bytes a byte), not two. */
const PAGE_BUDGET = 4 * MiB;

describe('body memory budget', () => {
  it('makes a second large body wait until the first call ends, then reads it whole', async () => {
    const { admission, budget } = admissionWithBudget(PAGE_BUDGET);
    let finishFirst!: () => void;
    const firstHolds = new Promise<void>((r) => (finishFirst = r));
    const first = admission.run('t', undefined, async () => {
      const res = await fetcher.fetchPage(`${site.origin}/a`, { timeoutMs: 30_000 });
      await firstHolds;
      return res;
    });
    await until('the first body holds its share', () => budget.stats().usedBytes >= 3 * page.length, WAIT_MS);

    let secondDone = false;
    const second = admission
      .run('t', undefined, () => fetcher.fetchPage(`${site.origin}/b`, { timeoutMs: 30_000 }))
      .finally(() => (secondDone = true));
    await until('the second body waits for memory', () => budget.stats().waiting === 1, WAIT_MS);
    await sleep(200);
    assert.equal(secondDone, false, 'the second body waits for memory instead of being read');

    finishFirst();
    const [a, b] = await Promise.all([first, second]);
    for (const r of [a, b]) {
      assert.equal(r.status, 200);
      assert.equal(r.truncated, false);
      assert.equal(r.body?.bytes.length, page.length);
    }
    assert.ok(budget.stats().waited >= 1);
    assert.equal(budget.stats().usedBytes, 0, 'both calls ended: every share is back');
  });

  it('gives a body its share back as soon as its worker task has parsed it', async () => {
    const { admission, budget } = admissionWithBudget(PAGE_BUDGET);
    const usedAfterTask = await admission.run('t', undefined, async () => {
      const res = await fetcher.fetchPage(`${site.origin}/c`, { timeoutMs: 30_000 });
      assert.ok(budget.stats().usedBytes >= 3 * page.length);
      const meta = await pool.run({
        kind: 'metadata',
        input: {
          body: res.body!.text,
          bodyKind: 'html',
          finalUrl: res.finalUrl,
          headers: res.headers,
          includeContent: false,
        },
      });
      assert.equal(meta.data.title, 'Big');
      return budget.stats().usedBytes;
    });
    assert.equal(usedAfterTask, 0);
  });

  it("hears a body's share end as main-thread garbage only when its bytes stayed here", async () => {
    // The page is over the pieces mark: kept in its pieces, which move to the worker unjoined.
    assert.ok(page.length >= PIECES_MIN_BYTES);
    const { admission, budget } = admissionWithBudget(PAGE_BUDGET);
    const heard: number[] = [];
    const collect = budget.onReleased;
    budget.onReleased = (bytes) => {
      heard.push(bytes);
      collect?.(bytes);
    };
    const share = 3 * page.length;
    const parse = (moved: boolean) =>
      admission.run('t', undefined, async () => {
        const res = await fetcher.fetchPage(`${site.origin}/f?moved=${moved}`, { timeoutMs: 30_000 });
        const body = moved ? pageBytes(res.body!, false)! : res.body!.text!;
        assert.equal('pieces' in Object(body), moved);
        const meta = await pool.run({
          kind: 'metadata',
          input: { body, bodyKind: 'html', finalUrl: res.finalUrl, headers: res.headers, includeContent: false },
        });
        assert.equal(meta.data.title, 'Big');
        assert.equal(budget.stats().usedBytes, 0, 'the share went back when the task ended');
      });
    await parse(true);
    assert.ok(!heard.includes(share), `moved to the worker: no garbage here (heard ${heard.join(', ')})`);
    heard.length = 0;
    await parse(false);
    assert.ok(heard.includes(share), `joined and decoded here: garbage here (heard ${heard.join(', ')})`);
  });

  it('ends a wait that outlives the URL deadline as a timeout', async () => {
    const { admission, budget } = admissionWithBudget(PAGE_BUDGET);
    let finishFirst!: () => void;
    const firstHolds = new Promise<void>((r) => (finishFirst = r));
    const first = admission.run('t', undefined, async () => {
      // Kept until the call ends: a body nobody holds gives its share back when collected.
      const res = await fetcher.fetchPage(`${site.origin}/d`, { timeoutMs: 30_000 });
      await firstHolds;
      return res;
    });
    await until('the first body holds its share', () => budget.stats().usedBytes >= 3 * page.length, WAIT_MS);
    const err = await admission
      .run('t', undefined, () => fetcher.fetchPage(`${site.origin}/e`, { timeoutMs: 500 }))
      .then(
        () => assert.fail('the second fetch should not fit'),
        (e: unknown) => e,
      );
    assert.ok(err instanceof FetchFailure, String(err));
    assert.equal(err.code, 'timeout');
    assert.equal(budget.stats().waiting, 0);
    finishFirst();
    await first;
    assert.equal(budget.stats().usedBytes, 0);
  });
});
