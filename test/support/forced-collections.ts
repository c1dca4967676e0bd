// Full collections forced in this thread (gc(), or a collection the service paces itself), counted
// as V8 reports them: what the paced-collection tests assert on.
import { constants, PerformanceObserver } from 'node:perf_hooks';

export interface ForcedCollections {
  /** Forced full collections seen since the watch began. */
  readonly count: number;
  stop(): void;
}

export function watchForcedCollections(): ForcedCollections {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const flags = (e as unknown as { detail?: { flags?: number } }).detail?.flags ?? 0;
      if (flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) count++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    get count() {
      return count;
    },
    stop: () => observer.disconnect(),
  };
}
