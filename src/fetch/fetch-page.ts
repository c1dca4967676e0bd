// Owned by issue 3.
import type { Config } from '../config/config.js';
import type { FetchObserver, Fetcher } from './types.js';

export function createFetcher(_config: Config, _observer?: FetchObserver): Fetcher {
  return {
    async fetchPage() {
      throw new Error('fetchPage: not built yet (issue 3)');
    },
    async close() {},
  };
}
