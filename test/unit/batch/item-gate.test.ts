// The item gate (src/batch/item-gate.ts): a batch's items start only as their caller's line (a
// host) has room; the others wait as data and, when their time runs out or the call stops, are
// answered without ever starting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currentScope, inCallScope, LOCAL_CLAIMANT, type CallScope } from '../../../src/admission/call-scope.js';
import { ItemGate, MIN_START_MS, type GatedItems } from '../../../src/batch/item-gate.js';

interface Held {
  item: string;
  finish(result?: string): void;
  fail(err: Error): void;
}

/** A batch whose items run until the test finishes them, with a record of what started. */
function heldBatch(items: string[], over: Partial<GatedItems<string, string>> = {}) {
  const started: string[] = [];
  const running = new Map<string, Held>();
  const reported: Array<[number, string]> = [];
  const batch: GatedItems<string, string> = {
    caller: 'a',
    items,
    lineOf: (item) => item.split('/')[0],
    startBy: Date.now() + 60_000,
    signal: new AbortController().signal,
    run: (item) =>
      new Promise<string>((resolve, reject) => {
        started.push(item);
        running.set(item, {
          item,
          finish: (r = `done ${item}`) => {
            running.delete(item);
            resolve(r);
          },
          fail: (err) => {
            running.delete(item);
            reject(err);
          },
        });
      }),
    notStarted: (item, _i, aborted) => `${aborted ? 'stopped' : 'late'} ${item}`,
    onResult: (i, r) => reported.push([i, r]),
    ...over,
  };
  return { batch, started, running, reported };
}

const tick = () => new Promise((r) => setImmediate(r));

/** Finishes whatever runs until nothing of these batches runs or waits. */
async function drain(...batches: Array<{ running: Map<string, Held> }>): Promise<void> {
  for (;;) {
    await tick();
    const held = batches.flatMap((b) => [...b.running.values()]);
    if (held.length === 0) return;
    for (const h of held) h.finish();
  }
}

describe('ItemGate', () => {
  it("starts at most perLine of one caller's items of a line, the next as one ends, answers in order", async () => {
    const gate = new ItemGate(2);
    const items = ['h/1', 'h/2', 'h/3', 'h/4', 'h/5'];
    const b = heldBatch(items);
    const answers = gate.run(b.batch);
    await tick();
    assert.deepEqual(b.started, ['h/1', 'h/2']);
    assert.deepEqual(gate.countOf('a', 'h'), { running: 2, waiting: 3 });
    b.running.get('h/2')!.finish();
    await tick();
    assert.deepEqual(b.started, ['h/1', 'h/2', 'h/3']);
    await drain(b);
    assert.deepEqual(
      await answers,
      items.map((i) => `done ${i}`),
    );
    assert.deepEqual(b.reported.map(([i]) => i).sort(), [0, 1, 2, 3, 4]);
    assert.deepEqual(gate.totals(), { running: 0, waiting: 0 });
  });

  it("does not hold back another line's items, nor another caller's items of the same line", async () => {
    const gate = new ItemGate(1);
    const mine = heldBatch(['slow/1', 'slow/2', 'slow/3', 'fast/1', 'fast/2']);
    void gate.run(mine.batch);
    const other = heldBatch(['slow/9'], { caller: 'b' });
    void gate.run(other.batch);
    await tick();
    assert.deepEqual(mine.started, ['slow/1', 'fast/1']);
    assert.deepEqual(other.started, ['slow/9']);
    mine.running.get('fast/1')!.finish();
    await tick();
    assert.deepEqual(mine.started, ['slow/1', 'fast/1', 'fast/2']);
    await drain(mine, other);
    assert.equal(mine.started.length, 5);
  });

  it("shares a caller's line between its batches: a second batch waits behind the first", async () => {
    const gate = new ItemGate(2);
    const first = heldBatch(['h/1', 'h/2', 'h/3']);
    const second = heldBatch(['h/4', 'h/5']);
    void gate.run(first.batch);
    void gate.run(second.batch);
    await tick();
    assert.deepEqual([...first.started, ...second.started], ['h/1', 'h/2']);
    assert.deepEqual(gate.countOf('a', 'h'), { running: 2, waiting: 3 });
    for (const h of [...first.running.values()]) h.finish();
    await tick();
    assert.deepEqual(first.started, ['h/1', 'h/2', 'h/3']);
    assert.deepEqual(second.started, ['h/4']);
    await drain(first, second);
    assert.deepEqual(second.started, ['h/4', 'h/5']);
  });

  it("runs an item started as another call's item of its line ends in its own call's scope", async () => {
    // The scope holds the call's body-memory account: an item run in the other call's scope had its
    // body counted against that call's memory.
    const gate = new ItemGate(1);
    const scopeOf = (caller: string): CallScope => ({ claimant: { ...LOCAL_CLAIMANT, caller }, memory: null });
    const first = scopeOf('a');
    const second = scopeOf('a');
    const seen = new Map<string, CallScope | undefined>();
    const inScope = (scope: CallScope, items: string[]) => {
      const b = heldBatch(items);
      const { batch } = b;
      const run = (item: string, i: number) => batch.run(item, i);
      b.batch = {
        ...batch,
        run: (item, i) => {
          seen.set(item, currentScope());
          return run(item, i);
        },
      };
      void inCallScope(scope, () => gate.run(b.batch));
      return b;
    };
    const one = inScope(first, ['h/1']);
    const two = inScope(second, ['h/2']);
    await tick();
    assert.deepEqual([...seen.keys()], ['h/1']);
    one.running.get('h/1')!.finish();
    await drain(one, two);
    assert.equal(seen.get('h/1'), first);
    assert.equal(seen.get('h/2'), second);
  });

  it('answers the items whose time ran out before they could start, without starting them', async () => {
    const gate = new ItemGate(1);
    const b = heldBatch(['h/1', 'h/2', 'h/3', 'x/1'], { startBy: Date.now() + MIN_START_MS + 100 });
    const answers = gate.run(b.batch);
    await tick();
    assert.deepEqual(b.started, ['h/1', 'x/1']);
    // The running ones go on to their end; the waiting ones are answered when the time is up.
    while (b.reported.length < 2) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(b.reported.sort(), [
      [1, 'late h/2'],
      [2, 'late h/3'],
    ]);
    b.running.get('h/1')!.finish();
    b.running.get('x/1')!.finish();
    assert.deepEqual(await answers, ['done h/1', 'late h/2', 'late h/3', 'done x/1']);
    assert.deepEqual(b.started, ['h/1', 'x/1']);
    assert.deepEqual(gate.totals(), { running: 0, waiting: 0 });
  });

  it('answers the waiting items as stopped when the signal aborts', async () => {
    const gate = new ItemGate(1);
    const ctl = new AbortController();
    const b = heldBatch(['h/1', 'h/2', 'h/3'], { signal: ctl.signal });
    const answers = gate.run(b.batch);
    await tick();
    ctl.abort(new Error('gone'));
    b.running.get('h/1')!.finish('stopped while running');
    assert.deepEqual(await answers, ['stopped while running', 'stopped h/2', 'stopped h/3']);
    assert.deepEqual(b.started, ['h/1']);
  });

  it('rejects when an item fails as a unit, and never starts the items still waiting', async () => {
    const gate = new ItemGate(1);
    const b = heldBatch(['h/1', 'h/2', 'h/3']);
    const answers = gate.run(b.batch);
    await tick();
    b.running.get('h/1')!.fail(new Error('worker died'));
    await assert.rejects(answers, /worker died/);
    await tick();
    assert.deepEqual(b.started, ['h/1']);
    assert.deepEqual(gate.totals(), { running: 0, waiting: 0 });
  });

  it('starts items without a line at once', async () => {
    const gate = new ItemGate(1);
    const b = heldBatch(['a', 'b', 'c'], { lineOf: () => undefined });
    void gate.run(b.batch);
    await tick();
    assert.deepEqual(b.started, ['a', 'b', 'c']);
    await drain(b);
  });
});
