// The status checker's item schemas, written once: they describe the result in OpenAPI and
// the docs, and a test holds every probe result against them.
import { itemErrorSchema } from '../fields.js';
import type { JsonSchema } from '../types.js';
import { STATUS_REASONS } from './reason.js';

const ms = (what: string): JsonSchema => ({
  type: ['integer', 'null'],
  minimum: 0,
  description: `Milliseconds from the start of the reported request until ${what}; null when not measured (e.g. a reused connection has no DNS or connect phase).`,
});

export const statusDataSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    'Live status of one URL. Always present, also when the probe failed (then ok is false, status_code null and meta.error says why).',
  required: [
    'url',
    'status_code',
    'ok',
    'final_url',
    'content_type',
    'response_time_ms',
    'url_changed',
    'is_html',
    'redirect_count',
    'redirect_history',
    'probe_method',
    'content_length',
    'reason',
    'retry_after_s',
    'timings',
  ],
  properties: {
    url: { type: 'string', description: 'The URL probed, as requested.' },
    status_code: {
      type: ['integer', 'null'],
      description: 'HTTP status of the final response; null when no response came.',
    },
    ok: {
      type: 'boolean',
      description: 'True when the final status is 200-299 and the answer is not a bot-protection challenge.',
    },
    final_url: {
      type: 'string',
      description: 'Absolute URL of the final response after redirects; the requested URL, normalised, when none.',
    },
    content_type: {
      type: ['string', 'null'],
      description: 'Content-Type header of the final response as sent, charset included; null if absent.',
    },
    response_time_ms: {
      type: 'integer',
      minimum: 0,
      description:
        'Milliseconds from the start of the probe (HEAD, plus the GET fallback) to the final response headers, or to the failure.',
    },
    url_changed: { type: 'boolean', description: 'final_url differs from the requested URL after normalisation.' },
    is_html: { type: 'boolean', description: 'The final Content-Type is text/html or application/xhtml+xml.' },
    redirect_count: {
      type: 'integer',
      minimum: 0,
      description: 'Number of redirects followed (the length of redirect_history).',
    },
    redirect_history: {
      type: 'array',
      description: 'One element per redirect followed, in order; empty when none.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['url', 'status_code', 'location'],
        properties: {
          url: { type: 'string', description: 'URL that answered with the redirect.' },
          status_code: { type: 'integer', description: 'Its redirect status (301, 302, 303, 307, 308).' },
          location: {
            type: ['string', 'null'],
            description: 'The Location header as sent (may be relative); null when missing.',
          },
        },
      },
    },
    probe_method: {
      type: 'string',
      enum: ['HEAD', 'GET'],
      description:
        'Method of the reported response: HEAD, or GET (body not read) when the server answered HEAD with 405/501 or another error (except 401, 407, 410, 451, 429, an answer with Retry-After or a bot-protection challenge), with a success lacking Content-Type, or dropped it.',
    },
    content_length: {
      type: ['integer', 'null'],
      minimum: 0,
      description:
        'The Content-Length header as an integer (for HEAD: the size a GET would send); null when absent or malformed.',
    },
    reason: {
      type: 'string',
      enum: [...STATUS_REASONS],
      description:
        'Class of the outcome. Responses: ok (2xx), redirect (3xx reported as is), client_error (4xx), server_error (5xx), rate_limited (429), bot_protection (403/429/503 with a challenge marker in the headers or cookies), informational (1xx). Failures (equal to meta.error.code): timeout, dns_error, connect_error, tls_error, blocked_url, invalid_url, too_many_redirects, redirect_loop (too_many_redirects where a URL repeats), upstream_error, response_too_large.',
    },
    retry_after_s: {
      type: ['integer', 'null'],
      minimum: 0,
      description:
        'Seconds from the Retry-After header (delta or HTTP date), null when none was sent. The probe does not wait for it.',
    },
    timings: {
      type: 'object',
      additionalProperties: false,
      description: 'Phases of the reported request (the GET when the probe fell back to GET).',
      required: ['dns_ms', 'connect_ms', 'tls_ms', 'first_byte_ms', 'total_ms'],
      properties: {
        dns_ms: ms('DNS resolution finished'),
        connect_ms: ms('the TCP connection was established'),
        tls_ms: ms('the TLS handshake finished'),
        first_byte_ms: ms('the first byte of the response arrived'),
        total_ms: {
          type: 'integer',
          minimum: 0,
          description: 'Milliseconds of the whole probe (equals response_time_ms).',
        },
      },
    },
  },
};

export const statusMetaSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'via_proxy', 'retries'],
  properties: {
    url: { type: 'string', description: 'The URL as requested.' },
    via_proxy: { type: 'boolean', description: 'The reported response came through the configured proxy.' },
    retries: {
      type: 'integer',
      minimum: 0,
      description:
        'Extra attempts after the first, for network failures (HEAD and GET together). Rate-limit answers are reported, not retried.',
    },
    error: itemErrorSchema,
  },
};
