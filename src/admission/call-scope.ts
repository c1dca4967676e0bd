// Which caller the running code works for, and the call's share of the body memory. Every shared
// resource deep in the pipeline (worker slots, body memory, per-host connection slots) needs the
// caller to share itself fairly, and readBody needs the call's memory account; none of the
// fetch, task or handler signatures should have to carry them: a call runs inside one
// AsyncLocalStorage scope that holds both (run-as-caller.ts opens it). Code outside any call
// (the CLI, a direct use of the tools) is the one local caller, with no memory account.
import { AsyncLocalStorage } from 'node:async_hooks';
import { LOCAL_CALLER, type Callers } from './callers.js';
import type { Lease, MemoryBudget } from './memory-budget.js';

/** A caller asking for a share of a resource. */
export interface Claimant {
  readonly caller: string;
  /** Whether other callers are active now (then this one may not take a resource's reserve). */
  othersActive(): boolean;
  /** Active callers now, this one included (at least 1). */
  activeCallers(): number;
}

/** The body-memory account of one call (body-memory.ts). */
export interface CallMemory {
  budget: MemoryBudget;
  /** Leases of this call whose body has been read, oldest first. */
  read: Lease[];
  /** Leases of this call still reading. */
  reading: Set<Lease>;
}

export interface CallScope {
  claimant: Claimant;
  memory: CallMemory | null;
}

const storage = new AsyncLocalStorage<CallScope>();

/** The claimant of work outside any call: alone by definition. */
export const LOCAL_CLAIMANT: Claimant = { caller: LOCAL_CALLER, othersActive: () => false, activeCallers: () => 1 };

/** A claimant for `caller`, judged against the active callers of `callers`. */
export function claimantOf(caller: string, callers: Callers): Claimant {
  return {
    caller,
    othersActive: () => callers.othersActive(caller),
    activeCallers: () => Math.max(1, callers.active),
  };
}

/** Runs `fn` inside `scope`. */
export function inCallScope<T>(scope: CallScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the current call, if the code runs inside one. */
export function currentScope(): CallScope | undefined {
  return storage.getStore();
}

/** The caller the current code works for (the local caller outside any call). */
export function currentClaimant(): Claimant {
  return storage.getStore()?.claimant ?? LOCAL_CLAIMANT;
}
