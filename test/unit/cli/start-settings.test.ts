// What the servers add to their start (src/cli/start-settings.ts): the allocator settings an
// environment lacks, and node's AsyncContextFrame flag where it is not the default.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ALLOCATOR_SETTINGS,
  CONTEXT_FRAME_FLAG,
  needsContextFrameFlag,
  withAllocatorSettings,
} from '../../../src/cli/start-settings.js';

describe('start settings', () => {
  it('adds the allocator settings an environment lacks, keeping what it has', () => {
    assert.equal(withAllocatorSettings({ ...ALLOCATOR_SETTINGS }), null);
    assert.deepEqual(withAllocatorSettings({ PATH: '/bin', MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '' }), {
      PATH: '/bin',
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '65536',
    });
  });

  it('asks for AsyncContextFrame on Node 22 only, unless it was given either way', () => {
    assert.equal(needsContextFrameFlag('22.22.2', [], undefined), true);
    assert.equal(needsContextFrameFlag('22.23.5', ['--import=x.js', '--cpu-prof'], '--max-old-space-size=512'), true);
    assert.equal(needsContextFrameFlag('22.23.5', [CONTEXT_FRAME_FLAG], undefined), false);
    assert.equal(needsContextFrameFlag('22.23.5', [], `--import=x.js ${CONTEXT_FRAME_FLAG}`), false);
    assert.equal(needsContextFrameFlag('22.23.5', ['--no-experimental-async-context-frame'], undefined), false);
    for (const version of ['24.15.0', '25.1.0']) assert.equal(needsContextFrameFlag(version, [], undefined), false);
  });
});
