// The title is not body text (the renderer adds it when include_title is on): drop a leading
// heading that repeats it.
import type { Block } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { foldText } from '../../dom/measures.js';
import { TITLE_REPEAT_BLOCKS, TITLE_REPEAT_SHARE } from '../thresholds/passes.js';

export function dropTitleAndByline(blocks: Block[], title: string | null): Block[] {
  if (!title) return blocks;
  const want = foldText(title);
  // Only look at the first few blocks: a later heading equal to the title is content.
  for (let i = 0; i < Math.min(blocks.length, TITLE_REPEAT_BLOCKS); i++) {
    const b = blocks[i]!;
    if (b.type !== 'heading') continue;
    const text = foldText(inlineText(b.children));
    if (text !== '' && (text === want || (want.includes(text) && text.length > want.length * TITLE_REPEAT_SHARE))) {
      return [...blocks.slice(0, i), ...blocks.slice(i + 1)];
    }
  }
  return blocks;
}
