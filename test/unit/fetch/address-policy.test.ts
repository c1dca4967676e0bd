import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  METADATA_RULES,
  checkAddress,
  createAddressPolicy,
  isAllowedAddress,
  metadataName,
} from '../../../src/fetch/address-policy.js';

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
  ['::ffff:0:7f00:1', false, 'IPv4-translated (SIIT) loopback'],
  ['::ffff:0:808:808', false, 'IPv4-translated (SIIT) public'],
  ['fe80::a9fe:a9fe%eth0', false, 'link-local with a zone (OpenStack metadata)'],
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

// ---- embedded IPv4: every spelling that can carry an IPv4 address, written out here by hand
// (not with the policy's own extraction) from the RFCs' layouts.

function hex16(hi: number, lo: number): string {
  return ((hi << 8) | lo).toString(16);
}

/** 16 bytes -> a full (uncompressed) IPv6 spelling. */
function v6(bytes: number[]): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(hex16(bytes[i]!, bytes[i + 1]!));
  return groups.join(':');
}

/** Every IPv6 form that embeds `v4`, by name. */
function embeddings(v4: string): Array<[form: string, what: string]> {
  const b = v4.split('.').map(Number);
  const [h1, h2] = [hex16(b[0]!, b[1]!), hex16(b[2]!, b[3]!)];
  const inv = b.map((x) => 255 - x);
  const nat64Local = (at: number[]) => {
    const bytes = [0, 0x64, 0xff, 0x9b, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    at.forEach((pos, k) => (bytes[pos] = b[k]!));
    return v6(bytes);
  };
  return [
    [`::ffff:${v4}`, 'IPv4-mapped, dotted'],
    [`::ffff:${h1}:${h2}`, 'IPv4-mapped, hex'],
    [`0:0:0:0:0:ffff:${h1}:${h2}`, 'IPv4-mapped, uncompressed'],
    [`0000:0000:0000:0000:0000:FFFF:${h1.toUpperCase()}:${h2.toUpperCase()}`, 'IPv4-mapped, padded upper case'],
    [`[::ffff:${v4}]`, 'IPv4-mapped, bracketed'],
    [`::${v4}`, 'IPv4-compatible, dotted'],
    [`::${h1}:${h2}`, 'IPv4-compatible, hex'],
    [`::ffff:0:${v4}`, 'IPv4-translated (SIIT)'],
    [`64:ff9b::${v4}`, 'NAT64 well-known, dotted'],
    [`64:ff9b::${h1}:${h2}`, 'NAT64 well-known, hex'],
    [nat64Local([6, 7, 9, 10]), 'NAT64 local-use, /48 layout'],
    [nat64Local([7, 9, 10, 11]), 'NAT64 local-use, /56 layout'],
    [nat64Local([9, 10, 11, 12]), 'NAT64 local-use, /64 layout'],
    [`64:ff9b:1::${h1}:${h2}`, 'NAT64 local-use, /96 layout'],
    [`2002:${h1}:${h2}::`, '6to4, prefix only'],
    [`2002:${h1}:${h2}:abcd::1`, '6to4, a host in the site'],
    [`2001:0:${h1}:${h2}::ffff:ffff`, 'Teredo server'],
    [`2001:0:4136:e378:8000:63bf:${hex16(inv[0]!, inv[1]!)}:${hex16(inv[2]!, inv[3]!)}`, 'Teredo client (inverted)'],
    [`fe80::5efe:${h1}:${h2}`, 'ISATAP, link-local'],
    [`2a00:1450:4001::200:5efe:${h1}:${h2}`, 'ISATAP, global prefix'],
  ];
}

const METADATA_V4 = METADATA_RULES.filter((r) => !r.cidr.includes(':')).map((r) => r.cidr.split('/')[0]!);
const METADATA_V6 = METADATA_RULES.filter((r) => r.cidr.includes(':')).map((r) => r.cidr.split('/')[0]!);

/** Every spelling of every metadata address. */
function metadataForms(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const a of METADATA_V4) {
    out.push([a, `${a} itself`]);
    for (const [form, what] of embeddings(a)) out.push([form, `${a} as ${what}`]);
  }
  for (const a of METADATA_V6) {
    const expanded = v6(Array.from(Buffer.from(a.split('::').length === 2 ? expand(a) : a.split(':').join(''), 'hex')));
    out.push([a, a], [a.toUpperCase(), `${a} upper case`], [`[${a}]`, `${a} bracketed`], [expanded, `${a} expanded`]);
    if (a.startsWith('fe80:')) out.push([`${a}%eth0`, `${a} with a zone`]);
  }
  return out;
}

/** "fd00:ec2::254" -> 32 hex digits. */
function expand(a: string): string {
  const [head, tail] = a.split('::') as [string, string];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => g.padStart(4, '0')).join('');
}

// Every way an operator can open addresses, all at once included.
const OPENING_POLICIES: Array<[string, ReturnType<typeof createAddressPolicy>]> = [
  ['default', DEFAULT],
  ['private networks allowed', createAddressPolicy({ allowPrivateNetworks: true })],
  ['every CIDR allowed', createAddressPolicy({ allowCidrs: ['0.0.0.0/0', '::/0'] })],
  [
    'the metadata addresses and their embedding prefixes allowed by CIDR',
    createAddressPolicy({
      allowCidrs: [
        ...METADATA_RULES.map((r) => r.cidr),
        '::ffff:0:0/96',
        '::ffff:0:0:0/96',
        '::/96',
        '64:ff9b::/96',
        '64:ff9b:1::/48',
        '2002::/16',
        '2001::/32',
        'fe80::/10',
        '2a00::/12',
      ],
    }),
  ],
  ['everything', createAddressPolicy({ allowPrivateNetworks: true, allowCidrs: ['0.0.0.0/0', '::/0'] })],
];

test('cloud metadata stays blocked in every form, whatever the settings open', () => {
  const forms = metadataForms();
  assert.ok(forms.length > 150, `only ${forms.length} forms`);
  for (const [policyName, policy] of OPENING_POLICIES) {
    for (const [form, what] of forms) {
      const v = checkAddress(form, policy);
      assert.equal(v.allowed, false, `${form} (${what}) is open with ${policyName}`);
      assert.equal(v.metadata, true, `${form} (${what}) with ${policyName}: ${v.reason}`);
      assert.match(v.reason ?? '', /cloud metadata/, form);
    }
  }
});

test('an address next to a metadata address is not taken for one', () => {
  const open = createAddressPolicy({ allowPrivateNetworks: true });
  for (const ip of ['169.254.169.253', '169.254.169.255', '169.254.170.3', '100.100.100.201', '192.0.0.193']) {
    assert.equal(isAllowedAddress(ip, open), true, ip);
    assert.equal(isAllowedAddress(`::ffff:${ip}`, open), true, `::ffff:${ip}`);
  }
  assert.equal(isAllowedAddress('fd00:ec2::255', open), true);
});

test('metadata host names are refused by name, in any case and with a trailing dot', () => {
  for (const n of [
    'metadata.google.internal',
    'METADATA.google.internal.',
    'metadata',
    'instance-data',
    'metadata.goog',
  ])
    assert.match(metadataName(n) ?? '', /cloud metadata/, n);
  for (const n of ['example.com', 'metadata.example.com', 'google.internal', 'my-metadata']) {
    assert.equal(metadataName(n), null, n);
  }
});

// A sample of every IPv4 deny row: its first and last address.
const RESERVED_V4 = [
  '0.0.0.0',
  '0.255.255.255',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.255',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.1',
  '192.0.2.1',
  '192.88.99.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.51.100.1',
  '203.0.113.1',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
];

// The embeddings whose layout is fixed by the prefix, and the prefix that opens each.
const DEFINITE: Array<[RegExp, string]> = [
  [/IPv4-mapped/, '::ffff:0:0/96'],
  [/IPv4-compatible/, '::/96'],
  [/IPv4-translated/, '::ffff:0:0:0/96'],
  [/NAT64 well-known/, '64:ff9b::/96'],
  [/6to4/, '2002::/16'],
  [/Teredo client/, '2001::/32'],
];

test('a reserved IPv4 address stays blocked in every form, even when its embedding prefix is opened', () => {
  const prefixes = DEFINITE.map(([, p]) => p);
  const opened = createAddressPolicy({ allowCidrs: prefixes });
  for (const ip of RESERVED_V4) {
    for (const [form, what] of embeddings(ip)) {
      // An ISATAP address under a global prefix is reached through that site's router: only the
      // metadata list applies to what it embeds.
      if (what !== 'ISATAP, global prefix')
        assert.equal(isAllowedAddress(form, DEFAULT), false, `${form} (${ip} as ${what}) by default`);
      // `::` itself is not an embedding of 0.0.0.0: opening ::/96 opens it.
      if (DEFINITE.some(([re]) => re.test(what)) && !(ip === '0.0.0.0' && what.startsWith('IPv4-compatible'))) {
        const v = checkAddress(form, opened);
        assert.equal(v.allowed, false, `${form} (${ip} as ${what}) with ${prefixes.join(',')}`);
        assert.match(v.reason ?? '', /embedded in/, form);
      }
    }
  }
});

test('opening an embedding prefix reaches the public IPv4 addresses inside it, and only those', () => {
  for (const [re, prefix] of DEFINITE) {
    const p = createAddressPolicy({ allowCidrs: [prefix] });
    const forms = (ip: string) => embeddings(ip).filter(([, what]) => re.test(what));
    for (const [form, what] of forms('8.8.8.8')) assert.equal(isAllowedAddress(form, p), true, `${form} (${what})`);
    for (const [form, what] of forms('127.0.0.1')) assert.equal(isAllowedAddress(form, p), false, `${form} (${what})`);
  }
});

test('[::ffff:127.0.0.1] is IPv4 loopback: blocked unless private networks (or it and the form) are open', () => {
  const loop = '::ffff:127.0.0.1';
  assert.equal(isAllowedAddress(loop, DEFAULT), false);
  assert.equal(isAllowedAddress(loop, createAddressPolicy({ allowCidrs: ['::ffff:0:0/96'] })), false);
  assert.equal(isAllowedAddress(loop, createAddressPolicy({ allowCidrs: ['127.0.0.0/8'] })), false);
  assert.equal(isAllowedAddress(loop, createAddressPolicy({ allowCidrs: ['127.0.0.0/8', '::ffff:0:0/96'] })), true);
  assert.equal(isAllowedAddress(loop, createAddressPolicy({ allowPrivateNetworks: true })), true);
});

test('allowPrivateNetworks opens private ranges and their embeddings, never cloud metadata', () => {
  const p = createAddressPolicy({ allowPrivateNetworks: true });
  for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd00::1', '100.64.0.1', '::ffff:10.0.0.1'])
    assert.equal(isAllowedAddress(ip, p), true, ip);
  for (const ip of ['169.254.169.254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe']) {
    assert.equal(isAllowedAddress(ip, p), false, ip);
  }
});

test('an explicit CIDR cannot open a metadata address', () => {
  const p = createAddressPolicy({ allowCidrs: ['169.254.169.254/32', '169.254.0.0/16'] });
  assert.equal(isAllowedAddress('169.254.169.254', p), false);
  assert.equal(isAllowedAddress('169.254.169.253', p), true);
});
