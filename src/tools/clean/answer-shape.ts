// How the caller asked a cleaner's answer to be shaped: its format, title line, and which part
// of it (max_chars, max_tokens, token_encoding, start). Read here once for an HTML page and for a
// PDF, so that the two answer a call alike.
import type { OutputFormat } from '../../render/render.js';
import { DEFAULT_TOKEN_ENCODING } from '../../render/token-count.js';
import type { PartOptions } from '../../workers/clean-document.js';
import type { CleanInput } from '../clean-web-content.js';

export interface AnswerShape extends Required<PartOptions> {
  format: OutputFormat;
  includeTitle: boolean;
}

export function answerShape(input: CleanInput): AnswerShape {
  return {
    format: input.output_format,
    includeTitle: input.include_title,
    maxChars: input.max_chars,
    maxTokens: input.max_tokens ?? null,
    tokenEncoding: input.token_encoding ?? DEFAULT_TOKEN_ENCODING,
    start: input.start ?? 0,
  };
}
