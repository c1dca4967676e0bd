import type { ItemError } from '../errors/codes.js';
import { runBatch } from '../batch/run-batch.js';
import { chunkFailureError } from './chunk-failure-error.js';
import {
  followRedirectsField,
  maxAgeField,
  maxTokensField,
  respectRobotsField,
  timeoutField,
  tokenEncodingField,
  unfetchedMeta,
  urlField,
} from './fields.js';
import { DEFAULT_TOKEN_ENCODING, LONGEST_TOKEN_BYTES, type TokenEncoding } from '../render/token-count.js';
import { METADATA_HANDLER } from './metadata/chunk-handler.js';
import { CONTENT_MAX_CHARS } from '../workers/metadata-task.js';
import type { MetadataItemOptions } from './metadata/fetch-item.js';
import { metadataDataSchema, metadataMetaSchema } from './metadata/schema.js';
import type { Tool, ToolContext, ToolItem } from './types.js';

export interface MetadataInput {
  url?: string;
  items?: Array<string | { url: string }>;
  include_content: boolean;
  /** include_content's token budget; absent: none. */
  max_tokens?: number;
  token_encoding?: TokenEncoding;
  follow_redirects: boolean;
  timeout: number;
  /** Absent: the operator's default (config.cacheMaxAgeS). */
  max_age?: number;
  /** Absent: the operator's default (config.respectRobots). */
  respect_robots?: boolean;
}

export const getUrlMetadata: Tool<MetadataInput> = {
  name: 'get_url_metadata',
  command: 'metadata',
  summary: 'Title, description, Open Graph, favicon and more for one URL or a batch.',
  description:
    'Fetches page metadata: title, description, Open Graph, Twitter, favicon, canonical URL, language, feeds, ' +
    'author and dates, plus HTTP status and content type. Send `url` or `items` (1 to 100), never both. ' +
    'include_content adds the main text.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      url: urlField,
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        description: 'Several URLs: each a URL string or { "url": "..." }. Results come back in this order.',
        items: {
          oneOf: [
            urlField,
            { type: 'object', additionalProperties: false, required: ['url'], properties: { url: urlField } },
          ],
        },
      },
      include_content: {
        type: 'boolean',
        default: false,
        description: 'Add data.content (text, as clean_web_content with include_title false) and data.word_count.',
      },
      max_tokens: {
        ...maxTokensField,
        description:
          'With include_content: cut data.content at a block boundary so that it holds at most this many tokens of ' +
          'token_encoding; meta.tokens counts what was returned and meta.truncated tells it was cut.',
      },
      token_encoding: tokenEncodingField,
      follow_redirects: followRedirectsField(true),
      timeout: timeoutField(10),
      max_age: maxAgeField,
      respect_robots: respectRobotsField,
    },
    oneOf: [{ required: ['url'] }, { required: ['items'] }],
  },
  itemDataSchema: metadataDataSchema,
  itemMetaSchema: metadataMetaSchema,
  failedItem: (url, error) => metadataFailedItem(url, error),
  streams: true,
  example: { url: 'https://example.com/', include_content: false, follow_redirects: true, timeout: 10 },
  async run(input, ctx) {
    const urls =
      input.url !== undefined ? [input.url] : (input.items ?? []).map((i) => (typeof i === 'string' ? i : i.url));
    const timeoutMs = Math.round((input.timeout ?? 10) * 1000);
    const options: MetadataItemOptions = {
      includeContent: input.include_content ?? false,
      maxTokens: input.max_tokens ?? null,
      tokenEncoding: input.token_encoding ?? DEFAULT_TOKEN_ENCODING,
      followRedirects: input.follow_redirects ?? true,
      timeoutMs,
      maxAgeS: input.max_age ?? ctx.config.cacheMaxAgeS,
      respectRobots: input.respect_robots ?? ctx.config.respectRobots,
    };
    return runBatch<string, MetadataItemOptions, ToolItem>(ctx.services.dispatcher, {
      handler: METADATA_HANDLER,
      items: urls,
      options,
      chunkSize: ctx.config.batchChunkSize,
      concurrency: ctx.config.batchConcurrency,
      chunkTimeoutMs: chunkBudgetMs(timeoutMs, ctx.config),
      itemTimeoutMs: timeoutMs,
      signal: ctx.signal,
      ...(ctx.onItem ? { onResult: ctx.onItem } : {}),
      results: resultMemoryOf(ctx, options.includeContent ? contentCharsAtMost(options.maxTokens) : 0),
      onChunkFailed: (url, failure) => metadataFailedItem(url, chunkFailureError(ctx, METADATA_HANDLER, failure)),
    });
  },
};

/**
 * Reserved for one item's metadata while it runs: an ordinary page's takes 1-3 KB; a page whose
 * fields take more (each text field is cut at 16,384 characters) is counted as it is once in.
 */
const METADATA_ITEM_BYTES = 16 * 1024;

/**
 * The most characters an item's content may have: CONTENT_MAX_CHARS, or fewer under `max_tokens`
 * (a token stands for at most LONGEST_TOKEN_BYTES bytes), so that an agent's small budgets let
 * more of its URLs run at once within the result memory.
 */
function contentCharsAtMost(maxTokens: number | null | undefined): number {
  return Math.min(CONTENT_MAX_CHARS, (maxTokens ?? Infinity) * LONGEST_TOKEN_BYTES);
}

/** The result budget, and an item's reservation: the metadata's, and the content's at its most. */
function resultMemoryOf(ctx: ToolContext, contentChars: number) {
  const budget = ctx.services.shares?.resultMemory;
  if (!budget) return undefined;
  return {
    budget,
    itemBytes: METADATA_ITEM_BYTES + contentChars,
    answered: ctx.afterAnswer,
  };
}

/** An item nothing was learned for. */
function metadataFailedItem(url: string, error: ItemError): ToolItem {
  return {
    data: null,
    meta: { ...unfetchedMeta(url), cached: false, fetched_at: null, error },
  };
}

/**
 * The longest a healthy chunk can take: its fetches run in parallel within one timeout, then
 * its pages are parsed on the shared pool, each within the worker budget, at most
 * workerThreads at a time; plus a second of slack. Past it, the chunk is stuck and fails.
 */
export function chunkBudgetMs(
  timeoutMs: number,
  config: { batchChunkSize: number; workerThreads: number; workerTaskTimeoutMs: number },
): number {
  return (
    timeoutMs + config.workerTaskTimeoutMs * Math.ceil(config.batchChunkSize / Math.max(1, config.workerThreads)) + 1000
  );
}
