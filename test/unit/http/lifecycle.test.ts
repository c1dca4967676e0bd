// Shutdown stops the calls still running (and only those) once its grace period ends.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Lifecycle } from '../../../src/app/lifecycle.js';

describe('Lifecycle: per-call stops on shutdown', () => {
  it('aborts every call still tracked when shutdown gives up waiting, with the shutdown reason', () => {
    const life = new Lifecycle();
    const running = new AbortController();
    const finished = new AbortController();
    life.stopOnShutdown(running);
    const untrack = life.stopOnShutdown(finished);
    untrack(); // this call ended before shutdown
    life.abortInFlight();
    assert.equal(running.signal.aborted, true);
    assert.match(String((running.signal.reason as Error).message), /shutting down/);
    assert.equal(finished.signal.aborted, false);
    assert.equal(life.draining, true);
  });

  it('a call that starts after shutdown is stopped at once', () => {
    const life = new Lifecycle();
    life.abortInFlight();
    const late = new AbortController();
    life.stopOnShutdown(late);
    assert.equal(late.signal.aborted, true);
  });

  it('a second abortInFlight does nothing more: calls stopped later get the first reason', () => {
    const life = new Lifecycle();
    life.abortInFlight(new Error('the session ended (stdin closed)'));
    life.abortInFlight();
    const late = new AbortController();
    life.stopOnShutdown(late);
    assert.match(String((late.signal.reason as Error).message), /session ended/);
  });
});
