// check_url_status through the HTTP API: request validation, defaults, the envelope, and the
// item schema published in OpenAPI.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import type { ErrorEnvelope, StatusAnswer } from '../../support/answers.js';
import { testConfig } from '../../support/loopback-server.js';
import { startStatusSite, type StatusSite } from '../../support/status-site.js';

let app: FastifyInstance;
let site: StatusSite;
const ROUTE = '/api/v1/tools/check_url_status';

before(async () => {
  site = await startStatusSite();
  app = await buildApp(testConfig({ rateLimitMax: 0 }), { logStream: { write() {} } });
});

after(async () => {
  await app.close();
  await site.close();
});

const post = (body: unknown) =>
  app.inject({
    method: 'POST',
    url: ROUTE,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('POST /api/v1/tools/check_url_status', () => {
  it('answers the envelope with one item holding every data field', async () => {
    const res = await post({ url: `${site.origin}/head-405` });
    assert.equal(res.statusCode, 200);
    const body = res.json<StatusAnswer>();
    assert.match(body.correlation_id, /^[0-9a-f-]{36}$/);
    assert.equal(body.data.results.length, 1);
    const { data, meta } = body.data.results[0]!;
    assert.ok(data);
    assert.deepEqual(Object.keys(data).sort(), [
      'content_length',
      'content_type',
      'final_url',
      'is_html',
      'ok',
      'probe_method',
      'reason',
      'redirect_count',
      'redirect_history',
      'response_time_ms',
      'retry_after_s',
      'status_code',
      'timings',
      'url',
      'url_changed',
    ]);
    assert.equal(data.status_code, 200);
    assert.equal(data.probe_method, 'GET');
    assert.deepEqual(meta, { url: `${site.origin}/head-405`, via_proxy: false, retries: 0 });
  });

  it('returns 200 with data and meta.error for a target that failed', async () => {
    const res = await post({ url: 'http://no-such-host.invalid/' });
    assert.equal(res.statusCode, 200);
    const { data, meta } = res.json<StatusAnswer>().data.results[0]!;
    assert.equal(data?.ok, false);
    assert.equal(data.status_code, null);
    assert.equal(data.reason, 'dns_error');
    assert.equal(meta.error?.code, 'dns_error');
    assert.equal(meta.error.retryable, true);
  });

  it('applies follow_redirects false', async () => {
    const res = await post({ url: `${site.origin}/chain/a`, follow_redirects: false });
    const { data } = res.json<StatusAnswer>().data.results[0]!;
    assert.equal(data?.status_code, 301);
    assert.equal(data.reason, 'redirect');
  });

  it('rejects unknown fields and a timeout over 60 seconds', async () => {
    const typo = await post({ url: `${site.origin}/ok`, follow_redirect: false });
    assert.equal(typo.statusCode, 400);
    assert.equal(typo.json<ErrorEnvelope>().error.code, 'invalid_request');
    const long = await post({ url: `${site.origin}/ok`, timeout: 5000 });
    assert.equal(long.statusCode, 400);
    assert.match(JSON.stringify(long.json<ErrorEnvelope>().error), /second/i);
  });

  it('publishes the full item data schema in OpenAPI', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    const text = res.body;
    for (const field of ['redirect_history', 'probe_method', 'retry_after_s', 'bot_protection', 'first_byte_ms']) {
      assert.ok(text.includes(field), `openapi.json mentions ${field}`);
    }
  });
});
