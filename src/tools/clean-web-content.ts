import {
  cacheMetaProperties,
  fetchMetaProperties,
  includeTitleField,
  maxAgeField,
  maxCharsField,
  maxTokensField,
  outputFormatField,
  partMetaProperties,
  startField,
  tokenEncodingField,
  timeoutField,
  urlField,
} from './fields.js';
import { cleanFailedItem, runClean } from './clean/run-clean.js';
import type { Tool } from './types.js';
import type { TokenEncoding } from '../render/token-count.js';

export interface CleanInput {
  url: string;
  output_format: 'text' | 'markdown';
  include_title: boolean;
  max_chars: number;
  /** Absent: no token budget. */
  max_tokens?: number;
  /** Filled with the schema default by validation; absent only in direct calls. */
  token_encoding?: TokenEncoding;
  /** Filled with the schema default (0) by validation; absent only in direct calls. */
  start?: number;
  timeout: number;
  /** Absent: the operator's default (config.cacheMaxAgeS). */
  max_age?: number;
}

export const cleanItemDataSchema = {
  type: ['object', 'null'],
  properties: {
    title: { type: 'string' },
    content: { type: 'string' },
    word_count: { type: 'integer' },
    format: { type: 'string', enum: ['text', 'markdown'] },
  },
};

export const cleanItemMetaSchema = {
  type: 'object',
  properties: {
    ...fetchMetaProperties,
    truncated: { type: 'boolean' },
    ...partMetaProperties,
    javascript_rendered: { type: 'boolean' },
    extraction_profile_requested: { type: 'string', enum: ['index', 'content'] },
    extraction_profile: { type: ['string', 'null'], enum: ['index', 'content', null] },
    fallback_used: { type: 'boolean' },
    ...cacheMetaProperties,
  },
};

export function cleanInputSchema(): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: {
      url: urlField,
      output_format: outputFormatField,
      include_title: includeTitleField,
      max_chars: maxCharsField,
      max_tokens: maxTokensField,
      token_encoding: tokenEncodingField,
      start: startField,
      timeout: timeoutField(15),
      max_age: maxAgeField,
    },
  };
}

export const cleanWebContent: Tool<CleanInput> = {
  name: 'clean_web_content',
  command: 'content',
  summary: 'Main article text of a single page, as text or markdown.',
  description:
    'Fetches one page and returns its main article or document text (server-delivered HTML; JavaScript is not run). Navigation, headers, footers, sidebars, comments, share bars, related links and cookie banners are removed. When no main content is found the index profile is tried once.',
  inputSchema: cleanInputSchema(),
  itemDataSchema: cleanItemDataSchema,
  itemMetaSchema: cleanItemMetaSchema,
  failedItem: (url, error) => cleanFailedItem(url, 'content', error),
  example: {
    url: 'https://example.com/article',
    output_format: 'markdown',
    include_title: true,
    max_chars: 200_000,
    timeout: 15,
  },
  run(input, ctx) {
    return runClean(input, ctx, 'content');
  },
};
