// Admission with no concurrency limit and only a body-memory budget of `bytes`: for tests of what
// bodies hold while they are read (fetch/read-body.ts charges them inside a call's scope).
import { Admission } from '../../src/admission/admission.js';
import { MemoryBudget } from '../../src/admission/memory-budget.js';

export function admissionWithBudget(bytes: number): { admission: Admission; budget: MemoryBudget } {
  const budget = new MemoryBudget(bytes);
  const admission = new Admission({
    maxConcurrency: 0,
    minConcurrency: 1,
    initialConcurrency: 1,
    queueMax: 0,
    queueTimeoutMs: 0,
    bodyMemory: budget,
  });
  return { admission, budget };
}
