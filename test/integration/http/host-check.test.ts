// A web page that rebinds its own DNS name to this server's address must not be served: a request
// whose Host, or Origin, names a host the server does not answer to is refused 403
// host_not_allowed before anything reads it, on every route. A server bound to loopback answers to
// loopback names only, unless URLKIT_ALLOWED_HOSTS names more (or `*`); one bound elsewhere to any
// host unless URLKIT_ALLOWED_HOSTS names them.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../src/config/config.js';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

let site: LoopbackServer;
/** Requests the target site received: a refused call must never reach it. */
let hits = 0;
let app: FastifyInstance | undefined;

before(async () => {
  site = await startServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
after(async () => {
  await site.close();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  app = await buildApp(testConfig(overrides), { logStream: { write() {} } });
  return app;
}

function statusCall(target: FastifyInstance, headers: Record<string, string>) {
  return target.inject({
    method: 'POST',
    url: '/api/v1/tools/check_url_status',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ url: `${site.origin}/page` }),
  });
}

describe('the hosts a server answers to', () => {
  it('answers loopback names on a loopback bind, and refuses any other Host or Origin unread', async () => {
    const target = await start();
    for (const host of ['127.0.0.1:8080', 'localhost:8080', 'LOCALHOST', '[::1]:8080', 'app.localhost', '127.0.0.1.'])
      assert.equal((await statusCall(target, { host })).statusCode, 200, host);
    assert.equal((await statusCall(target, { host: 'localhost', origin: 'http://localhost:8080' })).statusCode, 200);

    const before = hits;
    for (const headers of <Array<Record<string, string>>>[
      { host: 'attacker.example:8080' },
      { host: 'attacker.example' },
      { host: '127.0.0.1.attacker.example' },
      { host: '127.0.0.1:8080', origin: 'http://attacker.example:8080' },
      { host: '127.0.0.1:8080', origin: 'null' },
    ]) {
      const refused = await statusCall(target, headers);
      assert.equal(refused.statusCode, 403, JSON.stringify(headers));
      const body = refused.json<{ error: { code: string; message: string } }>();
      assert.equal(body.error.code, 'host_not_allowed');
      assert.match(body.error.message, /URLKIT_ALLOWED_HOSTS/);
      assert.ok(refused.headers['x-correlation-id']);
    }
    assert.equal(hits, before, 'no refused call reached the target');

    // Every route, not only the tools: /metrics and the MCP endpoint would tell a page as much.
    for (const url of ['/healthz', '/metrics', '/openapi.json', '/docs']) {
      const refused = await target.inject({ method: 'GET', url, headers: { host: 'attacker.example' } });
      assert.equal(refused.statusCode, 403, url);
    }
    const mcp = await target.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        host: 'attacker.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(mcp.statusCode, 403);
  });

  it('answers the hosts URLKIT_ALLOWED_HOSTS names, and loopback names, and no others', async () => {
    const target = await start({ allowedHosts: ['api.example.com'] });
    assert.equal((await statusCall(target, { host: 'api.example.com' })).statusCode, 200);
    assert.equal(
      (await statusCall(target, { host: 'API.example.com:443', origin: 'https://api.example.com' })).statusCode,
      200,
    );
    assert.equal((await statusCall(target, { host: '127.0.0.1:8080' })).statusCode, 200);
    assert.equal((await statusCall(target, { host: 'attacker.example' })).statusCode, 403);
    assert.equal(
      (await statusCall(target, { host: 'api.example.com', origin: 'https://attacker.example' })).statusCode,
      403,
    );
  });

  it('answers any host with URLKIT_ALLOWED_HOSTS=*, or on a bind other than loopback when none is named', async () => {
    for (const overrides of [{ allowedHosts: ['*'] }, { host: '0.0.0.0' }]) {
      const target = await start(overrides);
      const answer = await statusCall(target, { host: 'anything.example', origin: 'https://other.example' });
      assert.equal(answer.statusCode, 200, JSON.stringify(overrides));
      await target.close();
      app = undefined;
    }
    const named = await start({ host: '0.0.0.0', allowedHosts: ['api.example.com'] });
    assert.equal((await statusCall(named, { host: 'attacker.example' })).statusCode, 403);
  });

  it('documents the 403 in the OpenAPI document when the server checks hosts, and not otherwise', async () => {
    const checking = await start();
    const document = (await checking.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    assert.ok(document.paths['/api/v1/tools/check_url_status']!.post!.responses['403']);
    assert.ok(document.paths['/healthz']!.get!.responses['403']);
    await checking.close();
    app = undefined;
    const open = await start({ host: '0.0.0.0' });
    const openDocument = (await open.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    assert.equal(openDocument.paths['/api/v1/tools/check_url_status']!.post!.responses['403'], undefined);
  });
});
