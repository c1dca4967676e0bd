// Tool calls through the app's real route (inject, no socket): each asserts the call itself
// succeeded (200) and returns its result items, whatever happened to the URLs.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Answer, CleanData, Item } from './answers.js';

/** Every result item of the call, in request order. */
export async function injectToolResults<D = Record<string, unknown>>(
  app: FastifyInstance,
  tool: string,
  body: Record<string, unknown>,
): Promise<Array<Item<D>>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/tools/${tool}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<Answer<D>>().data.results;
}

/** The one result item of a call for one URL. */
export async function injectTool<D = CleanData>(
  app: FastifyInstance,
  tool: string,
  body: Record<string, unknown>,
): Promise<Item<D>> {
  const results = await injectToolResults<D>(app, tool, body);
  assert.equal(results.length, 1);
  return results[0]!;
}
