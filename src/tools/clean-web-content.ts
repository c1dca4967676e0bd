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
  respectRobotsField,
} from './fields.js';
import { cleanFailedItem, runClean } from './clean/run-clean.js';
import { explainField, explainMetaSchema } from './clean/explain-schema.js';
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
  /** Absent: the operator's default (config.respectRobots). */
  respect_robots?: boolean;
  /** Filled with the schema default (false) by validation; absent only in direct calls. */
  explain?: boolean;
}

export const cleanItemDataSchema = {
  type: ['object', 'null'],
  description: 'The cleaned text; null when nothing was fetched or extracted (see meta.error).',
  additionalProperties: false,
  required: ['title', 'content', 'word_count', 'format'],
  properties: {
    title: {
      type: 'string',
      description: 'clean_web_content: the headline as the page prints it; clean_web_index: the declared title.',
    },
    content: { type: 'string', description: 'The text, in the requested format; empty with no_content.' },
    word_count: { type: 'integer', minimum: 0, description: 'Words in content (Unicode word segmentation).' },
    format: { type: 'string', enum: ['text', 'markdown'], description: 'The output_format used.' },
  },
};

export const cleanItemMetaSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'url',
    'final_url',
    'status_code',
    'content_type',
    'truncated',
    'javascript_rendered',
    'via_proxy',
    'retries',
    'extraction_profile_requested',
    'extraction_profile',
    'fallback_used',
    'cached',
    'fetched_at',
  ],
  properties: {
    ...fetchMetaProperties,
    truncated: {
      type: 'boolean',
      description:
        'The body exceeded the size limit, or the content was cut at max_chars or max_tokens (meta.next_start then ' +
        'tells where to read on).',
    },
    javascript_rendered: { type: 'boolean', description: 'A browser rendered the page (clean_web_index, render).' },
    ...partMetaProperties,
    extraction_profile_requested: { type: 'string', enum: ['index', 'content'] },
    extraction_profile: {
      type: ['string', 'null'],
      enum: ['index', 'content', null],
      description: 'The profile that produced the content; null when none did.',
    },
    fallback_used: { type: 'boolean', description: 'The other profile produced the content.' },
    ...cacheMetaProperties,
    explain: explainMetaSchema,
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
      respect_robots: respectRobotsField,
      explain: explainField,
    },
  };
}

export const cleanWebContent: Tool<CleanInput> = {
  name: 'clean_web_content',
  command: 'content',
  summary: 'Main article text of a single page, as text or markdown.',
  description:
    'Fetches one page and returns its main article or document text (server-delivered HTML; JavaScript is not ' +
    'run). Navigation, headers, footers, sidebars, comments, share bars, related links and cookie banners are ' +
    'removed. When no main content is found the index profile is tried once. Markdown, plain text and PDF ' +
    'documents are read whole; a feed or a sitemap is read as the list of pages it is (index profile).',
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
