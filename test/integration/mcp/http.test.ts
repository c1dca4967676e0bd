// POST /mcp on the real server, driven by the SDK's Streamable HTTP client: the same answers as
// the JSON API, and the same gatekeeping (API keys, rate limit, in-flight admission), since the
// route sits in the tool-routes scope. A client that goes away stops the work it asked for.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { serve, type RunningServer } from '../../../src/http/serve.js';
import type { Config } from '../../../src/config/config.js';
import { LONG_PAGE } from '../../support/long-page.js';
import { startServer, testConfig } from '../../support/loopback-server.js';
import {
  checkToolsAgainstApi,
  postTool,
  progressSent,
  startMcpSite,
  withoutTimings,
  type McpSite,
} from './mcp-site.js';

/** What each client reported through onerror (late progress notifications, see progressSent). */
const clientErrors = new WeakMap<Client, Error[]>();

async function connect(origin: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'urlkit-test', version: '1.0.0' });
  const errors: Error[] = [];
  clientErrors.set(client, errors);
  client.onerror = (err) => errors.push(err);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { requestInit: { headers } }));
  return client;
}

async function start(overrides: Partial<Config> = {}): Promise<RunningServer> {
  return serve(testConfig({ host: '127.0.0.1', port: 0, ...overrides }));
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function rawPost(origin: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

describe('MCP over Streamable HTTP at /mcp', () => {
  let site: McpSite;
  let slowSeen = 0;
  before(async () => {
    site = await startMcpSite();
  });
  after(() => site.close());

  it('lists the four tools and answers each as the JSON API does; bad input and blocked URLs too', async (t) => {
    const server = await start({ batchChunkSize: 1 });
    t.after(() => server.shutdown('test over'));
    const client = await connect(server.address);
    t.after(() => client.close());
    await checkToolsAgainstApi(client, site, server.address);

    const seen: Progress[] = [];
    const urls = [1, 2].map((n) => `${site.origin}/q${n}`);
    await client.callTool({ name: 'get_url_metadata', arguments: { items: urls } }, undefined, {
      onprogress: (p) => seen.push(p),
    });
    assert.deepEqual(
      progressSent(seen, clientErrors.get(client)!),
      [
        [1, 2],
        [2, 2],
      ],
      'progress arrives on the POST stream',
    );
    assert.equal(server.app.urlkit.lifecycle.inFlight, 0, 'every /mcp POST released its admission slot');
  });

  it('answers a batch of 10 MB as the JSON API does, its text content the same results as JSON', async (t) => {
    const long = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LONG_PAGE);
    });
    t.after(() => long.close());
    const server = await start();
    t.after(() => server.shutdown('test over'));
    const client = await connect(server.address);
    t.after(() => client.close());
    const args = { items: Array.from({ length: 50 }, (_, i) => `${long.origin}/page/${i}`), include_content: true };
    const result = (await client.callTool({ name: 'get_url_metadata', arguments: args })) as {
      content: Array<{ type: string; text: string }>;
      structuredContent: { results: Array<{ data: { content: string } | null }> };
    };
    const api = await postTool(server.address, 'get_url_metadata', { ...args, max_age: 0 });
    assert.deepEqual(withoutTimings(result.structuredContent), withoutTimings(api));
    const text = result.content[0]!.text;
    assert.ok(text.length > 10_000_000, `a large answer (${text.length} characters)`);
    assert.deepEqual(JSON.parse(text), result.structuredContent);
    for (const item of result.structuredContent.results) assert.match(item.data?.content ?? '', /^Paragraph 0 says/);
  });

  it('is stateless: plain POSTs with the correlation id; GET and DELETE are 405; one tools/call per POST', async (t) => {
    const server = await start();
    t.after(() => server.shutdown('test over'));
    const res = await rawPost(server.address, INITIALIZE, {
      'x-correlation-id': '0b7e6a52-1d0c-4f5e-9a3b-2c4d5e6f7a8b',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('mcp-session-id'), null, 'no session to keep');
    assert.equal(res.headers.get('x-correlation-id'), '0b7e6a52-1d0c-4f5e-9a3b-2c4d5e6f7a8b');
    assert.match(await res.text(), /"serverInfo":\{"name":"urlkit"/);
    for (const method of ['GET', 'DELETE']) {
      const other = await fetch(`${server.address}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      assert.equal(other.status, 405, method);
      assert.equal(other.headers.get('allow'), 'POST');
      await other.body?.cancel();
    }

    // A JSON-RPC batch is admitted and rate limited as one POST, so it gets one call.
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'check_url_status', arguments: { url: `${site.origin}/` } },
    });
    const batch = await rawPost(server.address, [call(1), call(2)]);
    assert.equal(batch.status, 200);
    const answers = (await batch.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map(
        (line) =>
          JSON.parse(line.slice(6)) as { id: number; result: { isError?: boolean; content: Array<{ text: string }> } },
      );
    assert.equal(answers.length, 2);
    assert.equal(answers.filter((a) => a.result.isError !== true).length, 1, 'one call ran');
    const refused = answers.find((a) => a.result.isError === true)!;
    assert.match(refused.result.content[0]!.text, /"code":"invalid_request".*one tools\/call per HTTP request/);
  });

  it('a body that is not JSON, or nests too deep, gets a JSON-RPC parse error (-32700); __proto__ is named', async (t) => {
    const server = await start();
    t.after(() => server.shutdown('test over'));
    const post = (body: string) =>
      fetch(`${server.address}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
    for (const [body, message] of [
      ['{"jsonrpc":"2.0","id":1,', /^Parse error: The request body is not valid JSON/],
      [
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"clean_web_content",` +
          `"arguments":{"url":${'['.repeat(300_000)}${']'.repeat(300_000)}}}}`,
        /^Parse error: .*nest deeper than 32 levels/,
      ],
    ] as const) {
      const res = await post(body);
      assert.equal(res.status, 400);
      const answer = (await res.json()) as {
        jsonrpc: string;
        id: null;
        error: { code: number; message: string; data: { code: string; correlation_id: string } };
      };
      assert.equal(answer.jsonrpc, '2.0');
      assert.equal(answer.id, null);
      assert.equal(answer.error.code, -32700);
      assert.match(answer.error.message, message);
      assert.equal(answer.error.data.code, 'invalid_json');
      assert.equal(answer.error.data.correlation_id, res.headers.get('x-correlation-id'));
    }
    const proto = await post(
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"check_url_status","arguments":{"url":"https://a/","__proto__":{"x":1}}}}',
    );
    assert.equal(proto.status, 200);
    const answered = await proto.text();
    assert.match(answered, /"isError":true/);
    assert.match(answered, /invalid_request.*__proto__/);
  });

  it("JSON that is not a JSON-RPC request (params null, a string) is -32600 with the request's own id", async (t) => {
    const server = await start();
    t.after(() => server.shutdown('test over'));
    for (const [body, id] of [
      [{ jsonrpc: '2.0', id: 7, method: 'tools/call', params: null }, 7],
      [{ jsonrpc: '2.0', id: 'eight', method: 'tools/list', params: 'x' }, 'eight'],
      [{ jsonrpc: '2.0', method: 'tools/call', params: null }, null],
      [[{ jsonrpc: '2.0', id: 9, method: 'tools/call', params: null }], null],
    ] as const) {
      const res = await rawPost(server.address, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const answer = (await res.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
      assert.equal(answer.error.code, -32600, JSON.stringify(body));
      assert.equal(answer.id, id, JSON.stringify(body));
      assert.match(answer.error.message, /^Invalid Request/);
    }
  });

  it('with URLKIT_API_KEYS set, refuses /mcp without the key and serves it with the key', async (t) => {
    const server = await start({ apiKeys: ['mcp-test-key'] });
    t.after(() => server.shutdown('test over'));
    await assert.rejects(
      connect(server.address),
      (err: unknown) => err instanceof StreamableHTTPError && err.code === 401,
    );
    await assert.rejects(
      connect(server.address, { authorization: 'Bearer wrong-key' }),
      (err: unknown) => err instanceof StreamableHTTPError && err.code === 401,
    );
    const raw = await rawPost(server.address, INITIALIZE);
    assert.equal(raw.status, 401);
    assert.equal(raw.headers.get('www-authenticate'), 'Bearer');
    assert.equal(((await raw.json()) as { error: { code: string } }).error.code, 'unauthorized');

    const client = await connect(server.address, { authorization: 'Bearer mcp-test-key' });
    t.after(() => client.close());
    const result = await client.callTool({ name: 'check_url_status', arguments: { url: `${site.origin}/` } });
    assert.equal(
      (result.structuredContent as { results: Array<{ data: { status_code: number } }> }).results[0]!.data.status_code,
      200,
    );
  });

  it('counts /mcp POSTs against the same rate limit as the JSON API', async (t) => {
    const server = await start({ rateLimitMax: 3, rateLimitWindowMs: 60_000 });
    t.after(() => server.shutdown('test over'));
    const client = await connect(server.address); // initialize + notifications/initialized: 2 POSTs
    t.after(() => client.close());
    await client.listTools(); // 3
    await assert.rejects(client.listTools(), (err: unknown) => err instanceof StreamableHTTPError && err.code === 429);
    const api = await fetch(`${server.address}/api/v1/tools/check_url_status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.origin}/` }),
    });
    assert.equal(api.status, 429, 'one budget for both front ends');
  });

  it(
    'a client that goes away stops the call; admission counts /mcp calls in flight',
    { timeout: 30_000 },
    async (t) => {
      // One slot and no queue: a POST that arrives while the slot is taken is shed at once.
      const server = await start({ maxInFlight: 1, admissionQueueMax: 0, headersTimeoutMs: 60_000 });
      t.after(() => server.shutdown('test over'));
      const client = await connect(server.address);
      const pending = client
        .callTool({ name: 'clean_web_content', arguments: { url: `${site.origin}/slow`, timeout: 60 } })
        .catch((err: unknown) => err);
      const nth = ++slowSeen; // the n-th /slow request the shared site sees
      await site.slowArrived(nth);
      const shed = await rawPost(server.address, INITIALIZE);
      assert.equal(shed.status, 503, 'the one slot is taken by the running call');
      assert.equal(((await shed.json()) as { error: { code: string } }).error.code, 'overloaded');

      // Stateless: there is no session to carry notifications/cancelled to this call, so an HTTP
      // client cancels by closing its request. The call's timeout and the headers timeout are 60 s:
      // only the client leaving ends /slow within the test's 30 s.
      await client.close();
      await pending;
      await site.slowClosed(nth);
    },
  );
});
