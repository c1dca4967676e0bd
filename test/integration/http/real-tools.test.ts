// The service over real sockets with the real tools: one 200 per tool against a loopback
// fixture site, the egress policy holding through the API, and a client disconnect stopping
// the work it asked for.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type RunningServer } from '../../../src/http/serve.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import {
  json,
  type Answer,
  type CleanData,
  type ErrorEnvelope,
  type MetadataData,
  type StatusData,
} from '../../support/answers.js';
import { UUID_V4, gateTool, unusedServices } from '../../unit/http/helpers.js';

const ARTICLE =
  `<!doctype html><html lang="en"><head><title>Lighthouses of the North</title>
<meta name="description" content="A short history of northern lighthouses.">
<meta property="og:title" content="Lighthouses of the North"><link rel="icon" href="/icon.png"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Lighthouses of the North</h1>
<p>The first lighthouse on the northern coast was lit in 1794, after a winter in which eleven ships were lost on ` +
  `the reefs.</p>
<p>Keepers lived at the station for months at a time, trimming wicks and winding the clockwork that turned the ` +
  `lens. <a href="/keepers">Read about the keepers</a>.</p>
</article><footer>Copyright the fixture</footer></body></html>`;

async function post<D = Record<string, unknown>>(origin: string, tool: string, body: unknown) {
  const res = await fetch(`${origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { res, body: await json<Answer<D>>(res) };
}

describe('real tools through the HTTP API', () => {
  let site: LoopbackServer;
  let server: RunningServer;
  before(async () => {
    site = await startServer((req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : ARTICLE);
    });
    server = await serve(testConfig({ host: '127.0.0.1', port: 0 }));
  });
  after(async () => {
    await server.shutdown('test over');
    await site.close();
  });

  it('clean_web_content returns the article', async () => {
    const { res, body } = await post<CleanData>(server.address, 'clean_web_content', {
      url: `${site.origin}/story`,
      output_format: 'markdown',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-correlation-id'), body.correlation_id);
    assert.match(body.correlation_id, UUID_V4);
    const [item] = body.data.results;
    assert.equal(item!.data!.format, 'markdown');
    assert.match(item!.data!.content, /first lighthouse on the northern coast/);
    assert.match(item!.data!.content, new RegExp(`\\[Read about the keepers\\]\\(${site.origin}/keepers\\)`));
    assert.doesNotMatch(item!.data!.content, /Copyright the fixture/);
    assert.equal(item!.meta.status_code, 200);
    assert.equal(item!.meta.extraction_profile_requested, 'content');
  });

  it('clean_web_index returns the page text', async () => {
    const { res, body } = await post<CleanData>(server.address, 'clean_web_index', { url: `${site.origin}/` });
    assert.equal(res.status, 200);
    const [item] = body.data.results;
    assert.equal(item!.data!.format, 'text');
    assert.match(item!.data!.content, /Keepers lived at the station/);
    assert.equal(item!.meta.extraction_profile_requested, 'index');
  });

  it('get_url_metadata returns title, description and favicon for a batch, in order', async () => {
    const { res, body } = await post<MetadataData>(server.address, 'get_url_metadata', {
      items: [`${site.origin}/a`, { url: `${site.origin}/b` }],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      body.data.results.map((r) => r.meta.url),
      [`${site.origin}/a`, `${site.origin}/b`],
    );
    const [first] = body.data.results;
    assert.equal(first!.data!.title, 'Lighthouses of the North');
    assert.equal(first!.data!.description, 'A short history of northern lighthouses.');
    assert.equal(first!.data!.favicon, `${site.origin}/icon.png`);
  });

  it('check_url_status probes the page', async () => {
    const { res, body } = await post<StatusData>(server.address, 'check_url_status', { url: `${site.origin}/` });
    assert.equal(res.status, 200);
    const [item] = body.data.results;
    assert.equal(item!.data!.ok, true);
    assert.equal(item!.data!.status_code, 200);
    assert.equal(item!.data!.is_html, true);
  });

  it('a loopback address outside the allowed range is blocked_url, still with 200', async () => {
    const port = new URL(site.origin).port;
    const { res, body } = await post(server.address, 'clean_web_content', { url: `http://127.0.0.1:${port}/` });
    assert.equal(res.status, 200);
    assert.equal(body.data.results[0]!.meta.error?.code, 'blocked_url');
  });

  it('/metrics counts the target fetch outcomes by code', async () => {
    const text = await (await fetch(`${server.address}/metrics`)).text();
    assert.match(text, /urlkit_fetch_outcomes_total\{outcome="ok"\} [1-9]/);
    assert.match(text, /urlkit_fetch_outcomes_total\{outcome="blocked_url"\} [1-9]/);
    assert.match(text, /urlkit_tool_requests_total\{tool="check_url_status",status="200"\} 1/);
  });

  it('a URL that is not http(s) is an item error, not a request error', async () => {
    const { res, body } = await post(server.address, 'get_url_metadata', { url: 'file:///etc/passwd' });
    assert.equal(res.status, 200);
    assert.equal(body.data.results[0]!.meta.error?.code, 'invalid_url');
  });
});

describe('client disconnect', () => {
  it('aborts the signal of the tool working for that client', async (t) => {
    const gate = gateTool();
    const server = await serve(testConfig({ host: '127.0.0.1', port: 0 }), {
      tools: [gate.tool],
      services: unusedServices(),
    });
    t.after(() => server.shutdown('test over'));
    const client = new AbortController();
    const pending = fetch(`${server.address}/api/v1/tools/slow_tool`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/' }),
      signal: client.signal,
    }).catch((err: unknown) => err);
    await gate.whenStarted(1);
    const signal = gate.started[0]!.signal;
    assert.equal(signal.aborted, false);
    const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    client.abort();
    await pending;
    await aborted;
    assert.equal(signal.aborted, true);
  });
});

describe('malformed HTTP', () => {
  it('gets the JSON error envelope with a correlation id', async (t) => {
    const { connect } = await import('node:net');
    const server = await serve(testConfig({ host: '127.0.0.1', port: 0 }), { tools: [], services: unusedServices() });
    t.after(() => server.shutdown('test over'));
    const { port } = new URL(server.address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GARBAGE / HTTP/9.9\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8').on('data', (d: string) => (data += d));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as ErrorEnvelope;
    assert.equal(body.error.code, 'invalid_request');
    assert.match(body.correlation_id, UUID_V4);
    assert.match(raw, new RegExp(`X-Correlation-ID: ${body.correlation_id}`));
  });
});
