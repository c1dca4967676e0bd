// One tool call through the app's real route (inject, no socket): asserts the call itself
// succeeded (200, one result) and returns that result item, whatever happened to the URL.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Answer, CleanData, Item } from './answers.js';

export async function injectTool<D = CleanData>(
  app: FastifyInstance,
  tool: string,
  body: Record<string, unknown>,
): Promise<Item<D>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/tools/${tool}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  assert.equal(res.statusCode, 200, res.body);
  const json = res.json<Answer<D>>();
  assert.equal(json.data.results.length, 1);
  return json.data.results[0]!;
}
