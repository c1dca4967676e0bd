// GET /openapi.json and the /docs page. The document is generated once from the registry
// (openapi-document.ts); Swagger UI's assets are served from node_modules, so /docs needs no
// network.
import type { FastifyInstance } from 'fastify';
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Tool } from '../tools/types.js';
import { openApiDocument, type OpenApiOptions } from './openapi-document.js';

export async function registerOpenApi(
  app: FastifyInstance,
  tools: readonly Tool<unknown>[],
  opts: OpenApiOptions,
): Promise<void> {
  const document = openApiDocument(tools, opts);
  // Built as plain data (openapi-document.ts); the plugin's own document types are not ours.
  await app.register(swagger, {
    mode: 'static',
    specification: { document: document as unknown as StaticDocumentSpec['document'] },
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
        .split(';')
        .map((directive) => directive.trim())
        .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
        .map((directive) =>
          directive
            .split(' ')
            .filter((token) => token !== 'https:' && token !== 'validator.swagger.io')
            .join(' '),
        )
        .join('; ') + ';',
  });
  app.get('/openapi.json', () => Promise.resolve(document));
}
