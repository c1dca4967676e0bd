// Settings: parsed from the environment, validated with one-line messages.
import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config/config.js';
import { loadConfigNoting, startupWarnings } from '../../../src/config/config-warnings.js';

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:8080 with auth off and the documented limits', () => {
    const c = loadConfig({});
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.port, 8080);
    assert.deepEqual(c.apiKeys, []);
    assert.equal(c.bodyLimitBytes, 1024 * 1024);
    assert.equal(c.allowPrivateNetworks, false);
    assert.deepEqual(c.trustedProxies, []);
    assert.equal(c.allowedHosts, null, 'unset: decided by the bind');
    // Two worker threads whatever the machine (one on one CPU): each thread sets the peak memory.
    assert.equal(c.workerThreads, Math.min(2, os.availableParallelism()));
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
      URLKIT_TRUSTED_PROXIES: '10.0.0.5, fd00::/8,loopback',
      URLKIT_ALLOWED_HOSTS: 'API.Example.com., [::1], 10.0.0.5,*',
    });
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.port, 9999);
    assert.deepEqual(c.apiKeys, ['a', 'b']);
    assert.deepEqual(c.allowCidrs, ['127.0.0.2/32', '10.1.0.0/16']);
    assert.equal(c.allowPrivateNetworks, true);
    assert.equal(c.rateLimitMax, 0);
    assert.equal(c.logLevel, 'warn');
    assert.deepEqual(c.trustedProxies, ['10.0.0.5', 'fd00::/8', 'loopback']);
    assert.deepEqual(c.allowedHosts, ['api.example.com', '::1', '10.0.0.5', '*']);
  });

  it('rejects bad values with a one-line message naming the variable', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: '80a' }, /^PORT must be a whole number/],
      [{ PORT: '70000' }, /^PORT must be between 0 and 65535/],
      [{ URLKIT_MAX_RETRIES: '-1' }, /^URLKIT_MAX_RETRIES must be a whole number/],
      [{ URLKIT_ALLOW_PRIVATE_NETWORKS: 'maybe' }, /^URLKIT_ALLOW_PRIVATE_NETWORKS must be true or false/],
      [{ URLKIT_LOG_LEVEL: 'loud' }, /^URLKIT_LOG_LEVEL must be one of/],
      [{ URLKIT_ALLOW_CIDRS: '10.0.0.0' }, /^URLKIT_ALLOW_CIDRS entries must look like/],
      [
        { URLKIT_TRUSTED_PROXIES: '10.0.0.0/8,proxy.internal' },
        /^URLKIT_TRUSTED_PROXIES entries must be .*"proxy\.internal"/,
      ],
      [{ URLKIT_TRUSTED_PROXIES: '10.0.0.0/40' }, /^URLKIT_TRUSTED_PROXIES entries must be/],
      [{ URLKIT_ALLOWED_HOSTS: 'https://api.example.com' }, /^URLKIT_ALLOWED_HOSTS entries must be host names/],
      [{ URLKIT_ALLOWED_HOSTS: 'api.example.com:8080' }, /^URLKIT_ALLOWED_HOSTS entries must be host names/],
      [{ URLKIT_PROXY: 'socks5://proxy:1080' }, /^URLKIT_PROXY must be an http/],
      [{ URLKIT_PROXY_MODE: 'always' }, /needs URLKIT_PROXY/],
      // Settings that would quietly do less than they say.
      [{ URLKIT_API_KEYS: ',' }, /^URLKIT_API_KEYS holds no key/],
      [{ URLKIT_API_KEYS: ' , , ' }, /^URLKIT_API_KEYS holds no key/],
      [{ URLKIT_ROLE: 'worker' }, /^URLKIT_ROLE=worker needs URLKIT_REDIS_URL/],
      [{ URLKIT_ROLE: 'api' }, /^URLKIT_ROLE=api needs URLKIT_REDIS_URL/],
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

describe('start-up warnings', () => {
  it('an unknown URLKIT_* variable is named with the closest known setting', () => {
    const loaded = loadConfigNoting({ URLKIT_ALLOW_CIDR: '127.0.0.2/32', URLKIT_TIMEOUT_MS: '5', PATH: '/bin' });
    assert.deepEqual(loaded.unknown, ['URLKIT_ALLOW_CIDR', 'URLKIT_TIMEOUT_MS']);
    assert.ok(loaded.known.includes('URLKIT_ALLOW_CIDRS') && loaded.known.length >= 40);
    assert.deepEqual(startupWarnings(loaded, false), [
      'URLKIT_ALLOW_CIDR is not a urlkit setting and is ignored (did you mean URLKIT_ALLOW_CIDRS?)',
      'URLKIT_TIMEOUT_MS is not a urlkit setting and is ignored (did you mean URLKIT_DNS_TIMEOUT_MS?)',
    ]);
    assert.deepEqual(startupWarnings(loadConfigNoting({ URLKIT_ALLOW_CIDRS: '127.0.0.2/32' }), true), []);
  });

  it('an API listening beyond this machine without API keys gets one warning line', () => {
    for (const HOST of ['0.0.0.0', '::', '192.0.2.7']) {
      const warnings = startupWarnings(loadConfigNoting({ HOST }), true);
      assert.equal(warnings.length, 1, HOST);
      assert.match(
        warnings[0]!,
        new RegExp(
          `^HOST=${HOST.replace(/\./g, '\\.')} accepts calls from other machines and URLKIT_API_KEYS is not set`,
        ),
      );
      // Only the API server warns: a worker or a CLI call takes no tool calls from the network.
      assert.deepEqual(startupWarnings(loadConfigNoting({ HOST }), false), []);
    }
    assert.deepEqual(startupWarnings(loadConfigNoting({ HOST: '0.0.0.0', URLKIT_API_KEYS: 'k' }), true), []);
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]'])
      assert.deepEqual(startupWarnings(loadConfigNoting({ HOST }), true), [], HOST);
  });
});
