// The memory cache shared between callers (test/support/cache-share-scenarios.ts); work outside
// any call may use the whole cache (cached-fetch.test.ts). The Redis cache runs the same
// scenarios (test/integration/cache/redis-caller-shares.test.ts).
import { describe } from 'node:test';
import { packEntry } from '../../../src/cache/entry-codec.js';
import { createMemoryCache, entrySizeBytes } from '../../../src/cache/memory-cache.js';
import { callerShareScenarios, sharePage } from '../../support/cache-share-scenarios.js';

describe('the memory cache between callers', () => {
  callerShareScenarios((entries) =>
    Promise.resolve(createMemoryCache(entries * entrySizeBytes('k00', packEntry(sharePage(0))) + 10)),
  );
});
