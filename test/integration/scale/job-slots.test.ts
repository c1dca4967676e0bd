// Redis mode: one caller's jobs must not hold every job slot of the workers. A worker process runs
// URLKIT_QUEUE_CONCURRENCY jobs at once, whoever they are for, and a job keeps its slot while its
// items wait for a slow site. One caller sends batches to a host that never answers in time, more
// chunks than the worker has slots; another caller's call to another host, sent after them, is
// answered with its page while they still wait, not once they give up and free their slots; and so
// when the caller's calls are spread over two API processes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, type Answer, type CleanData } from '../../support/answers.js';
import { redisSkip } from '../../support/redis-server.js';
import { HONEST, HOSTILE, startTwoCallers, type TwoCallers } from '../../support/two-callers.js';

/** The worker's job slots: the hostile batches' chunks in flight (4 a call) are more than these. */
const SLOTS = 8;

/** Answers as its caller the first item of a tool call sent to API process `api`. */
async function call(
  callers: TwoCallers,
  key: string,
  tool: string,
  body: unknown,
  api = 0,
): Promise<{ status: number; item?: CleanItem }> {
  const res = await callers.post(key, tool, body, api);
  const answer = await json<Partial<Answer<CleanData>>>(res);
  return { status: res.status, item: answer.data?.results[0] };
}
type CleanItem = Answer<CleanData>['data']['results'][number];

/**
 * The hostile caller's batches go to the API processes in turn (as a load balancer spreads them);
 * an honest call sent a second later, to the last API process, is answered while they wait.
 */
function answersTheOtherCaller(apis: number, batches: number): void {
  let callers: TwoCallers;

  before(async () => {
    if (redisSkip) return;
    callers = await startTwoCallers(
      (req, res) =>
        void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><title>Honest ${req.url}</title><article><h1>Honest page</h1><p>` +
              `${'An ordinary paragraph of an honest page. '.repeat(20)}</p></article>`,
          ),
      SLOTS,
      {},
      apis,
    );
  });

  after(() => callers?.stop());

  it("answers another caller while one caller's chunks outnumber the worker's job slots", async () => {
    const answered: string[] = [];
    const hostile = Array.from({ length: batches }, (_, b) =>
      call(
        callers,
        HOSTILE,
        'get_url_metadata',
        {
          items: Array.from({ length: 100 }, (_, i) => `${callers.slowSite.origin}/slow?b=${b}&i=${i}`),
          timeout: 60,
        },
        b % apis,
      ).then(() => void answered.push('hostile')),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const { status, item } = await call(
      callers,
      HONEST,
      'clean_web_content',
      { url: `${callers.honestSite.origin}/after` },
      apis - 1,
    );
    assert.deepEqual(answered, [], 'the hostile calls answered first');
    assert.equal(status, 200);
    assert.ok(item, 'no item');
    assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
    assert.match(item.data!.content, /ordinary paragraph/);
    await Promise.all(hostile);
  });
}

// One Redis suite a file: the suite that checks `npm test` without redis-server counts their skips.
describe('scale-out job slots under one caller', { skip: redisSkip }, () => {
  describe('through one API process', () => answersTheOtherCaller(1, 3));
  // Counted per API process, the bound let a caller reaching two processes have twice three
  // quarters of the slots out: all of them.
  describe('whose calls reach two API processes', () => answersTheOtherCaller(2, 4));
});
