// Request and response schema fragments shared by the tools, written once with the defaults
// and bounds of decisions.md. Tools compose their schemas from these.
import { ITEM_ERRORS } from '../errors/codes.js';
import { normalisedHttpUrl } from './http-url.js';
import type { JsonSchema } from './types.js';
import { DEFAULT_TOKEN_ENCODING, TOKEN_ENCODINGS } from '../render/token-count.js';
import { MAX_URL_CHARS } from '../fetch/url-policy.js';

export const urlField: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_URL_CHARS,
  description: 'Absolute http:// or https:// URL of the target.',
};

export function timeoutField(defaultSeconds: number): JsonSchema {
  return {
    type: 'number',
    exclusiveMinimum: 0,
    maximum: 60,
    default: defaultSeconds,
    description:
      `Seconds allowed for the whole work on one URL (DNS, every redirect hop, retries, reading the ` +
      `body). Greater than 0, at most 60. Default ${defaultSeconds}.`,
  };
}

/** `follow_redirects`; `metaRefresh`: the tool also follows a page's refresh, as a browser does. */
export function followRedirectsField(metaRefresh: boolean): JsonSchema {
  const what = metaRefresh
    ? 'Follow redirects: HTTP 3xx, and a page whose <meta http-equiv="refresh"> sends its reader to another URL ' +
      'within a second'
    : "Follow HTTP redirects (a page's <meta> refresh is not one: its 200 is reported)";
  return {
    type: 'boolean',
    default: true,
    description: `${what} (at most the configured hop limit). When false the first response is reported as is.`,
  };
}

export const outputFormatField: JsonSchema = {
  type: 'string',
  enum: ['text', 'markdown'],
  default: 'text',
  description: 'text: one block per line, links inline as [text](url). markdown: CommonMark with GFM tables.',
};

export const includeTitleField: JsonSchema = {
  type: 'boolean',
  default: true,
  description: 'When true the content begins with the page title (text: a line; markdown: "# Title").',
};

export const maxCharsField: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: 2_000_000,
  default: 200_000,
  description: 'Cut the content at a block boundary at this many characters; meta.truncated is then true.',
};

export const maxTokensField: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: 1_000_000,
  description:
    'Cut the content at a block boundary so that it holds at most this many tokens of token_encoding (counted by a ' +
    'tiktoken port, not guessed from characters); meta.truncated is then true. No token limit when absent.',
};

export const tokenEncodingField: JsonSchema = {
  type: 'string',
  enum: [...TOKEN_ENCODINGS],
  default: DEFAULT_TOKEN_ENCODING,
  description:
    'Encoding that max_tokens and meta.tokens count in: o200k_base (GPT-4o and later) or cl100k_base (GPT-4, GPT-3.5).',
};

export const startField: JsonSchema = {
  type: 'integer',
  minimum: 0,
  maximum: 100_000_000,
  default: 0,
  description:
    'Character offset in the whole content (title line included) where this part begins. To read on after a cut, ' +
    'send the meta.next_start of the previous answer, with the same other fields: the parts concatenate to ' +
    'exactly the whole content.',
};

/** Meta fields of a cleaned content part. */
export const partMetaProperties: Record<string, JsonSchema> = {
  tokens: { type: 'integer', description: 'Tokens of the returned content in token_encoding, whatever the limits.' },
  next_start: {
    type: ['integer', 'null'],
    description:
      'When the content was cut by max_chars or max_tokens: the start to send for the next part; null when this ' +
      'part reaches the end.',
  },
};

export const itemErrorSchema: JsonSchema = {
  type: 'object',
  description: 'Present when this URL could not be handled.',
  required: ['code', 'message', 'retryable'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', enum: Object.keys(ITEM_ERRORS), description: 'See docs/errors.md.' },
    message: { type: 'string', description: 'What happened to this URL, for a person.' },
    retryable: { type: 'boolean', description: 'Whether asking again later may succeed.' },
  },
};

const nullableString: JsonSchema = { type: ['string', 'null'] };

/** Meta fields common to every fetched item. */
export const fetchMetaProperties: Record<string, JsonSchema> = {
  url: { type: 'string', description: 'The URL as requested.' },
  final_url: { ...nullableString, description: 'Absolute URL after redirects.' },
  status_code: { type: ['integer', 'null'], description: 'HTTP status of the target (null when no response came).' },
  content_type: { ...nullableString, description: 'Content-Type header as sent, charset included; null if absent.' },
  via_proxy: { type: 'boolean', description: 'The reported response came through the configured proxy.' },
  retries: { type: 'integer', description: 'Extra attempts after the first.' },
  error: itemErrorSchema,
};

/** The common meta fields of a URL nothing was fetched for (final_url: the URL normalised, or null). */
export function unfetchedMeta(url: string): Record<string, unknown> & { url: string } {
  return {
    url,
    final_url: normalisedHttpUrl(url),
    status_code: null,
    content_type: null,
    via_proxy: false,
    retries: 0,
  };
}

/** Request field of the cleaners and the metadata fetcher: how old a stored answer may be. */
// No schema default: the operator's URLKIT_CACHE_MAX_AGE_S (0 unless set) applies when absent.
export const maxAgeField: JsonSchema = {
  type: 'integer',
  minimum: 0,
  maximum: 604_800,
  description:
    'Seconds: a stored fetch of the URL younger than this answers the call (meta.cached true). 0 always fetches. ' +
    'At most 604800 (7 days). Default 0 unless the operator set URLKIT_CACHE_MAX_AGE_S.',
};

/** Where an answer came from: the cache, and when its fetch was made. */
export const cacheMetaProperties: Record<string, JsonSchema> = {
  cached: { type: 'boolean', description: 'The answer was computed from a stored fetch (see max_age).' },
  fetched_at: {
    type: ['string', 'null'],
    format: 'date-time',
    description: 'ISO 8601 time the response was received from the target; null when none was.',
  },
};

/** Request field of every tool: honour the origin's robots.txt (src/robots/). */
// No schema default: the operator's URLKIT_RESPECT_ROBOTS (off unless set) applies when absent.
export const respectRobotsField: JsonSchema = {
  type: 'boolean',
  description:
    "Check the origin's robots.txt (for urlkit's user agent) first, and each redirect target's own; a URL it " +
    'disallows is the item error blocked_by_robots naming the rule. A robots.txt answering 4xx allows ' +
    'everything; 5xx, 429, a timeout or no answer allows nothing. Default false unless the operator set ' +
    'URLKIT_RESPECT_ROBOTS.',
};
