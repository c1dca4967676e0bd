// What operators and integrators read: the OpenAPI document, the offline /docs page, the
// Prometheus metrics and the JSON logs (correlation id on every line, no secrets or queries).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Gauge } from 'prom-client';
import { buildApp } from '../../../src/http/build-app.js';
import { RENDER_REUSE_MS } from '../../../src/metrics/shared-render.js';
import { ITEM_ERRORS, REQUEST_ERRORS } from '../../../src/errors/codes.js';
import { TOOLS } from '../../../src/tools/registry.js';
import { testConfig } from '../../support/loopback-server.js';
import { UUID_V4, appWith, echoTool, logCollector, unusedServices } from './helpers.js';

/** The parts of a JSON Schema (as the OpenAPI document writes them) that these tests read. */
interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  enum?: unknown[];
  default?: unknown;
  maximum?: number;
}
interface Operation {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: Schema } | undefined> };
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema } | undefined> } | undefined
  >;
}
/** The OpenAPI document as /openapi.json serves it, typed as far as these tests read it. */
interface OpenApiDocument {
  openapi: string;
  servers: unknown[];
  paths: Record<string, { get?: Operation; post?: Operation } | undefined>;
  components: { schemas: Record<string, Schema | undefined> };
}

describe('OpenAPI and docs', () => {
  it('/openapi.json is valid OpenAPI 3.1 describing all four registry tools with fields and defaults', async (t) => {
    const app = await buildApp(testConfig(), { services: unusedServices() });
    t.after(() => app.close());
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json<OpenApiDocument>();
    assert.equal(doc.openapi, '3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    const schemas = doc.components.schemas;
    const deref = (s: Schema | undefined): Schema => {
      assert.ok(s, 'a schema is there');
      return s.$ref ? schemas[s.$ref.split('/').pop()!]! : s;
    };
    const bodySchema = (op: Operation | undefined): Schema =>
      deref(op?.requestBody?.content['application/json']?.schema);
    for (const tool of TOOLS) {
      const op = doc.paths[`/api/v1/tools/${tool.name}`]?.post;
      assert.ok(op, `${tool.name} documented`);
      assert.equal(op.operationId, tool.name);
      const schema = bodySchema(op);
      assert.deepEqual(
        Object.keys(schema.properties ?? {}).sort(),
        Object.keys(tool.inputSchema.properties as object).sort(),
      );
      assert.equal(schema.additionalProperties, false);
      for (const status of ['200', '400', '413', '415', '429', '500', '503'])
        assert.ok(op.responses[status], `${tool.name} ${status}`);
      const envelope = deref(op.responses['200']?.content?.['application/json']?.schema);
      const item = deref(deref(envelope.properties?.data).properties?.results?.items);
      assert.deepEqual(item.required, ['data', 'meta']);
      // Item data and meta say which fields are always there; meta.error lists the catalog's codes.
      const meta = deref(item.properties?.meta);
      assert.ok(meta.required?.includes('url') && meta.required.includes('retries'), tool.name);
      assert.ok((deref(item.properties?.data).required?.length ?? 0) > 0, tool.name);
      assert.deepEqual(deref(meta.properties?.error).properties?.code?.enum, Object.keys(ITEM_ERRORS));
      assert.ok(op.responses['200']?.headers?.['X-Correlation-ID']);
      assert.ok(op.responses['429']?.headers?.['Retry-After'] && op.responses['503']?.headers?.['Retry-After']);
    }
    const content = bodySchema(doc.paths['/api/v1/tools/clean_web_content']?.post);
    assert.equal(content.properties?.output_format?.default, 'text');
    assert.equal(content.properties?.max_chars?.default, 200000);
    assert.equal(content.properties?.timeout?.maximum, 60);
    const meta = bodySchema(doc.paths['/api/v1/tools/get_url_metadata']?.post);
    assert.equal(meta.properties?.timeout?.default, 10);
    // The error envelope: code from the catalog, details a list of { path, message }.
    const error = deref(schemas.RequestError);
    assert.deepEqual(error.properties?.code?.enum, Object.keys(REQUEST_ERRORS));
    assert.deepEqual(deref(error.properties?.details?.items).required, ['path', 'message']);
    // Service routes: operation ids, and /readyz declares its 503.
    for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json'])
      assert.ok(doc.paths[path]?.get?.operationId, path);
    assert.ok(doc.paths['/readyz']?.get?.responses['503']);
    assert.ok(doc.servers.length > 0);
  });

  it('/docs is a page whose every asset comes from this server', async (t) => {
    const app = await appWith([echoTool()]);
    t.after(() => app.close());
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.doesNotMatch(page.body, /(src|href)\s*=\s*["']?(https?:)?\/\//i, 'no external script or stylesheet');
    const csp = String(page.headers['content-security-policy']);
    assert.doesNotMatch(csp, /https:|upgrade-insecure-requests|swagger\.io/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(
      (m) => new URL(m[1]!, 'http://local/docs/').pathname,
    );
    assert.ok(assets.length >= 3);
    for (const path of assets) {
      const res = await app.inject({ method: 'GET', url: path });
      assert.equal(res.statusCode, 200, path);
    }
    const init = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    assert.equal(init.statusCode, 200);
    const code = init.body
      .split('\n')
      .filter((l) => !l.trim().startsWith('//'))
      .join('\n');
    assert.doesNotMatch(code, /https?:\/\//, 'the UI loads the spec from this origin');
  });
});

describe('metrics', () => {
  it('counts requests by tool and status, with latency histograms and fetch outcomes', async (t) => {
    const app = await appWith([echoTool()], { rateLimitMax: 0 });
    t.after(() => app.close());
    await app.inject({
      method: 'POST',
      url: '/api/v1/tools/clean_web_content',
      payload: { url: 'https://example.com/' },
    });
    await app.inject({ method: 'POST', url: '/api/v1/tools/clean_web_content', payload: { nope: 1 } });
    app.urlkit.metrics.fetchObserver.onOutcome('dns_error');
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.match(res.body, /urlkit_tool_requests_total\{tool="clean_web_content",status="200"\} 1/);
    assert.match(res.body, /urlkit_tool_requests_total\{tool="clean_web_content",status="400"\} 1/);
    assert.match(res.body, /urlkit_tool_request_duration_seconds_bucket\{le="[^"]+",tool="clean_web_content"\}/);
    assert.match(
      res.body,
      /urlkit_http_request_duration_seconds_count\{route="\/api\/v1\/tools\/clean_web_content",method="POST"\} 2/,
    );
    assert.match(res.body, /urlkit_tool_items_total\{tool="clean_web_content",outcome="ok"\} 1/);
    assert.match(res.body, /urlkit_fetch_outcomes_total\{outcome="dns_error"\} 1/);
  });

  it('renders once for many reads at once and for reads within a second of it, then again', async (t) => {
    const app = await appWith([echoTool()], { rateLimitMax: 0 });
    t.after(() => app.close());
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    let renders = 0;
    // A collect callback runs once in each render of the registry.
    new Gauge({
      name: 'test_renders',
      help: 'renders of the registry',
      registers: [app.urlkit.metrics.registry],
      collect() {
        this.set(++renders);
      },
    });
    const read = async () => (await fetch(`${origin}/metrics`)).text();
    const texts = await Promise.all(Array.from({ length: 20 }, read));
    assert.equal(renders, 1);
    assert.equal(new Set(texts).size, 1, 'every read got the same text');
    assert.match(texts[0]!, /^test_renders 1$/m);
    await read();
    assert.equal(renders, 1, 'a read right after reuses the render');
    await sleep(RENDER_REUSE_MS + 50);
    assert.match(await read(), /^test_renders 2$/m);
  });

  it('two apps in one process keep separate registries', async (t) => {
    const a = await appWith([echoTool()], { rateLimitMax: 0 });
    const b = await appWith([echoTool()], { rateLimitMax: 0 });
    t.after(async () => {
      await a.close();
      await b.close();
    });
    await a.inject({
      method: 'POST',
      url: '/api/v1/tools/clean_web_content',
      payload: { url: 'https://example.com/' },
    });
    const fromB = await b.inject({ method: 'GET', url: '/metrics' });
    assert.doesNotMatch(fromB.body, /urlkit_tool_requests_total\{tool="clean_web_content"/);
  });
});

describe('logs', () => {
  it('JSON lines carry the correlation id; no query strings or API keys at info level', async (t) => {
    const logs = logCollector();
    const app = await appWith(
      [echoTool()],
      { logLevel: 'info', apiKeys: ['super-secret-key'], rateLimitMax: 0 },
      { logStream: logs.stream },
    );
    t.after(() => app.close());
    const id = '7d444840-9dc0-41d3-9a8b-2f1c5e6a7b8c';
    await app.inject({
      method: 'POST',
      url: '/api/v1/tools/clean_web_content?token=abc123',
      headers: { 'x-correlation-id': id, authorization: 'Bearer super-secret-key' },
      payload: { url: 'https://example.com/page?session=xyz789' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/tools/clean_web_content',
      headers: { 'x-correlation-id': id },
      payload: { url: 'https://x/' },
    });
    const lines = logs.lines().filter((l) => l.correlation_id === id || l.reqId !== undefined);
    assert.ok(lines.length >= 2, 'a request line for each call');
    for (const line of lines) assert.equal(line.correlation_id, id);
    const all = logs
      .lines()
      .map((l) => JSON.stringify(l))
      .join('\n');
    assert.doesNotMatch(all, /abc123|xyz789|super-secret-key/);
    assert.match(all, /\/api\/v1\/tools\/clean_web_content/);
  });

  it('one line per request at info level, with the request, its status and its response time', async (t) => {
    const logs = logCollector();
    const app = await appWith([echoTool()], { logLevel: 'info', rateLimitMax: 0 }, { logStream: logs.stream });
    t.after(() => app.close());
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools/clean_web_content?token=abc123',
      payload: { url: 'https://example.com/' },
    });
    const refused = await app.inject({ method: 'POST', url: '/api/v1/tools/clean_web_content', payload: {} });
    for (const [answer, status] of [
      [res, 200],
      [refused, 400],
    ] as const) {
      assert.equal(answer.statusCode, status);
      const id = answer.json<{ correlation_id: string }>().correlation_id;
      // (inject()'s responses also log the client_closed line: its mock socket never reports
      // its writes finished.)
      const mine = logs.lines().filter((l) => l.correlation_id === id && l.outcome !== 'client_closed');
      assert.equal(mine.length, 1, JSON.stringify(mine));
      const line = mine[0]!;
      assert.equal(line.msg, 'request completed');
      assert.deepEqual(line.req, {
        method: 'POST',
        url: '/api/v1/tools/clean_web_content' + (status === 200 ? '?[query removed]' : ''),
        remoteAddress: '127.0.0.1',
      });
      assert.deepEqual(line.res, { statusCode: status });
      assert.equal(typeof line.responseTime, 'number');
    }
  });

  it('/mcp log lines carry the correlation id once', async (t) => {
    const logs = logCollector();
    const app = await appWith([echoTool()], { logLevel: 'info', rateLimitMax: 0 }, { logStream: logs.stream });
    t.after(() => app.close());
    const id = '5d444840-9dc0-41d3-9a8b-2f1c5e6a7b8d';
    const res = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'x-correlation-id': id, accept: 'application/json, text/event-stream' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'clean_web_content', arguments: { url: 'https://example.com/' } },
      },
    });
    assert.equal(res.statusCode, 200);
    const lines = logs.raw().filter((l) => l.includes(id));
    assert.ok(
      lines.some((l) => l.includes('"msg":"mcp tool call"')),
      lines.join('\n'),
    );
    for (const line of lines) assert.equal(line.split('"correlation_id"').length, 2, line);
  });

  it('a tool logging a target URL has its query string removed', async (t) => {
    const logs = logCollector();
    const logging = {
      ...echoTool(),
      run(input: Record<string, unknown>, ctx: { logger: { info: (o: object, m: string) => void } }) {
        ctx.logger.info({ url: input.url }, 'fetching');
        return Promise.resolve([{ data: {}, meta: { url: String(input.url) } }]);
      },
    };
    const app = await appWith([logging], { logLevel: 'info', rateLimitMax: 0 }, { logStream: logs.stream });
    t.after(() => app.close());
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools/clean_web_content',
      payload: { url: 'https://example.com/p?api_key=k-999#frag' },
    });
    const { correlation_id } = res.json<{ correlation_id: string }>();
    assert.match(correlation_id, UUID_V4);
    const line = logs.lines().find((l) => l.msg === 'fetching');
    assert.ok(line);
    assert.equal(line.url, 'https://example.com/p?[query removed]');
    assert.equal(line.correlation_id, correlation_id);
  });
});
