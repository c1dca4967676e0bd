// Large pages in the worker threads (no page processes) are parsed one at a time however many
// threads there are: parsing one holds far more memory than an ordinary page, and two at once set
// the service's peak. The second large page waits, in its caller's line and against its own
// deadline, while an ordinary page still gets another thread at once.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as turn } from 'node:timers/promises';
import { ItemFailure } from '../../../src/errors/codes.js';
import { LARGE_PAGE_CHARS } from '../../../src/workers/page-processes.js';
import { long, metadataOf, page, until, threadPool } from './pool-pages.js';

describe('large pages in the worker threads', () => {
  const pool = threadPool(4);
  after(() => pool.close());

  it('parses one large page at a time on four threads, and an ordinary page beside it', async () => {
    assert.ok(long.input.body.length >= LARGE_PAGE_CHARS);
    const first = pool.run(long);
    const second = pool.run(metadataOf(long.input.body.replace('<title>Long', '<title>Second')));
    await until('the first large page running', () => pool.busy === 1);
    await turn();
    assert.equal(pool.busy, 1, 'the second large page does not take another thread');
    assert.equal(pool.queued, 1);
    const ordinary = await pool.run(page);
    assert.equal(ordinary.data.title, 'Alive');
    assert.equal(pool.queued, 1, 'the ordinary page was answered while the second large page waited');
    const [a, b] = await Promise.all([first, second]);
    assert.deepEqual([a.data.title, b.data.title], ['Long', 'Second']);
  });

  it('answers timeout, unparsed, when a large page waits past its deadline for the large-page slot', async () => {
    const first = pool.run(long);
    await until('the large page running', () => pool.busy === 1);
    const waited = pool.run(metadataOf(long.input.body), { startBy: Date.now() + 200 });
    await assert.rejects(waited, (err: unknown) => err instanceof ItemFailure && err.code === 'timeout');
    assert.equal(pool.queued, 0);
    assert.equal((await first).data.title, 'Long');
  });
});
