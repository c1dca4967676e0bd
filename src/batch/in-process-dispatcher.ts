// Owned by issue 5.
import type { Config } from '../config/config.js';
import type { WorkerPool } from '../workers/pool.js';
import type { ChunkDispatcher } from './types.js';

export function createInProcessDispatcher(_config: Config, _pool: WorkerPool): ChunkDispatcher {
  return {
    register() {},
    async runChunk() {
      throw new Error('runChunk: not built yet (issue 5)');
    },
    async close() {},
  };
}
