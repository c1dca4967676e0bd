// The API's waits for a queued job (batch/job-waits.ts), on a clock the test moves: which failure
// the job's unanswered items take, and when, whether or not a worker took the job.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import type { ChunkFailed } from '../../../src/batch/chunk-failed.js';
import { ANSWER_SLACK_MS, armJobWaits } from '../../../src/batch/job-waits.js';
import type { ChunkJob } from '../../../src/batch/types.js';

const T0 = 1_000_000;

function job(startByMs?: number): ChunkJob {
  return {
    handler: 'h',
    index: 3,
    items: [1],
    options: {},
    deadline: T0 + 20_000,
    ...(startByMs === undefined ? {} : { startBy: T0 + startByMs }),
  };
}

function arm(j: ChunkJob, started: boolean) {
  const reasons: string[] = [];
  // As the dispatcher's giveUp: the first failure answers the job, later ones find it answered.
  const waits = armJobWaits(
    j,
    () => started,
    (err: ChunkFailed) => void reasons.push(err.reason),
  );
  return { reasons, waits };
}

describe('the API waits for a queued job', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: T0 }));
  afterEach(() => mock.timers.reset());

  it('answers the items of a job a worker took, and has not answered, at their start-by time and the slack', () => {
    const { reasons } = arm(job(3000), true);
    mock.timers.tick(3000 + ANSWER_SLACK_MS - 1);
    assert.deepEqual(reasons, []);
    mock.timers.tick(1);
    assert.deepEqual(reasons, ['item_unanswered']);
  });

  it('answers the items of a job no worker took as item_timeout before that', () => {
    const { reasons } = arm(job(3000), false);
    mock.timers.tick(3000 + ANSWER_SLACK_MS - 1);
    assert.deepEqual(reasons, ['item_timeout']);
  });

  it('without a start-by time, waits for the deadline and a second', () => {
    const taken = arm(job(), true);
    const untaken = arm(job(), false);
    mock.timers.tick(20_999);
    assert.deepEqual([...taken.reasons, ...untaken.reasons], []);
    mock.timers.tick(1);
    assert.deepEqual(taken.reasons, ['deadline']);
    assert.deepEqual(untaken.reasons, ['not_started']);
  });

  it("waits for an item whose parse began in time until the parse's budget ends, never less", () => {
    const { reasons, waits } = arm(job(3000), true);
    mock.timers.tick(2000);
    waits.parsing(10_000);
    // A parse with less budget left than the start-by time does not shorten the wait.
    waits.parsing(100);
    mock.timers.tick(1000 + ANSWER_SLACK_MS);
    assert.deepEqual(reasons, []);
    mock.timers.tick(9000 - 1);
    assert.deepEqual(reasons, []);
    mock.timers.tick(1);
    assert.deepEqual(reasons, ['item_unanswered']);
  });

  it('without a start-by time, a parse does not add a wait before the deadline', () => {
    const { reasons, waits } = arm(job(), true);
    waits.parsing(10_000);
    mock.timers.tick(20_999);
    assert.deepEqual(reasons, []);
    mock.timers.tick(1);
    assert.deepEqual(reasons, ['deadline']);
  });

  it('gives up nothing once cleared (the job answered)', () => {
    const { reasons, waits } = arm(job(3000), true);
    mock.timers.tick(1000);
    waits.clear();
    mock.timers.tick(30_000);
    assert.deepEqual(reasons, []);
  });
});
