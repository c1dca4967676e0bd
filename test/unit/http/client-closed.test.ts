// A client that goes away mid-call (curl --max-time against a slow target), on the JSON API and
// on /mcp: its call is stopped, the in-flight gauge returns to zero, and the call is counted and
// logged as what it is, client_closed.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { appWith, gateTool, logCollector } from './helpers.js';

/** Sends a POST and destroys the connection once `started` resolves, before any answer. */
async function postAndHangUp(origin: string, path: string, body: unknown, started: Promise<void>): Promise<void> {
  const req = http.request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });
  req.on('error', () => {});
  req.end(JSON.stringify(body));
  await started;
  req.destroy();
}

async function metricValue(app: FastifyInstance, line: RegExp): Promise<string | undefined> {
  const text = await app.urlkit.metrics.registry.metrics();
  return line.exec(text)?.[1];
}

/** Waits (bounded) until the gauge reads 0; returns the last reading. */
async function inFlightSettles(app: FastifyInstance): Promise<string | undefined> {
  let v: string | undefined;
  for (let i = 0; i < 200; i++) {
    v = await metricValue(app, /^urlkit_tool_requests_in_flight (\d+)$/m);
    if (v === '0') break;
    await sleep(25);
  }
  return v;
}

describe('a client that disconnects mid-call', () => {
  it('JSON API: the gauge returns to zero, the call is counted and logged as client_closed', async (t) => {
    const gate = gateTool('clean_web_content');
    const logs = logCollector();
    const app = await appWith([gate.tool], { rateLimitMax: 0, logLevel: 'info' }, { logStream: logs.stream });
    t.after(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    for (let i = 0; i < 3; i++)
      await postAndHangUp(
        origin,
        '/api/v1/tools/clean_web_content',
        { url: 'https://example.com/' },
        gate.whenStarted(i + 1),
      );
    assert.equal(await inFlightSettles(app), '0');
    assert.equal(app.urlkit.lifecycle.inFlight, 0);
    assert.equal(gate.started.filter((c) => c.signal.aborted).length, 3, 'every call was stopped');
    assert.equal(
      await metricValue(app, /^urlkit_tool_requests_total\{tool="clean_web_content",status="client_closed"\} (\d+)$/m),
      '3',
    );
    const ended = logs.lines().filter((l) => l.outcome === 'client_closed');
    assert.equal(ended.length, 3);
    for (const line of ended) assert.match(String(line.correlation_id), /^[0-9a-f-]{36}$/);
  });

  it('/mcp: the same', async (t) => {
    const gate = gateTool('clean_web_content');
    const app = await appWith([gate.tool], { rateLimitMax: 0 });
    t.after(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'clean_web_content', arguments: { url: 'https://example.com/' } },
    };
    for (let i = 0; i < 2; i++) await postAndHangUp(origin, '/mcp', call, gate.whenStarted(i + 1));
    assert.equal(await inFlightSettles(app), '0');
    assert.equal(
      await metricValue(app, /^urlkit_tool_requests_total\{tool="mcp",status="client_closed"\} (\d+)$/m),
      '2',
    );
  });
});
