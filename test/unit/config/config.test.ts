// Settings: parsed from the environment, validated with one-line messages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config/config.js';

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:8080 with auth off and the documented limits', () => {
    const c = loadConfig({});
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.port, 8080);
    assert.deepEqual(c.apiKeys, []);
    assert.equal(c.bodyLimitBytes, 1024 * 1024);
    assert.equal(c.allowPrivateNetworks, false);
    assert.ok(Object.isFrozen(c));
  });

  it('reads HOST, PORT and URLKIT_* values', () => {
    const c = loadConfig({
      HOST: '0.0.0.0',
      PORT: '9999',
      URLKIT_API_KEYS: ' a , b ,',
      URLKIT_ALLOW_CIDRS: '127.0.0.2/32,10.1.0.0/16',
      URLKIT_ALLOW_PRIVATE_NETWORKS: 'yes',
      URLKIT_RATE_LIMIT_MAX: '0',
      URLKIT_LOG_LEVEL: 'WARN',
    });
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.port, 9999);
    assert.deepEqual(c.apiKeys, ['a', 'b']);
    assert.deepEqual(c.allowCidrs, ['127.0.0.2/32', '10.1.0.0/16']);
    assert.equal(c.allowPrivateNetworks, true);
    assert.equal(c.rateLimitMax, 0);
    assert.equal(c.logLevel, 'warn');
  });

  it('rejects bad values with a one-line message naming the variable', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: '80a' }, /^PORT must be a whole number/],
      [{ PORT: '70000' }, /^PORT must be between 0 and 65535/],
      [{ URLKIT_MAX_RETRIES: '-1' }, /^URLKIT_MAX_RETRIES must be a whole number/],
      [{ URLKIT_ALLOW_PRIVATE_NETWORKS: 'maybe' }, /^URLKIT_ALLOW_PRIVATE_NETWORKS must be true or false/],
      [{ URLKIT_LOG_LEVEL: 'loud' }, /^URLKIT_LOG_LEVEL must be one of/],
      [{ URLKIT_ALLOW_CIDRS: '10.0.0.0' }, /^URLKIT_ALLOW_CIDRS entries must look like/],
      [{ URLKIT_PROXY: 'socks5://proxy:1080' }, /^URLKIT_PROXY must be an http/],
      [{ URLKIT_PROXY_MODE: 'always' }, /needs URLKIT_PROXY/],
    ];
    for (const [env, message] of bad) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && message.test(err.message) && !err.message.includes('\n'),
        JSON.stringify(env),
      );
    }
  });
});
