// The OpenAPI 3.1 document, generated from the registry: each tool's request, item data and
// item meta schemas (the ones that validate requests and describe MCP tools) become named
// components, so a field another module adds to a tool schema appears here unchanged, and a
// generated client gets named types (CleanWebContentResponse, ItemError, ...) instead of
// anonymous ones. Pure: the same tools and options give the same document.
import { VERSION } from '../config/config.js';
import { REQUEST_ERRORS, type RequestErrorCode } from '../errors/codes.js';
import { cleanItemDataSchema, cleanItemMetaSchema } from '../tools/clean-web-content.js';
import { itemErrorSchema } from '../tools/fields.js';
import type { JsonSchema, Tool } from '../tools/types.js';
import { NDJSON_MEDIA_TYPE } from './ndjson-answer.js';

export interface OpenApiOptions {
  /** Tool routes need `Authorization: Bearer <key>` (URLKIT_API_KEYS is set). */
  authEnabled: boolean;
  /** Requests naming a host the server does not answer to are refused (host-check.ts), on every route. */
  hostCheck: boolean;
}

type Schemas = Record<string, JsonSchema>;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Schema objects several tools share, by the name they get in components.schemas. */
const SHARED_NAMES = new Map<object, string>([
  [itemErrorSchema, 'ItemError'],
  [cleanItemDataSchema, 'CleanItemData'],
  [cleanItemMetaSchema, 'CleanItemMeta'],
]);

/** clean_web_content -> CleanWebContent */
function typeName(toolName: string): string {
  return toolName
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/**
 * A copy of `schema` in which every shared schema object found inside it becomes a $ref, its
 * named copy added to `schemas` once.
 */
function withRefs(schema: unknown, schemas: Schemas, root = true): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const shared = root ? undefined : SHARED_NAMES.get(schema);
  if (shared) {
    schemas[shared] ??= withRefs(schema, schemas, true) as JsonSchema;
    return ref(shared);
  }
  if (Array.isArray(schema)) return schema.map((s) => withRefs(s, schemas, false));
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withRefs(v, schemas, false)]));
}

/** Adds `schema` under its shared name, or under `name`; returns the $ref. */
function named(name: string, schema: JsonSchema, schemas: Schemas): JsonSchema {
  const shared = SHARED_NAMES.get(schema);
  const key = shared ?? name;
  schemas[key] ??= withRefs(schema, schemas) as JsonSchema;
  return ref(key);
}

function commonSchemas(): Schemas {
  return {
    ValidationDetail: {
      type: 'object',
      additionalProperties: false,
      required: ['path', 'message'],
      properties: {
        path: { type: 'string', description: 'JSON Pointer of the field (/timeout, /items/3/url; "" for the body).' },
        message: { type: 'string', description: 'What is wrong with it.' },
      },
    },
    RequestError: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(REQUEST_ERRORS), description: 'See docs/errors.md.' },
        message: { type: 'string', description: 'What went wrong, for a person; never internals.' },
        details: {
          type: 'array',
          items: ref('ValidationDetail'),
          description: 'For invalid_request: every problem, each naming its field.',
        },
      },
    },
    ErrorEnvelope: {
      type: 'object',
      additionalProperties: false,
      required: ['correlation_id', 'error'],
      properties: {
        correlation_id: {
          type: 'string',
          format: 'uuid',
          description: 'Identifier of the request (also in the X-Correlation-ID header).',
        },
        error: ref('RequestError'),
      },
    },
    HealthStatus: {
      type: 'object',
      additionalProperties: false,
      required: ['correlation_id', 'status', 'version'],
      properties: {
        correlation_id: { type: 'string', format: 'uuid' },
        status: { type: 'string', enum: ['ok', 'ready'] },
        version: { type: 'string' },
      },
    },
  };
}

const HEADERS = {
  'X-Correlation-ID': {
    description: 'Same value as correlation_id in the body.',
    schema: { type: 'string', format: 'uuid' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
};
const correlation = { 'X-Correlation-ID': { $ref: '#/components/headers/X-Correlation-ID' } };
const retryAfter = { ...correlation, 'Retry-After': { $ref: '#/components/headers/Retry-After' } };

function errorResponse(codes: RequestErrorCode[], extra = '', headers: object = correlation): JsonSchema {
  const what = codes.map((c) => `${c}: ${REQUEST_ERRORS[c].message}`).join(' ');
  return {
    description: `${what}${extra}`,
    headers,
    content: { 'application/json': { schema: ref('ErrorEnvelope') } },
  };
}

/** A malformed HTTP request (a bad request line, headers over the limit) on any route. */
const malformed = errorResponse(['invalid_request'], ' Here: the HTTP request itself is malformed.');

/**
 * The NDJSON answer (Accept: application/x-ndjson): each line is one of these objects. OpenAPI
 * 3.1 has no item schema for a stream, so the schema describes one line.
 */
function ndjsonContent(t: string, data: JsonSchema, meta: JsonSchema, schemas: Schemas): JsonSchema {
  schemas[`${t}StreamLine`] = {
    description:
      'One line of the NDJSON answer: an item as it finishes ({ index, data, meta }), then a last line ' +
      '{ correlation_id, counts } (with error if the call failed after its first line).',
    oneOf: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['index', 'data', 'meta'],
        properties: {
          index: { type: 'integer', minimum: 0, description: 'Position of the URL in the request.' },
          data,
          meta,
        },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['correlation_id', 'counts'],
        properties: {
          correlation_id: { type: 'string', format: 'uuid' },
          counts: {
            type: 'object',
            additionalProperties: false,
            required: ['items', 'ok', 'failed'],
            properties: {
              items: { type: 'integer', description: 'Item lines sent.' },
              ok: { type: 'integer', description: 'Of them, without meta.error.' },
              failed: { type: 'integer', description: 'Of them, with meta.error.' },
            },
          },
          error: {
            type: 'object',
            additionalProperties: false,
            required: ['code', 'message'],
            properties: { code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    ],
  };
  return { schema: ref(`${t}StreamLine`) };
}

function toolOperation(tool: Tool<unknown>, schemas: Schemas, opts: OpenApiOptions): JsonSchema {
  const t = typeName(tool.name);
  const data = named(`${t}ItemData`, tool.itemDataSchema, schemas);
  const meta = named(`${t}ItemMeta`, tool.itemMetaSchema, schemas);
  schemas[`${t}Item`] = {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'meta'],
    description: 'The result for one requested URL. A URL that could not be handled has meta.error.',
    properties: { data, meta },
  };
  schemas[`${t}Response`] = {
    type: 'object',
    additionalProperties: false,
    required: ['correlation_id', 'data'],
    properties: {
      correlation_id: { type: 'string', format: 'uuid', description: 'Identifier of the request.' },
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['results'],
        properties: {
          results: {
            type: 'array',
            description: 'One item per requested URL, in request order.',
            items: ref(`${t}Item`),
          },
        },
      },
    },
  };
  return {
    operationId: tool.name,
    summary: tool.summary,
    description: tool.description,
    tags: ['tools'],
    security: opts.authEnabled ? [{ bearerAuth: [] }] : [],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: named(`${t}Request`, tool.inputSchema, schemas), example: tool.example },
      },
    },
    responses: {
      200: {
        description:
          'The envelope: one result item per requested URL. Per-URL failures are in meta.error.' +
          (tool.streams
            ? ' With Accept: application/x-ndjson, one JSON object a line: each item as it finishes, then the counts.'
            : ''),
        headers: correlation,
        content: {
          'application/json': { schema: ref(`${t}Response`) },
          ...(tool.streams ? { [NDJSON_MEDIA_TYPE]: ndjsonContent(t, data, meta, schemas) } : {}),
        },
      },
      400: errorResponse(['invalid_json', 'invalid_request'], ' details names each field by its JSON Pointer.'),
      ...(opts.authEnabled ? { 401: errorResponse(['unauthorized']) } : {}),
      413: errorResponse(['payload_too_large']),
      415: errorResponse(['unsupported_media_type']),
      429: errorResponse(['rate_limited'], ' See the Retry-After header.', retryAfter),
      500: errorResponse(['internal_error']),
      503: errorResponse(['overloaded'], ' See the Retry-After header.', retryAfter),
    },
  };
}

function serviceOperation(operationId: string, summary: string, ok: JsonSchema, more: object = {}): JsonSchema {
  return {
    operationId,
    summary,
    tags: ['service'],
    security: [],
    responses: { 200: { headers: correlation, ...ok }, 400: malformed, ...more },
  };
}

export function openApiDocument(tools: readonly Tool<unknown>[], opts: OpenApiOptions): Record<string, unknown> {
  const schemas: Schemas = commonSchemas();
  const paths: Record<string, unknown> = {};
  for (const tool of tools) paths[`/api/v1/tools/${tool.name}`] = { post: toolOperation(tool, schemas, opts) };
  const health = { content: { 'application/json': { schema: ref('HealthStatus') } } };
  paths['/healthz'] = {
    get: serviceOperation('healthz', 'Liveness: the process is up (no dependencies checked).', {
      description: 'The process is up.',
      ...health,
    }),
  };
  paths['/readyz'] = {
    get: serviceOperation(
      'readyz',
      'Readiness: 200 when taking work; 503 overloaded while draining for shutdown or overloaded.',
      { description: 'Taking work.', ...health },
      { 503: errorResponse(['overloaded'], ' Draining, overloaded, or Redis unreachable.', retryAfter) },
    ),
  };
  paths['/metrics'] = {
    get: serviceOperation('metrics', 'Prometheus metrics.', {
      description: 'Prometheus text exposition format.',
      content: { 'text/plain': { schema: { type: 'string' } } },
    }),
  };
  paths['/openapi.json'] = {
    get: serviceOperation('openapi', 'This document.', {
      description: 'OpenAPI 3.1, generated from the schemas that validate requests.',
      content: { 'application/json': { schema: { type: 'object' } } },
    }),
  };
  if (opts.hostCheck) {
    // Refused before any route is chosen, so every operation can answer it.
    for (const item of Object.values(paths) as Array<Record<string, { responses: Record<number, JsonSchema> }>>)
      for (const operation of Object.values(item))
        operation.responses[403] = errorResponse(['host_not_allowed'], ' See URLKIT_ALLOWED_HOSTS.');
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'urlkit',
      version: VERSION,
      description: [
        'Safe URL reading tools for programs and AI agents.',
        'Every tool is POST /api/v1/tools/<name> with a JSON body; every response carries correlation_id and the',
        'X-Correlation-ID header. Per-URL failures are item errors (meta.error) in a 200 answer: see ItemError.',
      ].join(' '),
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [
      {
        url: '/',
        description: 'The server this document was fetched from (HOST:PORT, or the proxy in front of it).',
      },
    ],
    tags: [
      { name: 'tools', description: 'The four URL tools.' },
      { name: 'service', description: 'Health, readiness, metrics and this document.' },
    ],
    paths,
    components: {
      schemas,
      headers: HEADERS,
      ...(opts.authEnabled
        ? {
            securitySchemes: {
              bearerAuth: { type: 'http', scheme: 'bearer', description: 'One of the keys in URLKIT_API_KEYS.' },
            },
          }
        : {}),
    },
  };
}
