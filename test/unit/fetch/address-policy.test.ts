import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAddress, createAddressPolicy, isAllowedAddress } from '../../../src/fetch/address-policy.js';

const DEFAULT = createAddressPolicy({});

// [address, allowed by default policy, what it is]
const TABLE: Array<[string, boolean, string]> = [
  // global unicast
  ['8.8.8.8', true, 'public IPv4'],
  ['1.1.1.1', true, 'public IPv4'],
  ['93.184.215.14', true, 'public IPv4'],
  ['2606:4700:4700::1111', true, 'public IPv6'],
  ['2a00:1450:4001:82b::200e', true, 'public IPv6'],
  // this network 0.0.0.0/8
  ['0.0.0.0', false, 'unspecified'],
  ['0.255.255.255', false, '0/8 end'],
  ['1.0.0.0', true, 'just after 0/8'],
  // private
  ['10.0.0.0', false, '10/8 start'],
  ['10.255.255.255', false, '10/8 end'],
  ['11.0.0.0', true, 'after 10/8'],
  ['9.255.255.255', true, 'before 10/8'],
  ['172.15.255.255', true, 'before 172.16/12'],
  ['172.16.0.0', false, '172.16/12 start'],
  ['172.20.1.1', false, '172.16/12 middle'],
  ['172.31.255.255', false, '172.16/12 end'],
  ['172.32.0.0', true, 'after 172.16/12'],
  ['192.168.0.0', false, '192.168/16 start'],
  ['192.168.255.255', false, '192.168/16 end'],
  ['192.169.0.0', true, 'after 192.168/16'],
  // CGNAT 100.64/10
  ['100.63.255.255', true, 'before CGNAT'],
  ['100.64.0.0', false, 'CGNAT start'],
  ['100.127.255.255', false, 'CGNAT end'],
  ['100.128.0.0', true, 'after CGNAT'],
  // loopback
  ['127.0.0.1', false, 'loopback'],
  ['127.0.0.2', false, 'loopback (fixture address)'],
  ['127.255.255.255', false, 'loopback end'],
  ['128.0.0.0', true, 'after loopback'],
  // link-local and metadata
  ['169.254.0.1', false, 'link-local'],
  ['169.254.169.254', false, 'cloud metadata'],
  ['169.254.170.2', false, 'ECS metadata'],
  ['100.100.100.200', false, 'Alibaba metadata'],
  ['168.63.129.16', false, 'Azure wire server'],
  ['168.63.129.17', true, 'next to Azure wire server'],
  // special purpose
  ['192.0.0.1', false, 'IETF protocol assignments'],
  ['192.0.2.1', false, 'TEST-NET-1'],
  ['192.88.99.1', false, '6to4 relay anycast'],
  ['198.17.255.255', true, 'before benchmarking'],
  ['198.18.0.0', false, 'benchmarking start'],
  ['198.19.255.255', false, 'benchmarking end'],
  ['198.20.0.0', true, 'after benchmarking'],
  ['198.51.100.7', false, 'TEST-NET-2'],
  ['203.0.113.9', false, 'TEST-NET-3'],
  ['223.255.255.255', true, 'before multicast'],
  ['224.0.0.1', false, 'multicast'],
  ['239.255.255.255', false, 'multicast end'],
  ['240.0.0.1', false, 'reserved 240/4'],
  ['255.255.255.255', false, 'broadcast'],
  // IPv6 specials
  ['::', false, 'unspecified'],
  ['::1', false, 'loopback'],
  ['::127.0.0.1', false, 'IPv4-compatible'],
  ['::8.8.8.8', false, 'IPv4-compatible of a public address'],
  ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', false, 'IPv4-mapped loopback (hex)'],
  ['::ffff:8.8.8.8', false, 'IPv4-mapped public'],
  ['64:ff9b::7f00:1', false, 'NAT64 well-known'],
  ['64:ff9b:1::a00:1', false, 'NAT64 local-use'],
  ['100::1', false, 'discard-only'],
  ['2001::1', false, 'Teredo'],
  ['2001:0:4136:e378::1', false, 'Teredo'],
  ['2001:2::1', false, 'benchmarking'],
  ['2001:10::1', false, 'ORCHID'],
  ['2001:20::1', false, 'ORCHIDv2'],
  ['2001:db8::1', false, 'documentation'],
  ['3fff::1', false, 'documentation 3fff::/20'],
  ['2002:7f00:1::1', false, '6to4'],
  ['fc00::1', false, 'unique-local'],
  ['fd00::1', false, 'unique-local'],
  ['fd00:ec2::254', false, 'AWS IPv6 metadata'],
  ['fe80::1', false, 'link-local'],
  ['febf:ffff::1', false, 'link-local end'],
  ['fec0::1', false, 'site-local'],
  ['ff02::1', false, 'multicast'],
  ['4000::1', false, 'outside 2000::/3'],
  ['1fff:ffff::1', false, 'before 2000::/3'],
  ['2000::1', true, 'start of 2000::/3'],
  ['3ffe:ffff::1', true, 'inside 2000::/3'],
  ['[2606:4700:4700::1111]', true, 'bracketed IPv6'],
  ['[::1]', false, 'bracketed loopback'],
  // not addresses
  ['localhost', false, 'a name'],
  ['', false, 'empty'],
  ['127.1', false, 'short form must be normalised by URL first'],
];

test('address policy table: every reserved range and its boundaries', () => {
  for (const [ip, allowed, what] of TABLE) {
    assert.equal(
      isAllowedAddress(ip, DEFAULT),
      allowed,
      `${ip} (${what}) should be ${allowed ? 'allowed' : 'blocked'}`,
    );
  }
});

test('every blocked address comes with a reason', () => {
  for (const [ip, allowed] of TABLE) {
    if (!allowed) assert.ok(checkAddress(ip, DEFAULT).reason, ip);
  }
});

test('allowCidrs opens exactly the listed range and nothing next to it', () => {
  const p = createAddressPolicy({ allowCidrs: ['127.0.0.2/32', '10.1.0.0/16', 'fd12::/16'] });
  assert.equal(isAllowedAddress('127.0.0.2', p), true);
  assert.equal(isAllowedAddress('127.0.0.1', p), false);
  assert.equal(isAllowedAddress('127.0.0.3', p), false);
  assert.equal(isAllowedAddress('::1', p), false);
  assert.equal(
    isAllowedAddress('::ffff:127.0.0.2', p),
    false,
    'the IPv4-mapped spelling is not opened by an IPv4 CIDR',
  );
  assert.equal(isAllowedAddress('10.1.200.3', p), true);
  assert.equal(isAllowedAddress('10.2.0.1', p), false);
  assert.equal(isAllowedAddress('fd12:3::1', p), true);
  assert.equal(isAllowedAddress('fd13::1', p), false);
  assert.equal(isAllowedAddress('8.8.8.8', p), true, 'public stays allowed');
});

test('allowPrivateNetworks opens private ranges but not cloud metadata', () => {
  const p = createAddressPolicy({ allowPrivateNetworks: true });
  for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd00::1', '100.64.0.1'])
    assert.equal(isAllowedAddress(ip, p), true, ip);
  for (const ip of ['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16', 'fd00:ec2::254']) {
    assert.equal(isAllowedAddress(ip, p), false, ip);
  }
});

test('an explicit CIDR can open a metadata address', () => {
  const p = createAddressPolicy({ allowCidrs: ['169.254.169.254/32'] });
  assert.equal(isAllowedAddress('169.254.169.254', p), true);
  assert.equal(isAllowedAddress('169.254.169.253', p), false);
});
