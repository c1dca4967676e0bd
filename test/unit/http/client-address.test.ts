// Which client an address is: IPv4 as it is, an IPv6 address by its /64, an IPv4-mapped IPv6
// address as its IPv4 address (http/client-address.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientOf } from '../../../src/http/client-address.js';

describe('clientOf', () => {
  it('is an IPv4 address itself, however it arrives', () => {
    assert.equal(clientOf('203.0.113.7'), '203.0.113.7');
    assert.equal(clientOf('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientOf('::ffff:cb00:7107'), '203.0.113.7');
  });

  it('is the /64 of an IPv6 address, in one form for every way of writing it', () => {
    const client = '2001:db8:1:2::/64';
    assert.equal(clientOf('2001:db8:1:2::1'), client);
    assert.equal(clientOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'), client);
    assert.equal(clientOf('2001:DB8:1:2:0:0:0:9'), client);
    assert.notEqual(clientOf('2001:db8:1:3::1'), client);
    assert.equal(clientOf('::1'), '0:0:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    assert.equal(clientOf('not an address'), 'not an address');
    assert.equal(clientOf(undefined), '');
  });
});
