// The rate-limit default as ruled: off on a loopback bind without keys, 600 otherwise; an
// explicit URLKIT_RATE_LIMIT_MAX wins either way.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../src/config/config.js';
import { DEFAULT_RATE_LIMIT_MAX, effectiveRateLimit, isLoopbackBind } from '../../../src/http/rate-limit-policy.js';

describe('rate limit policy', () => {
  it('knows loopback binds', () => {
    for (const h of ['127.0.0.1', '127.3.4.5', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'])
      assert.equal(isLoopbackBind(h), true, h);
    for (const h of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.com', ''])
      assert.equal(isLoopbackBind(h), false, h);
  });

  it('defaults by bind and keys; URLKIT_RATE_LIMIT_MAX overrides both', () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{}, 0],
      [{ HOST: '::1' }, 0],
      [{ HOST: '0.0.0.0' }, DEFAULT_RATE_LIMIT_MAX],
      [{ URLKIT_API_KEYS: 'k1' }, DEFAULT_RATE_LIMIT_MAX],
      [{ URLKIT_RATE_LIMIT_MAX: '50' }, 50],
      [{ HOST: '0.0.0.0', URLKIT_API_KEYS: 'k1', URLKIT_RATE_LIMIT_MAX: '0' }, 0],
      [{ HOST: '0.0.0.0', URLKIT_RATE_LIMIT_MAX: '7' }, 7],
    ];
    for (const [env, expected] of cases)
      assert.equal(effectiveRateLimit(loadConfig(env)), expected, JSON.stringify(env));
    assert.equal(DEFAULT_RATE_LIMIT_MAX, 600);
    assert.equal(loadConfig({}).rateLimitMax, null, 'unset is told apart from a value');
  });
});
