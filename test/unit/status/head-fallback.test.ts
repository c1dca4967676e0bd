import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ItemFailure } from '../../../src/errors/codes.js';
import type { FetchPartial } from '../../../src/fetch/types.js';
import { headNeedsGet, headWasDropped } from '../../../src/tools/status/head-fallback.js';

const partial = (connectMs: number | null): FetchPartial => ({
  url: 'http://h/',
  finalUrl: 'http://h/',
  hops: [],
  retries: 0,
  viaProxy: false,
  timings: { dnsMs: null, connectMs, tlsMs: null, firstByteMs: null, totalMs: 5 },
});

const withCause = (code: 'connect_error' | 'upstream_error', causeCode: string) =>
  new ItemFailure(code, undefined, { cause: Object.assign(new Error('x'), { code: causeCode }) });

describe('headNeedsGet', () => {
  it('is true for 405 and 501, the statuses of an unimplemented HEAD', () => {
    assert.equal(headNeedsGet(405, {}), true);
    assert.equal(headNeedsGet(501, {}), true);
  });
  it('is true for other errors, which say little about what GET gets', () => {
    for (const s of [400, 403, 404, 500, 502, 503]) assert.equal(headNeedsGet(s, {}), true, String(s));
  });
  it('is false for errors a server gives on purpose', () => {
    for (const s of [401, 407, 410, 451]) assert.equal(headNeedsGet(s, {}), false, String(s));
  });
  it('is false for answers that settle it', () => {
    for (const s of [200, 206, 301, 302, 304])
      assert.equal(headNeedsGet(s, { 'content-type': 'text/html' }), false, String(s));
    assert.equal(headNeedsGet(204, {}), false);
    assert.equal(headNeedsGet(301, {}), false);
  });
  it('is true for a success that does not say what it is', () => {
    assert.equal(headNeedsGet(200, {}), true);
  });
  it('does not ask again when told to wait or when a challenge wall answered', () => {
    assert.equal(headNeedsGet(429, {}), false);
    assert.equal(headNeedsGet(503, { 'retry-after': '60' }), false);
    assert.equal(headNeedsGet(403, { 'cf-mitigated': 'challenge' }), false);
    assert.equal(headNeedsGet(503, {}, ['datadome']), false);
  });
});

describe('headWasDropped', () => {
  it('retries a reset or closed connection', () => {
    assert.equal(headWasDropped(withCause('connect_error', 'ECONNRESET')), true);
    assert.equal(headWasDropped(withCause('connect_error', 'UND_ERR_SOCKET')), true);
    assert.equal(headWasDropped(withCause('upstream_error', 'HPE_INVALID_CONSTANT')), true);
  });
  it('does not retry a host that never accepted the connection', () => {
    assert.equal(headWasDropped(withCause('connect_error', 'ECONNREFUSED')), false);
    assert.equal(headWasDropped(withCause('connect_error', 'EHOSTUNREACH')), false);
  });
  it('does not retry a connect timeout', () => {
    assert.equal(
      headWasDropped(new ItemFailure('connect_error', 'Connecting to 10.0.0.1 timed out after 5000 ms.')),
      false,
    );
  });
  it('finds the code deep in the cause chain', () => {
    const inner = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    const failure = new ItemFailure('connect_error', undefined, { cause: new Error('wrap', { cause: inner }) });
    assert.equal(headWasDropped(failure), false);
  });
  it('trusts a measured connection over the cause', () => {
    assert.equal(headWasDropped(withCause('connect_error', 'ECONNREFUSED'), partial(3)), true);
  });
  it('never retries policy, DNS, TLS or timeout failures', () => {
    for (const code of ['blocked_url', 'dns_error', 'tls_error', 'timeout', 'invalid_url'] as const) {
      assert.equal(headWasDropped(new ItemFailure(code), partial(3)), false);
    }
  });
});
