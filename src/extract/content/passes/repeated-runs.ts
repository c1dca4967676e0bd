// Copies a browser shows one at a time, in the whole-page reading: a run of blocks printed
// again block for block.
import type { Block } from '../../blocks.js';
import { REPEAT_MIN_BLOCKS } from '../thresholds/passes.js';

/**
 * The whole-page reading meets copies that a browser shows one at a time (the title and price
 * again in a sticky bar, a section printed for desktop and for mobile): a run of 3+ blocks that
 * repeats an earlier run block for block is dropped. Single repeated lines stay (a heading
 * repeated over a table, a "Description" tab label).
 */
export function dropRepeatedRuns(blocks: Block[]): Block[] {
  if (blocks.length < 2 * REPEAT_MIN_BLOCKS) return blocks;
  const keys = blocks.map((b) => JSON.stringify(b));
  const first = new Map<string, number>();
  const drop = new Set<number>();
  for (let i = 0; i < keys.length; i++) {
    const j = first.get(keys[i]!);
    if (j === undefined) {
      first.set(keys[i]!, i);
      continue;
    }
    if (drop.has(i)) continue;
    let n = 0;
    while (i + n < keys.length && j + n < i && keys[j + n] === keys[i + n]) n++;
    if (n >= REPEAT_MIN_BLOCKS) for (let k = i; k < i + n; k++) drop.add(k);
  }
  return drop.size === 0 ? blocks : blocks.filter((_, i) => !drop.has(i));
}
