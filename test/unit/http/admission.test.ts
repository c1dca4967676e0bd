// Admission over real sockets: calls beyond the concurrency limit wait in a bounded queue; a call
// is shed (503 overloaded + Retry-After) at once when the queue is full, or when it could not
// start within its queueing budget; shed answers come while admitted calls are still running,
// and the service takes calls again as soon as the load stops.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../src/config/config.js';
import type { Tool } from '../../../src/tools/types.js';
import { json, type Reply } from '../../support/answers.js';
import { UUID_V4, appWith, echoTool, gateTool } from './helpers.js';

const SLOW = '/api/v1/tools/slow_tool';

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

async function post(origin: string, path: string, body: unknown = { url: 'https://example.com/' }) {
  const res = await fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await json<Reply>(res) };
}

/** Waits until `n` calls wait in the admission queue. */
async function untilQueued(app: FastifyInstance, n: number): Promise<void> {
  while (app.urlkit.admission.queued < n) await new Promise((r) => setTimeout(r, 5));
}

/** A listening app with one call slot, already taken by a gated call that has started. */
async function oneSlotTaken(t: TestContext, overrides: Partial<Config>, tools: Tool[] = []) {
  const gate = gateTool();
  const app = await appWith([gate.tool, ...tools], { maxInFlight: 1, ...overrides });
  t.after(() => app.close());
  const origin = await listen(app);
  const running = post(origin, SLOW);
  await gate.whenStarted(1);
  return { gate, app, origin, running };
}

async function metric(origin: string, line: RegExp): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const m = text.split('\n').find((l) => line.test(l));
  return m ? Number(m.split(' ').pop()) : NaN;
}

describe('admission', () => {
  it('queues calls beyond the limit, sheds at once when the queue is full, and runs the queued ones later', async (t) => {
    const { gate, app, origin, running } = await oneSlotTaken(t, {
      admissionQueueMax: 2,
      admissionQueueTimeoutMs: 60_000,
    });
    const queued = [post(origin, SLOW), post(origin, SLOW)];
    await untilQueued(app, 2);
    assert.equal(gate.started.length, 1, 'queued calls have not started');

    const shed = await post(origin, SLOW);
    assert.equal(shed.status, 503);
    assert.equal(shed.body.error.code, 'overloaded');
    assert.match(shed.body.correlation_id, UUID_V4);
    assert.ok(Number(shed.headers.get('retry-after')) >= 1, 'Retry-After in seconds');
    const notReady = await fetch(`${origin}/readyz`);
    assert.equal(notReady.status, 503, 'not ready while the queue is full');
    assert.equal((await fetch(`${origin}/healthz`)).status, 200, 'liveness is never shed');
    assert.equal(await metric(origin, /^urlkit_admission_queue_length /), 2);
    assert.equal(await metric(origin, /^urlkit_admission_shed_total\{reason="queue_full"\}/), 1);

    // Releasing the running call lets the queued ones start, one at a time.
    gate.releaseAll();
    await gate.whenStarted(2);
    gate.releaseAll();
    await gate.whenStarted(3);
    gate.releaseAll();
    for (const r of [await running, ...(await Promise.all(queued))]) {
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.data.results[0]!.data, { done: true });
    }
    assert.equal(app.urlkit.admission.inFlight, 0, 'no slot leaked');
    assert.equal((await fetch(`${origin}/readyz`)).status, 200);
  });

  it('sheds a call that could not start within its queueing budget', async (t) => {
    const { origin, running, gate } = await oneSlotTaken(t, { admissionQueueMax: 10, admissionQueueTimeoutMs: 150 });
    const late = await post(origin, SLOW);
    assert.equal(late.status, 503);
    assert.equal(late.body.error.code, 'overloaded');
    assert.match(late.body.error.message, /could not start within 150 ms/);
    assert.ok(Number(late.headers.get('retry-after')) >= 1);
    assert.equal(gate.started.length, 1, 'the shed call never ran');
    assert.equal(await metric(origin, /^urlkit_admission_shed_total\{reason="queue_timeout"\}/), 1);
    gate.releaseAll();
    assert.equal((await running).status, 200);
  });

  it('answers shed calls while the admitted calls are still running, and they finish normally', async (t) => {
    const gate = gateTool();
    const app = await appWith([gate.tool], { maxInFlight: 2, admissionQueueMax: 0, admissionQueueTimeoutMs: 60_000 });
    t.after(() => app.close());
    const origin = await listen(app);
    const admitted = [post(origin, SLOW), post(origin, SLOW)];
    await gate.whenStarted(2);
    const burst = await Promise.all(Array.from({ length: 30 }, () => post(origin, SLOW)));
    for (const r of burst) {
      assert.equal(r.status, 503);
      assert.ok(Number(r.headers.get('retry-after')) >= 1);
    }
    assert.equal(gate.started.length, 2, 'the shed answers came while both admitted calls were still running');
    gate.releaseAll();
    for (const r of await Promise.all(admitted)) assert.equal(r.status, 200);
  });

  it('recovers when the load stops: a full queue drains and new calls are served at once', async (t) => {
    const {
      gate,
      app,
      origin,
      running: first,
    } = await oneSlotTaken(t, { admissionQueueMax: 1, admissionQueueTimeoutMs: 60_000 }, [echoTool()]);
    const second = post(origin, SLOW);
    await untilQueued(app, 1);
    assert.equal((await post(origin, '/api/v1/tools/clean_web_content')).status, 503);
    gate.releaseAll();
    await gate.whenStarted(2);
    gate.releaseAll();
    assert.equal((await first).status, 200);
    assert.equal((await second).status, 200);
    for (let i = 0; i < 5; i++) assert.equal((await post(origin, '/api/v1/tools/clean_web_content')).status, 200);
    assert.equal(app.urlkit.admission.queued, 0);
    assert.equal(app.urlkit.admission.inFlight, 0);
  });

  it('a caller that goes away while queued leaves the queue and never runs', async (t) => {
    const { gate, app, origin, running } = await oneSlotTaken(t, {
      admissionQueueMax: 5,
      admissionQueueTimeoutMs: 60_000,
    });
    const leaving = new AbortController();
    const gone = fetch(origin + SLOW, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/' }),
      signal: leaving.signal,
    }).catch(() => 'aborted');
    await untilQueued(app, 1);
    leaving.abort();
    assert.equal(await gone, 'aborted');
    while (app.urlkit.admission.queued > 0) await new Promise((r) => setTimeout(r, 5));
    gate.releaseAll();
    assert.equal((await running).status, 200);
    assert.equal(gate.started.length, 1, 'the abandoned call never started');
  });

  it('is usable by other front ends: admission.run() waits for a slot, then runs the work', async (t) => {
    const { gate, app, running } = await oneSlotTaken(t, {
      admissionQueueMax: 5,
      admissionQueueTimeoutMs: 60_000,
    });
    let ran = false;
    const other = app.urlkit.admission.run('mcp', undefined, () => {
      ran = true;
      return Promise.resolve('done');
    });
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(ran, false, 'waits while the only slot is taken');
    gate.releaseAll();
    assert.equal(await other, 'done');
    assert.equal((await running).status, 200);
  });
});
