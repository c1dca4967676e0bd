// One tool call through the app's real route (inject, no socket): asserts the call itself
// succeeded (200, one result) and returns that result item, whatever happened to the URL.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

export interface InjectedItem {
  data: Record<string, any> | null;
  meta: Record<string, unknown> & { error?: { code: string; message: string; retryable?: boolean } };
}

export async function injectTool(
  app: FastifyInstance,
  tool: string,
  body: Record<string, unknown>,
): Promise<InjectedItem> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/tools/${tool}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  assert.equal(res.statusCode, 200, res.body);
  const json = res.json();
  assert.equal(json.data.results.length, 1);
  return json.data.results[0] as InjectedItem;
}
