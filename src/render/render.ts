// The one entry the cleaners call: blocks -> content string in the requested format, cut to
// max_chars at a block boundary, with its word count.
import type { Block } from '../extract/blocks.js';
import { renderMarkdown, serialize, toMdast } from './markdown.js';
import { renderText, textUnits } from './text.js';
import { cutWords, fitBlocks } from './truncate.js';
import { countWords } from './word-count.js';

export type OutputFormat = 'text' | 'markdown';

export interface RenderRequest {
  format: OutputFormat;
  /** Title to put first, or null for none (include_title false or no title). */
  title: string | null;
  maxChars: number;
}

export interface Rendered {
  content: string;
  wordCount: number;
  truncated: boolean;
}

export function renderBlocks(blocks: Block[], req: RenderRequest): Rendered {
  const title = req.title?.replace(/\s+/g, ' ').trim() || null;
  const md = req.format === 'markdown';
  const render = (bs: Block[], t: string | null): string =>
    md ? renderMarkdown(bs, { title: t }) : renderText(bs, { title: t });

  // The plain text (no addresses, no markup) is a cheap lower bound of either rendering: when
  // even it is over the limit, skip rendering the whole page (markdown costs ~0.2 ms a block).
  const plainText = renderText(blocks, { title, plain: true });
  if (plainText.length <= req.maxChars) {
    const full = render(blocks, title);
    if (full.length <= req.maxChars) return { content: full, wordCount: countWords(plainText), truncated: false };
  }

  const titleLen = title ? render([], title).length + (md ? 2 : 1) : 0;
  if (title && titleLen - (md ? 2 : 1) > req.maxChars) {
    const cut = cutWords(title, req.maxChars - (md ? 2 : 0));
    return finish(render([], cut), [], cut, true);
  }
  const budget = req.maxChars - titleLen;
  const fit = fitBlocks(
    blocks,
    budget,
    md ? 2 : 1,
    (b) => (md ? serialize(toMdast(b)).length : textUnits(b).join('\n').length),
    (bs) => render(bs, null).length,
  );
  if (fit.blocks.length > 0 || budget <= 0) return finish(render(fit.blocks, title), fit.blocks, title, true);

  // Not even the first block fits: give its plain words up to the limit rather than nothing,
  // unless it is code or a table, which are never cut inside.
  const first = blocks.find((b) => renderText([b]).length > 0);
  if (!first || first.type === 'code' || first.type === 'table') return finish(render([], title), [], title, true);
  const plain = renderText([first], { plain: true }).replace(/\n/g, ' ');
  for (let max = budget; max > 0; max = Math.floor(max * 0.9)) {
    const para: Block = { type: 'paragraph', children: [{ type: 'text', text: cutWords(plain, max) }] };
    const out = render([para], title);
    if (out.length <= req.maxChars) return finish(out, [para], title, true);
  }
  return finish(render([], title), [], title, true);
}

function finish(content: string, blocks: Block[], title: string | null, truncated: boolean): Rendered {
  return { content, wordCount: countWords(renderText(blocks, { title, plain: true })), truncated };
}
