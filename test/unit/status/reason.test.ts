import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  challengeMarker,
  contentLength,
  isHtmlType,
  isRedirectLoop,
  reasonForError,
  reasonForStatus,
  retryAfterSeconds,
} from '../../../src/tools/status/reason.js';

describe('reasonForStatus', () => {
  const table: Array<[number, Record<string, string>, string]> = [
    [200, {}, 'ok'],
    [204, {}, 'ok'],
    [301, { location: '/x' }, 'redirect'],
    [304, {}, 'redirect'],
    [404, {}, 'client_error'],
    [410, {}, 'client_error'],
    [403, {}, 'client_error'],
    [429, {}, 'rate_limited'],
    [429, { 'retry-after': '30' }, 'rate_limited'],
    [500, {}, 'server_error'],
    [503, { server: 'cloudflare' }, 'server_error'], // Cloudflare fronts healthy and broken origins alike
    [403, { 'cf-mitigated': 'challenge' }, 'bot_protection'],
    [503, { 'cf-mitigated': 'challenge' }, 'bot_protection'],
    [429, { 'x-datadome': 'protected' }, 'bot_protection'],
    [403, { 'x-amzn-waf-action': 'captcha' }, 'bot_protection'],
    [403, { server: 'AkamaiGHost' }, 'bot_protection'],
    [403, { 'x-vercel-mitigated': 'challenge' }, 'bot_protection'],
    // Headers only a challenge carries count on any status (AWS WAF challenges with 202, captchas with 405).
    [202, { 'x-amzn-waf-action': 'challenge' }, 'bot_protection'],
    [405, { 'x-amzn-waf-action': 'captcha' }, 'bot_protection'],
    [200, { 'cf-mitigated': 'challenge' }, 'bot_protection'],
    // Other vendor markers only count on a blocking status.
    [200, { 'x-datadome': 'protected' }, 'ok'],
    [200, { 'x-amzn-waf-action': 'allow' }, 'ok'],
    [404, { 'x-datadome': 'protected' }, 'client_error'],
  ];
  for (const [status, headers, want] of table) {
    it(`${status} ${JSON.stringify(headers)} -> ${want}`, () => {
      assert.equal(reasonForStatus(status, headers), want);
    });
  }

  it('recognises bot-manager cookies by name', () => {
    assert.equal(reasonForStatus(403, {}, ['__cf_bm']), 'bot_protection');
    assert.equal(reasonForStatus(403, {}, ['incap_ses_123_456']), 'bot_protection');
    assert.equal(reasonForStatus(403, {}, ['sessionid']), 'client_error');
  });

  it('names the marker it found', () => {
    assert.equal(challengeMarker(403, { 'cf-mitigated': 'challenge' }), 'header:cf-mitigated');
    assert.equal(challengeMarker(503, {}, ['_abck']), 'cookie:_abck');
    assert.equal(challengeMarker(403, { server: 'nginx' }), null);
  });
});

describe('reasonForError', () => {
  it('passes network failure codes through', () => {
    for (const code of [
      'timeout',
      'dns_error',
      'connect_error',
      'tls_error',
      'blocked_url',
      'invalid_url',
      'upstream_error',
    ] as const) {
      assert.equal(reasonForError(code), code);
    }
  });

  it('tells a redirect loop from a merely long chain', () => {
    const long = Array.from({ length: 11 }, (_, i) => ({
      url: `http://h/${i}`,
      statusCode: 302,
      location: `/${i + 1}`,
    }));
    assert.equal(reasonForError('too_many_redirects', long), 'too_many_redirects');
    const loop = [
      { url: 'http://h/a', statusCode: 301, location: '/b' },
      { url: 'http://h/b', statusCode: 302, location: 'http://h/a' },
    ];
    assert.equal(reasonForError('too_many_redirects', loop), 'redirect_loop');
  });

  it('sees a loop closed by a relative Location on the last hop', () => {
    assert.equal(isRedirectLoop([{ url: 'http://h/a', statusCode: 307, location: 'a' }]), true);
    assert.equal(isRedirectLoop([{ url: 'http://h/a', statusCode: 307, location: 'b' }]), false);
    assert.equal(isRedirectLoop([{ url: 'http://h/a', statusCode: 307, location: 'http://[' }]), false);
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delta seconds', () => {
    assert.equal(retryAfterSeconds({ 'retry-after': '120' }, now), 120);
    assert.equal(retryAfterSeconds({ 'retry-after': ' 0 ' }, now), 0);
  });
  it('reads an HTTP date against the server Date header', () => {
    const headers = { 'retry-after': 'Thu, 01 Jan 2026 00:01:30 GMT', date: 'Thu, 01 Jan 2026 00:01:00 GMT' };
    assert.equal(retryAfterSeconds(headers, now), 30);
  });
  it('reads an HTTP date against the local clock without a Date header', () => {
    assert.equal(retryAfterSeconds({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }, now), 10);
  });
  it('never goes negative', () => {
    assert.equal(retryAfterSeconds({ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }, now), 0);
  });
  it('is null when absent or malformed', () => {
    assert.equal(retryAfterSeconds({}, now), null);
    assert.equal(retryAfterSeconds({ 'retry-after': 'soon' }, now), null);
    assert.equal(retryAfterSeconds({ 'retry-after': '-5' }, now), null);
    assert.equal(retryAfterSeconds({ 'retry-after': '1.5' }, now), null);
  });
});

describe('contentLength', () => {
  it('parses a plain integer', () => {
    assert.equal(contentLength({ 'content-length': '1234' }), 1234);
    assert.equal(contentLength({ 'content-length': '0' }), 0);
  });
  it('accepts a repeated identical value', () => {
    assert.equal(contentLength({ 'content-length': '42, 42' }), 42);
  });
  it('is null when absent, conflicting or malformed', () => {
    assert.equal(contentLength({}), null);
    assert.equal(contentLength({ 'content-length': '42, 43' }), null);
    assert.equal(contentLength({ 'content-length': '-1' }), null);
    assert.equal(contentLength({ 'content-length': '12abc' }), null);
  });
});

describe('isHtmlType', () => {
  it('accepts HTML and XHTML with parameters and any case', () => {
    assert.equal(isHtmlType('text/html'), true);
    assert.equal(isHtmlType('Text/HTML; charset=UTF-8'), true);
    assert.equal(isHtmlType('application/xhtml+xml'), true);
  });
  it('rejects other types and a missing type', () => {
    assert.equal(isHtmlType('application/pdf'), false);
    assert.equal(isHtmlType('image/png'), false);
    assert.equal(isHtmlType('text/plain'), false);
    assert.equal(isHtmlType(null), false);
  });
});
