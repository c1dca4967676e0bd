// The one parser of request bodies: Content-Type application/json, within the body limit,
// parsed as tools/json-input.ts says (plain JSON, bounded nesting).
import type { FastifyInstance } from 'fastify';
import { parseJsonBody, type InvalidJsonBody } from '../tools/json-input.js';

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as InvalidJsonBody, undefined);
    }
  });
}
