// One tool call over the JSON HTTP API, for integration tests that start a service.
import { json, type Answer, type Item } from './answers.js';

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

/**
 * A tool call as the caller of API key `key` (a caller of its own for admission): the status and
 * the answer's items (none for a refusal). `signal` abandons the call, as a client that leaves.
 */
export async function postAs(
  origin: string,
  key: string,
  tool: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<{ status: number; items: Item[] }> {
  const res = await fetch(`${origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const answer = await json<Partial<Answer>>(res);
  return { status: res.status, items: answer.data?.results ?? [] };
}
