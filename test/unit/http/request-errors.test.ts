// Every request-level outcome a client can provoke on a tool route: status, JSON body, code,
// and the correlation id in body and header.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { REQUEST_ERRORS } from '../../../src/errors/codes.js';
import type { Answer, ErrorEnvelope } from '../../support/answers.js';
import { UUID_V4, appWith, echoMetadataTool, echoTool, throwingTool } from './helpers.js';

/** The echo tools answer each item's validated input as its data. */
type EchoAnswer = Answer<{ input: Record<string, unknown> }>;

const CONTENT = '/api/v1/tools/clean_web_content';
const META = '/api/v1/tools/get_url_metadata';

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json<ErrorEnvelope>();
  assert.equal(body.error.code, code);
  assert.equal(REQUEST_ERRORS[code as keyof typeof REQUEST_ERRORS].status, status);
  assert.ok(body.error.message.length > 0);
  assert.match(body.correlation_id, UUID_V4);
  assert.equal(res.headers['x-correlation-id'], body.correlation_id);
  return body;
}

describe('request-level errors', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await appWith([echoTool(), echoMetadataTool(), throwingTool()], { bodyLimitBytes: 2048, rateLimitMax: 0 });
  });
  after(() => app.close());

  it('answers a valid call with the envelope, defaults applied', async () => {
    const res = await app.inject({ method: 'POST', url: CONTENT, payload: { url: 'https://example.com/a' } });
    assert.equal(res.statusCode, 200);
    const body = res.json<EchoAnswer>();
    assert.match(body.correlation_id, UUID_V4);
    assert.equal(res.headers['x-correlation-id'], body.correlation_id);
    assert.deepEqual(body.data.results[0]!.data!.input, {
      url: 'https://example.com/a',
      output_format: 'text',
      include_title: true,
      max_chars: 200_000,
      token_encoding: 'o200k_base',
      start: 0,
      timeout: 15,
      explain: false,
    });
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await app.inject({
      method: 'POST',
      url: CONTENT,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{"url":"https://example.com/"}',
    });
    assert.equal(res.statusCode, 200);
  });

  it('reuses a UUID-shaped X-Correlation-ID and ignores anything else', async () => {
    const mine = '0b0c4f7e-8a5e-4c3b-9d2f-6a1b2c3d4e5f';
    const reused = await app.inject({
      method: 'POST',
      url: CONTENT,
      headers: { 'x-correlation-id': mine },
      payload: { url: 'https://example.com/' },
    });
    assert.equal(reused.json<Answer>().correlation_id, mine);
    assert.equal(reused.headers['x-correlation-id'], mine);
    const ignored = await app.inject({
      method: 'POST',
      url: CONTENT,
      headers: { 'x-correlation-id': 'my-request-1; drop table' },
      payload: { url: 'https://example.com/' },
    });
    assert.notEqual(ignored.json<Answer>().correlation_id, 'my-request-1; drop table');
    assert.match(ignored.json<Answer>().correlation_id, UUID_V4);
  });

  it('400 invalid_json for a broken body and for an empty one', async () => {
    expectError(
      await app.inject({
        method: 'POST',
        url: CONTENT,
        headers: { 'content-type': 'application/json' },
        payload: '{"url": ',
      }),
      400,
      'invalid_json',
    );
    expectError(
      await app.inject({ method: 'POST', url: CONTENT, headers: { 'content-type': 'application/json' }, payload: '' }),
      400,
      'invalid_json',
    );
  });

  it('a __proto__ or constructor key is valid JSON: 400 invalid_request naming the field', async () => {
    for (const [payload, path] of [
      ['{"url":"https://a/","__proto__":{"admin":true}}', '/__proto__'],
      ['{"url":"https://a/","constructor":{"prototype":{"admin":true}}}', '/constructor'],
    ] as const) {
      const body = expectError(
        await app.inject({ method: 'POST', url: CONTENT, headers: { 'content-type': 'application/json' }, payload }),
        400,
        'invalid_request',
      );
      assert.deepEqual(body.error.details, [{ path, message: `unknown field "${path.slice(1)}" is not allowed` }]);
    }
    const nested = expectError(
      await app.inject({
        method: 'POST',
        url: META,
        headers: { 'content-type': 'application/json' },
        payload: '{"items":[{"url":"https://a/","__proto__":{"x":1}}]}',
      }),
      400,
      'invalid_request',
    );
    assert.match(JSON.stringify(nested.error.details), /\/items\/0/);
    assert.equal(({} as Record<string, unknown>).admin, undefined, 'no prototype was touched');
  });

  it('400 invalid_json for a body nested deeper than the limit (300,000 levels), not a 500', async (t) => {
    const roomy = await appWith([echoTool()], { rateLimitMax: 0 });
    t.after(() => roomy.close());
    for (const payload of [
      `{"url":${'['.repeat(300_000)}${']'.repeat(300_000)}}`,
      `{"url":"https://a/","x":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`,
    ]) {
      const body = expectError(
        await roomy.inject({ method: 'POST', url: CONTENT, headers: { 'content-type': 'application/json' }, payload }),
        400,
        'invalid_json',
      );
      assert.match(body.error.message, /nest deeper than 32 levels/);
    }
    // Brackets inside strings are text, not nesting.
    const fine = await roomy.inject({
      method: 'POST',
      url: CONTENT,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `https://a/${'['.repeat(100)}` }),
    });
    assert.equal(fine.statusCode, 200);
  });

  it('415 for other content types or none', async () => {
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/jsonx']) {
      expectError(
        await app.inject({
          method: 'POST',
          url: CONTENT,
          headers: { 'content-type': ct },
          payload: '{"url":"https://example.com/"}',
        }),
        415,
        'unsupported_media_type',
      );
    }
    expectError(
      await app.inject({ method: 'POST', url: CONTENT, payload: '{"url":"https://example.com/"}' }),
      415,
      'unsupported_media_type',
    );
  });

  it('413 payload_too_large over the body limit', async () => {
    const body = expectError(
      await app.inject({
        method: 'POST',
        url: CONTENT,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ url: `https://example.com/${'a'.repeat(4000)}` }),
      }),
      413,
      'payload_too_large',
    );
    assert.match(body.error.message, /2048 bytes/);
  });

  it('400 invalid_request names an unknown field by its path', async () => {
    const body = expectError(
      await app.inject({
        method: 'POST',
        url: CONTENT,
        payload: { url: 'https://example.com/', outputformat: 'text' },
      }),
      400,
      'invalid_request',
    );
    assert.deepEqual(body.error.details, [
      { path: '/outputformat', message: 'unknown field "outputformat" is not allowed' },
    ]);
    assert.match(body.error.message, /outputformat/);
  });

  it('400 invalid_request for a missing url', async () => {
    const body = expectError(
      await app.inject({ method: 'POST', url: CONTENT, payload: { output_format: 'text' } }),
      400,
      'invalid_request',
    );
    assert.deepEqual(body.error.details, [{ path: '/url', message: '"url" is required' }]);
  });

  it('400 invalid_request for wrong types, without coercing them', async () => {
    const body = expectError(
      await app.inject({
        method: 'POST',
        url: CONTENT,
        payload: { url: 42, include_title: 'false', max_chars: '100' },
      }),
      400,
      'invalid_request',
    );
    assert.deepEqual((body.error.details as Array<{ path: string }>).map((d) => d.path).sort(), [
      '/include_title',
      '/max_chars',
      '/url',
    ]);
  });

  it('400 invalid_request when the body is not an object', async () => {
    for (const payload of ['[]', '"https://example.com/"', 'null', '7']) {
      const body = expectError(
        await app.inject({ method: 'POST', url: CONTENT, headers: { 'content-type': 'application/json' }, payload }),
        400,
        'invalid_request',
      );
      assert.equal((body.error.details as Array<{ path: string }>)[0]!.path, '');
    }
  });

  it('timeout 5000 is rejected with a message that the unit is seconds', async () => {
    const body = expectError(
      await app.inject({ method: 'POST', url: CONTENT, payload: { url: 'https://example.com/', timeout: 5000 } }),
      400,
      'invalid_request',
    );
    assert.deepEqual(body.error.details, [{ path: '/timeout', message: 'must be at most 60 (the unit is seconds)' }]);
    assert.match(body.error.message, /seconds/);
  });

  it('enum and range violations say what is allowed', async () => {
    const body = expectError(
      await app.inject({
        method: 'POST',
        url: CONTENT,
        payload: { url: 'https://example.com/', output_format: 'html', max_chars: 0 },
      }),
      400,
      'invalid_request',
    );
    assert.deepEqual(body.error.details, [
      { path: '/output_format', message: 'must be one of "text", "markdown"' },
      { path: '/max_chars', message: 'must be at least 1' },
    ]);
  });

  it('get_url_metadata: url and items together, or neither, get a clear message', async () => {
    const both = expectError(
      await app.inject({ method: 'POST', url: META, payload: { url: 'https://a/', items: ['https://b/'] } }),
      400,
      'invalid_request',
    );
    assert.deepEqual(both.error.details, [{ path: '', message: 'send either "url" or "items", not both' }]);
    const neither = expectError(
      await app.inject({ method: 'POST', url: META, payload: { include_content: true } }),
      400,
      'invalid_request',
    );
    assert.deepEqual(neither.error.details, [
      { path: '', message: '"url" or "items" is required (one of them, not both)' },
    ]);
  });

  it('get_url_metadata: a bad items element is named by its index', async () => {
    const body = expectError(
      await app.inject({
        method: 'POST',
        url: META,
        payload: { items: ['https://a/', { url: 5 }, 7, { url: 'https://b/', tag: 'x' }] },
      }),
      400,
      'invalid_request',
    );
    assert.deepEqual(body.error.details, [
      { path: '/items/1/url', message: 'must be a string' },
      { path: '/items/2', message: 'must be a string or an object' },
      { path: '/items/3/tag', message: 'unknown field "tag" is not allowed' },
    ]);
  });

  it('get_url_metadata: more than 100 items is rejected', async () => {
    const items = Array.from({ length: 101 }, (_, i) => `u${i}`);
    const body = expectError(
      await app.inject({ method: 'POST', url: META, payload: { items } }),
      400,
      'invalid_request',
    );
    assert.deepEqual(body.error.details, [{ path: '/items', message: 'must have at most 100 elements' }]);
  });

  it('get_url_metadata: batch items reach run() in order with defaults', async () => {
    const res = await app.inject({
      method: 'POST',
      url: META,
      payload: { items: ['https://a/', { url: 'https://b/' }] },
    });
    assert.equal(res.statusCode, 200);
    const body = res.json<EchoAnswer>();
    assert.deepEqual(
      body.data.results.map((r) => r.meta.url),
      ['https://a/', 'https://b/'],
    );
    assert.equal(body.data.results[0]!.data!.input.timeout, 10);
  });

  it('404 not_found for an unknown tool and an unknown path', async () => {
    const tool = expectError(
      await app.inject({ method: 'POST', url: '/api/v1/tools/clean_web_everything', payload: {} }),
      404,
      'not_found',
    );
    assert.match(tool.error.message, /clean_web_everything/);
    expectError(await app.inject({ method: 'GET', url: '/nothing-here' }), 404, 'not_found');
  });

  it('405 method_not_allowed with Allow for the wrong method on a known route', async () => {
    const res = await app.inject({ method: 'GET', url: CONTENT });
    expectError(res, 405, 'method_not_allowed');
    assert.equal(res.headers.allow, 'POST');
    const del = await app.inject({ method: 'DELETE', url: '/healthz' });
    expectError(del, 405, 'method_not_allowed');
    assert.match(String(del.headers.allow), /GET/);
  });

  it('500 internal_error never leaks the exception', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools/broken_tool',
      payload: { url: 'https://example.com/' },
    });
    const body = expectError(res, 500, 'internal_error');
    assert.doesNotMatch(res.body, /secret|\/home\/app|x\.ts|stack/);
    assert.equal(body.error.message, REQUEST_ERRORS.internal_error.message);
  });
});
