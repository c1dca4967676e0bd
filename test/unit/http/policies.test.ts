// API keys, per-client rate limiting (and its defaults by bind and keys), the event-loop guard,
// readiness and the request timeout, through the app with injected tools. Admission (queueing
// and shedding) has its own file, admission.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { mainThreadCpuClock } from '../../../src/admission/main-thread-cpu.js';
import { DEFAULT_RATE_LIMIT_MAX } from '../../../src/http/rate-limit-policy.js';
import { ABORT_GRACE_MS } from '../../../src/tools/invoke.js';
import type { Answer, ErrorEnvelope } from '../../support/answers.js';
import { UUID_V4, appWith, echoTool, gateTool, stuckTool } from './helpers.js';

const CONTENT = '/api/v1/tools/clean_web_content';

/** Blocks the event loop from outside the service, again and again, for `ms` of this thread's CPU at a time. */
function cpuHog(ms: number): NodeJS.Timeout {
  const cpu = mainThreadCpuClock()!;
  return setInterval(() => {
    const until = cpu() + ms;
    while (cpu() < until);
  }, 1);
}
const call = { method: 'POST' as const, url: CONTENT, payload: { url: 'https://example.com/' } };

describe('API keys', () => {
  it('when keys are set, tool calls need one of them; health, docs and metrics stay open', async (t) => {
    const app = await appWith([echoTool()], { apiKeys: ['alpha-key-1', 'beta-key-2'], rateLimitMax: 0 });
    t.after(() => app.close());
    const none = await app.inject(call);
    assert.equal(none.statusCode, 401);
    assert.equal(none.json<ErrorEnvelope>().error.code, 'unauthorized');
    assert.match(none.json<ErrorEnvelope>().correlation_id, UUID_V4);
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
    const app = await appWith([echoTool()], {
      apiKeys: ['key-one', 'key-two'],
      rateLimitMax: 2,
      rateLimitWindowMs: 60_000,
    });
    t.after(() => app.close());
    const asOne = { ...call, headers: { authorization: 'Bearer key-one' } };
    assert.equal((await app.inject(asOne)).statusCode, 200);
    assert.equal((await app.inject(asOne)).statusCode, 200);
    const limited = await app.inject(asOne);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json<ErrorEnvelope>().error.code, 'rate_limited');
    assert.match(limited.json<ErrorEnvelope>().correlation_id, UUID_V4);
    assert.equal(limited.headers['x-correlation-id'], limited.json<ErrorEnvelope>().correlation_id);
    assert.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After in seconds');
    // Another key from the same address is a different client.
    assert.equal((await app.inject({ ...call, headers: { authorization: 'Bearer key-two' } })).statusCode, 200);
    // Health stays reachable for a limited client.
    assert.equal(
      (await app.inject({ method: 'GET', url: '/healthz', headers: { authorization: 'Bearer key-one' } })).statusCode,
      200,
    );
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as its IPv4 one', async (t) => {
    const app = await appWith([echoTool()], { rateLimitMax: 2, rateLimitWindowMs: 60_000 });
    t.after(() => app.close());
    const from = (remoteAddress: string) => app.inject({ ...call, remoteAddress });
    // Two addresses of one /64 are one client: its third call is over.
    assert.equal((await from('2001:db8:7:1::10')).statusCode, 200);
    assert.equal((await from('2001:db8:7:1:ab:cd:ef:99')).statusCode, 200);
    assert.equal((await from('2001:db8:7:1::11')).statusCode, 429);
    // The next /64 is another client.
    assert.equal((await from('2001:db8:7:2::10')).statusCode, 200);
    // An IPv4 client reached over IPv6 (mapped) is the same client as over IPv4.
    assert.equal((await from('192.0.2.44')).statusCode, 200);
    assert.equal((await from('::ffff:192.0.2.44')).statusCode, 200);
    assert.equal((await from('::ffff:c000:22c')).statusCode, 429);
  });

  it('guessing API keys is rate limited by address', async (t) => {
    const app = await appWith([echoTool()], { apiKeys: ['the-key'], rateLimitMax: 2, rateLimitWindowMs: 60_000 });
    t.after(() => app.close());
    const guess = (key: string) =>
      app.inject({ ...call, headers: { authorization: `Bearer ${key}` }, remoteAddress: '192.0.2.9' });
    assert.equal((await guess('a')).statusCode, 401);
    assert.equal((await guess('b')).statusCode, 401);
    const limited = await guess('c');
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json<ErrorEnvelope>().error.code, 'rate_limited');
    // The holder of a real key is a different client and is not affected.
    assert.equal(
      (await app.inject({ ...call, headers: { authorization: 'Bearer the-key' }, remoteAddress: '192.0.2.9' }))
        .statusCode,
      200,
    );
  });

  it('is off by default on a loopback bind without keys: a batch job is never told to slow down', async (t) => {
    const app = await appWith([echoTool()], { host: '127.0.0.1', rateLimitMax: null });
    t.after(() => app.close());
    for (let i = 0; i < DEFAULT_RATE_LIMIT_MAX + 5; i++) {
      const res = await app.inject(call);
      assert.equal(res.statusCode, 200, `call ${i + 1}`);
    }
  });

  for (const [label, overrides] of [
    ['on a non-loopback bind', { host: '0.0.0.0', apiKeys: [] }],
    ['with API keys on a loopback bind', { host: '127.0.0.1', apiKeys: ['the-key'] }],
  ] as const) {
    it(`is on by default ${label}: ${DEFAULT_RATE_LIMIT_MAX} calls per client per minute`, async (t) => {
      const app = await appWith([echoTool()], { ...overrides, rateLimitMax: null });
      t.after(() => app.close());
      const headers = overrides.apiKeys.length ? { authorization: 'Bearer the-key' } : {};
      for (let i = 0; i < DEFAULT_RATE_LIMIT_MAX; i++) {
        const res = await app.inject({ ...call, headers });
        assert.equal(res.statusCode, 200, `call ${i + 1}`);
      }
      const limited = await app.inject({ ...call, headers });
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json<ErrorEnvelope>().error.code, 'rate_limited');
    });
  }

  it('URLKIT_RATE_LIMIT_MAX overrides the default on a loopback bind without keys', async (t) => {
    const app = await appWith([echoTool()], { host: '127.0.0.1', rateLimitMax: 2 });
    t.after(() => app.close());
    assert.equal((await app.inject(call)).statusCode, 200);
    assert.equal((await app.inject(call)).statusCode, 200);
    assert.equal((await app.inject(call)).statusCode, 429);
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
  it('503 overloaded when the event loop is blocked past the limit', async (t) => {
    const app = await appWith(
      [echoTool()],
      { maxEventLoopDelayMs: 20, rateLimitMax: 0 },
      { pressureSampleIntervalMs: 50 },
    );
    t.after(() => app.close());
    assert.equal((await app.inject(call)).statusCode, 200);
    // Keep the loop busy in slices of 60 ms of the main thread's own CPU, so the delay it causes
    // itself stays above 20 ms however loaded the machine is.
    const hog = cpuHog(60);
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
    assert.equal(shed.json<ErrorEnvelope>().error.code, 'overloaded');
    assert.equal(shed.headers['x-correlation-id'], shed.json<ErrorEnvelope>().correlation_id);
    assert.ok(Number(shed.headers['retry-after']) > 0);
    assert.ok(notReady, 'readyz reported not ready while overloaded');
    // Once the loop is free again the guard lets go and calls are served.
    let recovered = false;
    for (let i = 0; i < 200 && !recovered; i++) {
      await sleep(10);
      recovered = (await app.inject(call)).statusCode === 200;
    }
    assert.ok(recovered, 'calls are served again once the loop is free');
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  });

  it('while the event loop is starved, sheds the calls of the caller with the most in progress', async (t) => {
    const gate = gateTool();
    const app = await appWith(
      [echoTool(), gate.tool],
      { maxEventLoopDelayMs: 20, rateLimitMax: 0 },
      { pressureSampleIntervalMs: 50 },
    );
    t.after(async () => {
      gate.releaseAll();
      await app.close();
    });
    const heavy = '192.0.2.10';
    const light = '192.0.2.11';
    const held = [1, 2, 3].map(() =>
      app.inject({
        method: 'POST',
        url: '/api/v1/tools/slow_tool',
        payload: { url: 'https://a.example/' },
        remoteAddress: heavy,
      }),
    );
    await gate.whenStarted(3);
    const hog = cpuHog(60);
    let heavyShed = false;
    let lightServed = 0;
    let lightShed = 0;
    try {
      for (let i = 0; i < 100 && !heavyShed; i++) {
        heavyShed = (await app.inject({ ...call, remoteAddress: heavy })).statusCode === 503;
        await sleep(5);
      }
      assert.ok(heavyShed, 'the caller with three calls running was shed while the loop was starved');
      for (let i = 0; i < 5; i++) {
        const status = (await app.inject({ ...call, remoteAddress: light })).statusCode;
        if (status === 200) lightServed++;
        if (status === 503) lightShed++;
      }
    } finally {
      clearInterval(hog);
    }
    assert.equal(lightShed, 0, 'a caller with nothing running was not shed');
    assert.equal(lightServed, 5);
    gate.releaseAll();
    for (const res of await Promise.all(held)) assert.equal(res.statusCode, 200);
  });

  it('readyz is false while draining and new calls get 503', async (t) => {
    const app = await appWith([echoTool()], { rateLimitMax: 0 });
    t.after(() => app.close());
    app.urlkit.lifecycle.startDraining();
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 503);
    const res = await app.inject(call);
    assert.equal(res.statusCode, 503);
    assert.equal(res.json<ErrorEnvelope>().error.code, 'overloaded');
  });
});

describe('request timeout', () => {
  it('aborts the tool signal at the deadline; unfinished items come back as timeout with 200', async (t) => {
    const gate = gateTool();
    const app = await appWith([gate.tool], { requestTimeoutMs: 200, rateLimitMax: 0 });
    t.after(() => app.close());
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools/slow_tool',
      payload: { url: 'https://example.com/slow' },
    });
    assert.equal(res.statusCode, 200);
    const item = res.json<Answer>().data.results[0]!;
    assert.equal(item.meta.url, 'https://example.com/slow');
    assert.equal(item.meta.error?.code, 'timeout');
    assert.ok(gate.started[0]!.signal.aborted);
  });

  it('a tool that ignores its signal still yields a complete envelope of timeout items', async (t) => {
    const app = await appWith([stuckTool()], { requestTimeoutMs: 100, rateLimitMax: 0 });
    t.after(() => app.close());
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools/stuck_tool',
      payload: { url: 'https://example.com/never' },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json<Answer>().data.results, [
      {
        data: null,
        meta: {
          url: 'https://example.com/never',
          error: {
            code: 'timeout',
            message:
              'The call reached its deadline (100 ms, URLKIT_REQUEST_TIMEOUT_MS) before this URL finished; retry it.',
            retryable: true,
          },
        },
      },
    ]);
    assert.ok(ABORT_GRACE_MS > 0);
  });
});
