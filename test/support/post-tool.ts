// One tool call over the JSON HTTP API, for integration tests that start a service.
import { json, type Answer, type Item } from './answers.js';

/**
 * POSTs `body` to the tool's route; `json` is the body as a 200 answer (a test of a refusal reads
 * `.error`). `signal` abandons the call, as a client that leaves.
 */
export async function post<T = Answer>(
  origin: string,
  tool: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  return { status: res.status, json: await json<T>(res) };
}

/**
 * A tool call as the caller of API key `key` (a caller of its own for admission): the status and
 * the answer's items (none for a refusal).
 */
export async function postAs(
  origin: string,
  key: string,
  tool: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<{ status: number; items: Item[] }> {
  const { status, json: answer } = await post<Partial<Answer>>(
    origin,
    tool,
    body,
    { authorization: `Bearer ${key}` },
    signal,
  );
  return { status, items: answer.data?.results ?? [] };
}
