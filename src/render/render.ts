// The one entry the cleaners call: blocks -> one part of the content in the requested format,
// from `start`, cut at a block boundary to max_chars and max_tokens, with its word and token
// counts and where the next part begins (see part.ts).
import type { Block } from '../extract/blocks.js';
import { markdownLayout, textLayout } from './layout.js';
import { renderMarkdown } from './markdown.js';
import { cutPart } from './part.js';
import { renderText } from './text.js';
import { countTokens, DEFAULT_TOKEN_ENCODING, tokensUpTo, type TokenEncoding } from './token-count.js';
import { countWords } from './word-count.js';

export type OutputFormat = 'text' | 'markdown';

export interface RenderRequest {
  format: OutputFormat;
  /** Title to put first, or null for none (include_title false or no title). */
  title: string | null;
  maxChars: number;
  /** Token budget of the part, or null/absent for none. */
  maxTokens?: number | null;
  /** @default 'o200k_base' */
  tokenEncoding?: TokenEncoding;
  /** Character offset in the whole content where the part begins. @default 0 */
  start?: number;
}

export interface Rendered {
  content: string;
  wordCount: number;
  /** Cut by max_chars or max_tokens: there is more after this part. */
  truncated: boolean;
  /** Tokens of `content` in the requested encoding. */
  tokens: number;
  /** Where the next part begins, or null when this part reaches the end. */
  nextStart: number | null;
}

export function renderBlocks(blocks: Block[], req: RenderRequest): Rendered {
  const title = req.title?.replace(/\s+/g, ' ').trim() || null;
  const md = req.format === 'markdown';
  const start = req.start ?? 0;
  const maxTokens = req.maxTokens ?? null;
  const encoding = req.tokenEncoding ?? DEFAULT_TOKEN_ENCODING;

  if (start === 0) {
    // The plain text (no addresses, no markup) is a cheap lower bound of either rendering: when
    // even it is over the limits, skip rendering the whole page (markdown costs ~0.2 ms a block).
    // This only picks the way: cutting gives the whole content too when it fits.
    const plainText = renderText(blocks, { title, plain: true });
    const overTokens = maxTokens !== null && tokensUpTo(plainText, encoding, maxTokens) > maxTokens;
    if (plainText.length <= req.maxChars && !overTokens) {
      const full = md ? renderMarkdown(blocks, { title }) : renderText(blocks, { title });
      if (full.length <= req.maxChars) {
        const tokens = maxTokens === null ? countTokens(full, encoding) : tokensUpTo(full, encoding, maxTokens);
        if (maxTokens === null || tokens <= maxTokens)
          return { content: full, wordCount: countWords(plainText), truncated: false, tokens, nextStart: null };
      }
    }
  }
  const limits = { start, maxChars: req.maxChars, maxTokens, encoding };
  if (!md) {
    const part = cutPart(textLayout(blocks, title), limits);
    return { ...part, truncated: part.nextStart !== null };
  }
  // Markdown renders only as far as the part can reach (text renders whole: it is cheap). A
  // token is a few characters, so a token budget first renders TOKEN_REACH characters a token,
  // and more only when the part took all of that and still had room.
  let reach = maxTokens === null ? req.maxChars : Math.min(req.maxChars, maxTokens * TOKEN_REACH);
  for (;;) {
    const layout = markdownLayout(blocks, title, start + reach);
    const part = cutPart(layout, limits);
    const tookAll = part.nextStart !== null && part.nextStart >= layout.end;
    if (!tookAll || layout.complete || reach >= req.maxChars) return { ...part, truncated: part.nextStart !== null };
    reach = Math.min(req.maxChars, reach * 4);
  }
}

/** What a tool call asks of its answer's rendering: like RenderRequest, with include_title in
 *  place of the title (the cleaners of pages and of PDFs both read their options this way). */
export interface AskedRender extends Omit<RenderRequest, 'title'> {
  includeTitle: boolean;
}

/** `renderBlocks` as a call asks: `title` first only when it asked for one. The fields are
 *  copied by name, as the options carry more than rendering reads (a PDF's bytes). */
export function renderAsAsked(blocks: Block[], title: string, asked: AskedRender): Rendered {
  return renderBlocks(blocks, {
    format: asked.format,
    title: asked.includeTitle ? title : null,
    maxChars: asked.maxChars,
    maxTokens: asked.maxTokens,
    tokenEncoding: asked.tokenEncoding,
    start: asked.start,
  });
}

/** Characters rendered per token of budget before looking further (prose averages about 4). */
const TOKEN_REACH = 8;
