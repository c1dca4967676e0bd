// Which caller the running code works for. Every shared resource deep in the pipeline (worker
// slots, body memory, per-host connection slots) needs the caller to share itself fairly, and
// none of their signatures should have to carry it through fetches, tasks and handlers: a call
// runs inside an AsyncLocalStorage scope that names its caller (run-as-caller.ts opens it).
// Code outside any call (the CLI, a direct use of the tools) is the one local caller.
import { AsyncLocalStorage } from 'node:async_hooks';
import { LOCAL_CALLER, type Callers } from './callers.js';

/** A caller asking for a share of a resource. */
export interface Claimant {
  readonly caller: string;
  /** Whether other callers are active now (then this one may not take a resource's reserve). */
  othersActive(): boolean;
}

interface Scope {
  claimant: Claimant;
}

const storage = new AsyncLocalStorage<Scope>();

/** The claimant of work outside any call: alone by definition. */
export const LOCAL_CLAIMANT: Claimant = { caller: LOCAL_CALLER, othersActive: () => false };

/** A claimant for `caller`, judged against the active callers of `callers`. */
export function claimantOf(caller: string, callers: Callers): Claimant {
  return { caller, othersActive: () => callers.othersActive(caller) };
}

/** Runs `fn` as work of `claimant`. */
export function inCallScope<T>(claimant: Claimant, fn: () => T): T {
  return storage.run({ claimant }, fn);
}

/** The caller the current code works for (the local caller outside any call). */
export function currentClaimant(): Claimant {
  return storage.getStore()?.claimant ?? LOCAL_CLAIMANT;
}
