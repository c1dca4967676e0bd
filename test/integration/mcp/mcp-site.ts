// The loopback fixture site and the checks shared by the MCP tests over stdio and HTTP: an
// article, a hub page, and a /slow endpoint that never answers but reports when its
// connection is dropped (how a test sees that cancelled work really stopped).
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';

export const ARTICLE =
  `<!doctype html><html lang="en"><head><title>Lighthouses of the North</title>
<meta name="description" content="A short history of northern lighthouses.">
<meta property="og:title" content="Lighthouses of the North">` +
  `<meta property="og:description" content="Keepers, lenses and reefs.">
<link rel="icon" href="/icon.png"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Lighthouses of the North</h1>
<p>The first lighthouse on the northern coast was lit in 1794, after a winter in which eleven ships were lost on ` +
  `the reefs.</p>
<p>Keepers lived at the station for months at a time, trimming wicks and winding the clockwork that turned the ` +
  `lens. <a href="/keepers">Read about the keepers</a>.</p>
</article><footer>Copyright the fixture</footer></body></html>`;

export const HUB = `<!doctype html><html><head><title>Coastal Notes</title></head><body>
<header><a href="/">Coastal Notes</a></header><main><h1>Latest</h1>
<ul><li><a href="/lighthouses">Lighthouses of the North</a> <p>Eleven ships and a lens.</p></li>
<li><a href="/tides">Tide tables explained</a> <p>Why high water comes fifty minutes later each day.</p></li>
<li><a href="/gulls">The gulls of the harbour</a> <p>Who steals the chips, and why.</p></li></ul></main></body></html>`;

/** A long article (about 107,000 characters of HTML): its text has what JSON escapes, and non-Latin-1. */
export const LONG_ARTICLE = `<!doctype html><html lang="en"><head><title>The long log</title></head><body><article>
<h1>The long log</h1>${Array.from(
  { length: 600 },
  (_, i) =>
    `<p>Entry ${i}: the keeper wrote "fair wind" \\ then "gale" — Zoë saw 😀 lights at 04:${i % 60}, ` +
    `and the lens turned ${i} times before the relief boat came round the reef at dawn again.</p>`,
).join('\n')}</article></body></html>`;

export interface McpSite extends LoopbackServer {
  /** Resolves when the n-th (1-based) /slow request has arrived. */
  slowArrived(n: number): Promise<void>;
  /** Resolves when the connection of the n-th /slow request has been closed by the client. */
  slowClosed(n: number): Promise<void>;
}

export async function startMcpSite(): Promise<McpSite> {
  const arrived: Array<() => void> = [];
  const closed: Array<() => void> = [];
  const arrivedP: Promise<void>[] = [];
  const closedP: Promise<void>[] = [];
  const slot = (n: number) => {
    while (arrivedP.length < n) {
      arrivedP.push(new Promise<void>((r) => arrived.push(r)));
      closedP.push(new Promise<void>((r) => closed.push(r)));
    }
  };
  let slowCount = 0;
  const held = new Set<ServerResponse>();
  const site = await startServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/slow') {
      const n = ++slowCount;
      slot(n);
      held.add(res);
      res.once('close', () => {
        held.delete(res);
        closed[n - 1]!();
      });
      arrived[n - 1]!();
      return; // never answers: only a client that gives up ends this request
    }
    if (path === '/icon.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : path === '/' ? HUB : path === '/long' ? LONG_ARTICLE : ARTICLE);
  });
  return {
    ...site,
    slowArrived(n) {
      slot(n);
      return arrivedP[n - 1]!;
    },
    slowClosed(n) {
      slot(n);
      return closedP[n - 1]!;
    },
    async close() {
      for (const res of held) res.destroy();
      await site.close();
    },
  };
}

/** Timings (and when a fetch happened) differ between two runs of the same call; everything else must not. */
export function withoutTimings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimings);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'timings' || k === 'fetched_at' || k.endsWith('_ms')) continue;
      out[k] = withoutTimings(v);
    }
    return out;
  }
  return value;
}

export async function postTool(origin: string, tool: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `POST ${tool} answered ${res.status}`);
  return ((await res.json()) as { data: { results: unknown[] } }).data;
}

/** The calls each transport test makes, one per tool, against the fixture site. */
export function toolCalls(origin: string): Array<{ name: string; arguments: Record<string, unknown> }> {
  return [
    { name: 'clean_web_index', arguments: { url: `${origin}/` } },
    { name: 'clean_web_content', arguments: { url: `${origin}/lighthouses`, output_format: 'markdown' } },
    { name: 'get_url_metadata', arguments: { items: [`${origin}/a`, { url: `${origin}/b` }] } },
    { name: 'check_url_status', arguments: { url: `${origin}/lighthouses` } },
  ];
}

interface CallResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export function textOf(result: CallResult): string {
  return result.content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('');
}

/**
 * The checks both transports must pass: four tools with schemas; each tool's structuredContent
 * equal to the JSON API's data for the same input; agent-readable text; bad arguments and
 * blocked URLs reported as the JSON API reports them.
 */
export async function checkToolsAgainstApi(client: Client, site: McpSite, apiOrigin: string): Promise<void> {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), [
    'check_url_status',
    'clean_web_content',
    'clean_web_index',
    'get_url_metadata',
  ]);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object');
    assert.ok(t.inputSchema.properties && 'url' in t.inputSchema.properties, `${t.name} takes url`);
    assert.equal(t.outputSchema?.type, 'object');
    assert.deepEqual(t.outputSchema?.required, ['results']);
    assert.equal(t.annotations?.readOnlyHint, true);
    assert.equal(t.annotations?.openWorldHint, true);
    assert.equal(t.annotations?.destructiveHint, false);
    assert.match(t.description ?? '', /\bnot\b/i, `${t.name} says what it is not for`);
  }

  for (const call of toolCalls(site.origin)) {
    // The SDK client checks structuredContent against the advertised outputSchema itself.
    const result = (await client.callTool(call)) as CallResult;
    assert.notEqual(result.isError, true, `${call.name}: ${textOf(result)}`);
    const api = await postTool(apiOrigin, call.name, call.arguments);
    assert.deepEqual(
      withoutTimings(result.structuredContent),
      withoutTimings(api),
      `${call.name}: structuredContent is the JSON API's data`,
    );
    const text = textOf(result);
    if (call.name === 'clean_web_content') {
      assert.match(text, /^Title: Lighthouses of the North\nURL: http:\/\/127\.0\.0\.2:\d+\/lighthouses\n/);
      assert.match(text, /first lighthouse on the northern coast was lit in 1794/);
      assert.doesNotMatch(text, /\\n|"content"/, 'the document itself, not JSON');
    } else if (call.name === 'clean_web_index') {
      assert.match(text, /^Title: Coastal Notes\nURL: /);
      assert.match(text, /Tide tables explained/);
    } else {
      assert.deepEqual(
        withoutTimings(JSON.parse(text)),
        withoutTimings(api),
        `${call.name}: text is the results as JSON`,
      );
    }
  }

  const bad = (await client.callTool({
    name: 'clean_web_content',
    arguments: { url: `${site.origin}/`, timeout: 500 },
  })) as CallResult;
  assert.equal(bad.isError, true);
  const badBody = JSON.parse(textOf(bad)) as {
    error: { code: string; message: string; details: Array<{ path: string }> };
  };
  assert.equal(badBody.error.code, 'invalid_request');
  assert.match(badBody.error.message, /\/timeout: must be at most 60/);
  assert.deepEqual(
    badBody.error.details.map((d) => d.path),
    ['/timeout'],
  );

  const missing = (await client.callTool({ name: 'check_url_status', arguments: {} })) as CallResult;
  assert.equal(missing.isError, true);
  assert.match(textOf(missing), /"url\\?" is required/);

  const unknown = (await client.callTool({
    name: 'get_url_metadata',
    arguments: { url: `${site.origin}/`, depth: 3 },
  })) as CallResult;
  assert.equal(unknown.isError, true);
  assert.match(textOf(unknown), /unknown field \\"depth\\"/);

  const connectionsBefore = site.connections();
  for (const target of ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/']) {
    const blocked = (await client.callTool({ name: 'get_url_metadata', arguments: { url: target } })) as CallResult;
    assert.notEqual(blocked.isError, true, 'a blocked URL is an item error, not a failed call');
    const [item] = (blocked.structuredContent as { results: Array<{ meta: { error?: { code: string } } }> }).results;
    assert.equal(item!.meta.error?.code, 'blocked_url');
  }
  const port = new URL(site.origin).port;
  const cleaned = (await client.callTool({
    name: 'clean_web_content',
    arguments: { url: `http://127.0.0.1:${port}/` },
  })) as CallResult;
  assert.equal(
    (cleaned.structuredContent as { results: Array<{ meta: { error?: { code: string } } }> }).results[0]!.meta.error
      ?.code,
    'blocked_url',
  );
  assert.match(textOf(cleaned), /^URL: http:\/\/127\.0\.0\.1:\d+\/\nError: blocked_url: /);
  assert.equal(site.connections(), connectionsBefore, 'the guard refused before connecting');
}

/**
 * The progress values the server sent for one call: those the client handed to onprogress plus
 * those it reported as late. The SDK client handles a notification one microtask after reading
 * it but a response at once, so a notification read together with the result (the last chunk's,
 * typically) finds its handler gone and goes to client.onerror as "unknown token".
 */
export function progressSent(
  seen: ReadonlyArray<{ progress: number; total?: number }>,
  clientErrors: readonly Error[],
): Array<[number, number | undefined]> {
  const late = clientErrors
    .map((e) => /progress notification for an unknown token: (.*)$/s.exec(e.message)?.[1])
    .filter((json): json is string => json !== undefined)
    .map((json) => (JSON.parse(json) as { params: { progress: number; total?: number } }).params);
  return [...seen, ...late].map((p): [number, number | undefined] => [p.progress, p.total]).sort((a, b) => a[0] - b[0]);
}
