import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AnswerBody } from '../../../src/answers/answer-body.js';
import { answerTurn, answerTurnLeft, answerWork } from '../../../src/answers/answer-turns.js';

/** Spends the current turn's budget for answer work: holds the main thread well past it. */
function spendTheTurn(): void {
  assert.equal(answerTurnLeft(), true);
  const until = performance.now() + 20;
  while (performance.now() < until);
}

it('gives every answer one budget of main-thread time per turn of the event loop', async () => {
  await nextTurn();
  spendTheTurn();
  // Any other answer's work now waits too, until the next turn, where it may go on.
  assert.equal(answerTurnLeft(), false);
  let waited = false;
  const other = answerTurn().then(() => {
    waited = true;
  });
  await Promise.resolve();
  assert.equal(waited, false);
  await other;
  assert.equal(answerTurnLeft(), true);
});

it("lets a small answer's work go on while large answers have spent the turn, and then share it", async () => {
  await nextTurn();
  spendTheTurn();
  let nextTurnCame = false;
  setImmediate(() => {
    nextTurnCame = true;
  });
  // A new answer's first pieces are its own: they go on in this turn.
  const turn = answerWork();
  await turn();
  await turn();
  assert.equal(nextTurnCame, false);
  // Once it has taken a turn's budget by itself, it waits with the others.
  const until = performance.now() + 20;
  while (performance.now() < until);
  await turn();
  assert.equal(nextTurnCame, true);
});

it('lets I/O run before the next slice of an answer once the turn is spent', async () => {
  const body = new AnswerBody({ parts: ['x'.repeat(200_000)], bytes: 200_000 });
  await nextTurn();
  const first = body.read() as Buffer | null;
  // A first slice is handed out at once while the turn lasts.
  assert.ok(first !== null && first.length > 0);
  spendTheTurn();
  assert.equal(body.read(), null);
  assert.equal(body.readableLength, 0);
  await nextTurn();
  await nextTurn();
  const next = body.read() as Buffer | null;
  assert.ok(next !== null && next.length > 0, 'the next slice came in a later turn');
  body.destroy();
});
