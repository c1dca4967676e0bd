// API keys, per-client rate limiting, load shedding (in-flight and event-loop delay), readiness
// and the request timeout, through the app with injected tools.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ABORT_GRACE_MS } from '../../../src/tools/invoke.js';
import { UUID_V4, appWith, echoTool, gateTool, stuckTool } from './helpers.js';

const CONTENT = '/api/v1/tools/clean_web_content';
const call = { method: 'POST' as const, url: CONTENT, payload: { url: 'https://example.com/' } };

describe('API keys', () => {
  it('when keys are set, tool calls need one of them; health, docs and metrics stay open', async (t) => {
    const app = await appWith([echoTool()], { apiKeys: ['alpha-key-1', 'beta-key-2'], rateLimitMax: 0 });
    t.after(() => app.close());
    const none = await app.inject(call);
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().error.code, 'unauthorized');
    assert.match(none.json().correlation_id, UUID_V4);
    assert.equal(none.headers['www-authenticate'], 'Bearer');
    for (const authorization of ['Bearer wrong', 'Bearer alpha-key-', 'Basic YWxwaGEta2V5LTE6', 'alpha-key-1']) {
      const res = await app.inject({ ...call, headers: { authorization } });
      assert.equal(res.statusCode, 401, authorization);
    }
    assert.equal((await app.inject({ ...call, headers: { authorization: 'Bearer beta-key-2' } })).statusCode, 200);
    assert.equal((await app.inject({ ...call, headers: { authorization: 'bearer alpha-key-1' } })).statusCode, 200);
    for (const url of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs/']) {
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 200, url);
    }
  });

  it('without keys, tool calls are open', async (t) => {
    const app = await appWith([echoTool()], { rateLimitMax: 0 });
    t.after(() => app.close());
    assert.equal((await app.inject(call)).statusCode, 200);
  });
});

describe('rate limiting', () => {
  it('limits each client separately: by API key, else by address', async (t) => {
    const app = await appWith([echoTool()], { apiKeys: ['key-one', 'key-two'], rateLimitMax: 2, rateLimitWindowMs: 60_000 });
    t.after(() => app.close());
    const asOne = { ...call, headers: { authorization: 'Bearer key-one' } };
    assert.equal((await app.inject(asOne)).statusCode, 200);
    assert.equal((await app.inject(asOne)).statusCode, 200);
    const limited = await app.inject(asOne);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error.code, 'rate_limited');
    assert.match(limited.json().correlation_id, UUID_V4);
    assert.equal(limited.headers['x-correlation-id'], limited.json().correlation_id);
    assert.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After in seconds');
    // Another key from the same address is a different client.
    assert.equal((await app.inject({ ...call, headers: { authorization: 'Bearer key-two' } })).statusCode, 200);
    // Health stays reachable for a limited client.
    assert.equal((await app.inject({ method: 'GET', url: '/healthz', headers: { authorization: 'Bearer key-one' } })).statusCode, 200);
  });

  it('guessing API keys is rate limited by address', async (t) => {
    const app = await appWith([echoTool()], { apiKeys: ['the-key'], rateLimitMax: 2, rateLimitWindowMs: 60_000 });
    t.after(() => app.close());
    const guess = (key: string) => app.inject({ ...call, headers: { authorization: `Bearer ${key}` }, remoteAddress: '192.0.2.9' });
    assert.equal((await guess('a')).statusCode, 401);
    assert.equal((await guess('b')).statusCode, 401);
    const limited = await guess('c');
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error.code, 'rate_limited');
    // The holder of a real key is a different client and is not affected.
    assert.equal((await app.inject({ ...call, headers: { authorization: 'Bearer the-key' }, remoteAddress: '192.0.2.9' })).statusCode, 200);
  });

  it('without keys, clients are told apart by address', async (t) => {
    const app = await appWith([echoTool()], { rateLimitMax: 1, rateLimitWindowMs: 60_000 });
    t.after(() => app.close());
    assert.equal((await app.inject({ ...call, remoteAddress: '192.0.2.1' })).statusCode, 200);
    assert.equal((await app.inject({ ...call, remoteAddress: '192.0.2.1' })).statusCode, 429);
    assert.equal((await app.inject({ ...call, remoteAddress: '192.0.2.2' })).statusCode, 200);
  });
});

describe('load shedding and readiness', () => {
  it('503 overloaded with Retry-After when too many calls are in flight; readyz follows', async (t) => {
    const gate = gateTool();
    const app = await appWith([gate.tool], { maxInFlight: 1, rateLimitMax: 0 });
    t.after(() => app.close());
    const slow = { method: 'POST' as const, url: '/api/v1/tools/slow_tool', payload: { url: 'https://example.com/' } };
    const first = app.inject(slow);
    await gate.whenStarted(1);
    const shed = await app.inject(slow);
    assert.equal(shed.statusCode, 503);
    assert.equal(shed.json().error.code, 'overloaded');
    assert.match(shed.json().correlation_id, UUID_V4);
    assert.equal(shed.headers['x-correlation-id'], shed.json().correlation_id);
    assert.ok(Number(shed.headers['retry-after']) > 0);
    const notReady = await app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(notReady.statusCode, 503);
    assert.equal(notReady.json().error.code, 'overloaded');
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'liveness is not shed');
    gate.releaseAll();
    const done = await first;
    assert.equal(done.statusCode, 200);
    assert.deepEqual(done.json().data.results[0].data, { done: true });
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
    // A rejected call must not leak an in-flight slot.
    const again = app.inject(slow);
    await gate.whenStarted(2);
    gate.releaseAll();
    assert.equal((await again).statusCode, 200);
  });

  it('503 overloaded when the event loop is blocked past the limit', async (t) => {
    const app = await appWith([echoTool()], { maxEventLoopDelayMs: 20, rateLimitMax: 0 }, { pressureSampleIntervalMs: 10 });
    t.after(() => app.close());
    assert.equal((await app.inject(call)).statusCode, 200);
    // Keep the loop busy in 60 ms slices so the sampled delay stays above 20 ms.
    const hog = setInterval(() => {
      const until = Date.now() + 60;
      while (Date.now() < until);
    }, 1);
    let shed: Awaited<ReturnType<typeof app.inject>> | undefined;
    let notReady = false;
    try {
      for (let i = 0; i < 100 && (!shed || !notReady); i++) {
        const res = await app.inject(call);
        if (res.statusCode === 503) shed = res;
        if ((await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 503) notReady = true;
        await sleep(5);
      }
    } finally {
      clearInterval(hog);
    }
    assert.ok(shed, 'a call was shed while the loop was blocked');
    assert.equal(shed.json().error.code, 'overloaded');
    assert.equal(shed.headers['x-correlation-id'], shed.json().correlation_id);
    assert.ok(Number(shed.headers['retry-after']) > 0);
    assert.ok(notReady, 'readyz reported not ready while overloaded');
  });

  it('readyz is false while draining and new calls get 503', async (t) => {
    const app = await appWith([echoTool()], { rateLimitMax: 0 });
    t.after(() => app.close());
    app.urlkit.lifecycle.startDraining();
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 503);
    const res = await app.inject(call);
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().error.code, 'overloaded');
  });
});

describe('request timeout', () => {
  it('aborts the tool signal at the deadline; unfinished items come back as timeout with 200', async (t) => {
    const gate = gateTool();
    const app = await appWith([gate.tool], { requestTimeoutMs: 200, rateLimitMax: 0 });
    t.after(() => app.close());
    const res = await app.inject({ method: 'POST', url: '/api/v1/tools/slow_tool', payload: { url: 'https://example.com/slow' } });
    assert.equal(res.statusCode, 200);
    const item = res.json().data.results[0];
    assert.equal(item.meta.url, 'https://example.com/slow');
    assert.equal(item.meta.error.code, 'timeout');
    assert.ok(gate.started[0]!.signal.aborted);
  });

  it('a tool that ignores its signal still yields a complete envelope of timeout items', async (t) => {
    const app = await appWith([stuckTool()], { requestTimeoutMs: 100, rateLimitMax: 0 });
    t.after(() => app.close());
    const res = await app.inject({ method: 'POST', url: '/api/v1/tools/stuck_tool', payload: { url: 'https://example.com/never' } });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().data.results, [
      {
        data: null,
        meta: {
          url: 'https://example.com/never',
          error: { code: 'timeout', message: 'The request took longer than 100 ms and was stopped.', retryable: true },
        },
      },
    ]);
    assert.ok(ABORT_GRACE_MS > 0);
  });
});
