// Owned by issue 5.
import type { Config } from '../config/config.js';
import type { WorkerPool } from '../workers/pool.js';
import type { ChunkDispatcher } from './types.js';

export function createInProcessDispatcher(_config: Config, _pool: WorkerPool): ChunkDispatcher {
  throw new Error('createInProcessDispatcher: not built yet (issue 5)');
}
