// Which parses a worker process reports to its API (workers/item-parsing.ts): those of a watched
// job's items whose budget runs past the job's start-by time, with the item's index.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inJobItem, parsingReporter, watchParsing } from '../../../src/workers/item-parsing.js';

function watched(startBy: number) {
  const told: Array<[number, number]> = [];
  const watch = { startBy, parsing: (index: number, budgetMs: number) => void told.push([index, budgetMs]) };
  return { told, watch };
}

describe('reporting parses that may run past their items’ timeout', () => {
  it("reports an item's parse whose budget ends after the start-by time, with its index", async () => {
    const { told, watch } = watched(Date.now() + 1000);
    await watchParsing(watch, () =>
      Promise.all(
        [0, 1].map((i) =>
          inJobItem(i, async () => {
            await new Promise((r) => setImmediate(r));
            parsingReporter()!(10_000);
          }),
        ),
      ),
    );
    assert.deepEqual(
      told.sort(([a], [b]) => a - b),
      [
        [0, 10_000],
        [1, 10_000],
      ],
    );
  });

  it('does not report a parse whose budget ends before the start-by time', () => {
    const { told, watch } = watched(Date.now() + 60_000);
    watchParsing(watch, () => inJobItem(0, () => parsingReporter()!(10_000)));
    assert.deepEqual(told, []);
  });

  it('has nothing to report outside a watched job, or outside an item', () => {
    assert.equal(
      inJobItem(0, () => parsingReporter()),
      undefined,
    );
    const { watch } = watched(Date.now());
    assert.equal(
      watchParsing(watch, () => parsingReporter()),
      undefined,
    );
  });
});
