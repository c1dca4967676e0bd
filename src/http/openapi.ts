// The OpenAPI 3.1 document and the /docs page, generated from the same registry schemas that
// validate requests. Swagger UI's assets are served from node_modules, so /docs needs no network.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { VERSION } from '../config/config.js';
import { REQUEST_ERRORS } from '../errors/codes.js';
import type { JsonSchema, Tool } from '../tools/types.js';

export const errorEnvelopeSchema: JsonSchema = {
  type: 'object',
  required: ['correlation_id', 'error'],
  properties: {
    correlation_id: {
      type: 'string',
      format: 'uuid',
      description: 'Identifier of the request (also in the X-Correlation-ID header).',
    },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(REQUEST_ERRORS) },
        message: { type: 'string' },
        details: {
          description: 'For invalid_request: a list of { path, message }, path being the JSON Pointer of the field.',
        },
      },
    },
  },
};

function resultEnvelopeSchema(tool: Tool<any>): JsonSchema {
  return {
    type: 'object',
    required: ['correlation_id', 'data'],
    properties: {
      correlation_id: { type: 'string', format: 'uuid' },
      data: {
        type: 'object',
        required: ['results'],
        properties: {
          results: {
            type: 'array',
            description: 'One item per requested URL, in request order.',
            items: {
              type: 'object',
              required: ['data', 'meta'],
              properties: { data: tool.itemDataSchema, meta: tool.itemMetaSchema },
            },
          },
        },
      },
    },
  };
}

const correlationHeader = {
  'X-Correlation-ID': { type: 'string', format: 'uuid', description: 'Same value as correlation_id in the body.' },
};
const retryAfterHeader = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before retrying.' },
};

function errorResponse(code: keyof typeof REQUEST_ERRORS, extra = '', retryAfter = false): JsonSchema {
  return {
    description: `${code}: ${REQUEST_ERRORS[code].message}${extra}`,
    headers: retryAfter ? { ...correlationHeader, ...retryAfterHeader } : correlationHeader,
    ...errorEnvelopeSchema,
  };
}

/** The fastify route schema of one tool: request body, result envelope and every error status. */
export function toolRouteSchema(tool: Tool<any>, authEnabled: boolean): Record<string, unknown> {
  return {
    summary: tool.summary,
    description: `${tool.description}\n\nExample request body:\n\n\`\`\`json\n${JSON.stringify(tool.example, null, 2)}\n\`\`\``,
    operationId: tool.name,
    tags: ['tools'],
    body: tool.inputSchema,
    ...(authEnabled ? { security: [{ bearerAuth: [] }] } : {}),
    response: {
      200: {
        description: 'The envelope: one result item per requested URL. Per-URL failures are in meta.error.',
        headers: correlationHeader,
        ...resultEnvelopeSchema(tool),
      },
      400: {
        description: 'invalid_json or invalid_request (details name each field by JSON path).',
        headers: correlationHeader,
        ...errorEnvelopeSchema,
      },
      401: errorResponse('unauthorized', ' Only when API keys are configured.'),
      413: errorResponse('payload_too_large'),
      415: errorResponse('unsupported_media_type'),
      429: errorResponse('rate_limited', ' See the Retry-After header.', true),
      500: errorResponse('internal_error'),
      503: errorResponse('overloaded', ' See the Retry-After header.', true),
    },
  };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'urlkit',
        version: VERSION,
        description:
          'Safe URL reading tools for programs and AI agents. Every tool is POST /api/v1/tools/<name> with a JSON body; every response carries correlation_id and the X-Correlation-ID header.',
      },
      tags: [
        { name: 'tools', description: 'The four URL tools.' },
        { name: 'service', description: 'Health, readiness, metrics and this document.' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Needed only when the server has URLKIT_API_KEYS set.',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    theme: { title: 'urlkit API' },
    // The UI loads the document from our own origin; nothing comes from a CDN.
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null } as Record<string, unknown>,
    staticCSP: true,
    // The stock policy allows https: sources, the swagger.io validator and upgrades http to
    // https (which breaks the page on a plain-http loopback server): keep everything same-origin.
    transformStaticCSP: (header: string) =>
      header
        .replace(/\s?upgrade-insecure-requests;/g, '')
        .replace(/ validator\.swagger\.io/g, '')
        .replace(/ https:/g, ''),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
