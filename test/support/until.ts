// Waiting in a test for what another part of the system does after the fact (a site counting its
// requests, a budget filling, a pool replacing a thread): polled every 50 ms until it holds or
// the bound passes, when the test fails saying what was not reached.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves once `cond()` holds; fails the test with `what` when it still does not after `withinMs`. */
export async function until(what: string, cond: () => boolean, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!cond() && Date.now() < deadline) await sleep(50);
  assert.ok(cond(), `${what}: not reached in ${withinMs / 1000} s`);
}
