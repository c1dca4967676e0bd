// One tool call over the JSON HTTP API, for integration tests that start a service.
import { json, type Answer } from './answers.js';

/** POSTs `body` to the tool's route; `json` is the body as a 200 answer (a test of a refusal reads `.error`). */
export async function post<T = Answer>(
  origin: string,
  tool: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await json<T>(res) };
}
