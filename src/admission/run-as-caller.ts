// What a process shares between its callers beyond slots: who is active, and the memory budgets
// for response bodies and for the results of running batches. A tool call (admission.ts) or a
// queue job (batch/queue-dispatcher.ts) runs through runAsCaller, so everything it does below is
// charged to its caller.
import type { Config } from '../config/config.js';
import { closeCallMemory, openCallMemory } from './body-memory.js';
import { claimantOf, inCallScope } from './call-scope.js';
import { Callers } from './callers.js';
import { MemoryBudget } from './memory-budget.js';

export interface Shares {
  callers: Callers;
  /** Memory for the response bodies calls hold (body-memory.ts); null: unbounded. */
  bodyMemory: MemoryBudget | null;
  /** Memory for the results running batches hold (batch/held-results.ts); null or absent: unbounded. */
  resultMemory?: MemoryBudget | null;
}

/** The result budget's rules: batch/held-results.ts says why. */
const RESULT_RULES = { reserveWhileAlone: true, overcommitLeftOut: true } as const;

export function sharesFromConfig(config: Pick<Config, 'bodyMemoryBytes' | 'resultMemoryBytes'>): Shares {
  return {
    callers: new Callers(),
    bodyMemory: config.bodyMemoryBytes > 0 ? new MemoryBudget(config.bodyMemoryBytes) : null,
    resultMemory: config.resultMemoryBytes > 0 ? new MemoryBudget(config.resultMemoryBytes, RESULT_RULES) : null,
  };
}

/** Runs `fn` as work of `caller`: counted as active, its bodies charged to the budget. */
export async function runAsCaller<T>(shares: Shares, caller: string, fn: () => Promise<T>): Promise<T> {
  const leave = shares.callers.enter(caller);
  const memory = openCallMemory(shares.bodyMemory);
  try {
    return await inCallScope({ claimant: claimantOf(caller, shares.callers), memory }, fn);
  } finally {
    closeCallMemory(memory);
    leave();
  }
}
