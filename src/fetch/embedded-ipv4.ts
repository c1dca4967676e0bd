// The IPv4 addresses an IPv6 address carries inside it. A packet to one of these IPv6 forms can
// end up at the IPv4 address (the kernel itself for IPv4-mapped, a NAT64 gateway, a 6to4 relay,
// a Teredo client), so the egress policy judges what is embedded as well as the address itself.
// A table, one row per embedding, each with the RFC that defines where the 32 bits sit.
import ipaddr from 'ipaddr.js';

export interface EmbeddedIpv4 {
  ipv4: ipaddr.IPv4;
  /** Which embedding carried it, e.g. 'IPv4-mapped', 'Teredo client'. */
  via: string;
  /**
   * The layout is fixed by the prefix, so the IPv4 address is surely the one reached: it must
   * pass the policy on its own. False for layouts chosen by the network's operator (local-use
   * NAT64, ISATAP): every possible reading is checked against the metadata list only.
   */
  definite: boolean;
}

interface Embedding {
  cidr: string;
  /** What this is called in a verdict. */
  name: string;
  /** Byte offsets of the 4 IPv4 bytes in the 16-byte address, one list per reading. */
  readings: ReadonlyArray<{ via?: string; at: readonly number[]; inverted?: boolean }>;
  definite: boolean;
  /** An extra test on the bytes beyond the prefix (null: any address in the prefix). */
  when?: (b: readonly number[]) => boolean;
}

const LAST_32 = [12, 13, 14, 15];

/** RFC 6052 section 2.2: the IPv4 bits skip byte 8 (bits 64-71, the "u" octet). */
const RFC6052_LAYOUTS = [
  { via: 'NAT64 local-use (/48 layout)', at: [6, 7, 9, 10] },
  { via: 'NAT64 local-use (/56 layout)', at: [7, 9, 10, 11] },
  { via: 'NAT64 local-use (/64 layout)', at: [9, 10, 11, 12] },
  { via: 'NAT64 local-use (/96 layout)', at: LAST_32 },
];

export const EMBEDDINGS: readonly Embedding[] = [
  // RFC 4291 2.5.5.2; the kernel sends these as IPv4 packets.
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped', readings: [{ at: LAST_32 }], definite: true },
  // RFC 2765 / 6145 (SIIT "IPv4-translated").
  { cidr: '::ffff:0:0:0/96', name: 'IPv4-translated', readings: [{ at: LAST_32 }], definite: true },
  // RFC 4291 2.5.5.1 (deprecated); `::` and `::1` are not embeddings of 0.0.0.0 and 0.0.0.1.
  {
    cidr: '::/96',
    name: 'IPv4-compatible',
    readings: [{ at: LAST_32 }],
    definite: true,
    when: (b) => b[12] !== 0 || b[13] !== 0,
  },
  // RFC 6052 well-known prefix: always the /96 layout.
  { cidr: '64:ff9b::/96', name: 'NAT64', readings: [{ at: LAST_32 }], definite: true },
  // RFC 8215: the operator picks the prefix length, so every RFC 6052 layout is a candidate.
  { cidr: '64:ff9b:1::/48', name: 'NAT64 local-use', readings: RFC6052_LAYOUTS, definite: false },
  // RFC 3056: 2002:AABB:CCDD::/48 is the site behind IPv4 AA.BB.CC.DD.
  { cidr: '2002::/16', name: '6to4', readings: [{ at: [2, 3, 4, 5] }], definite: true },
  // RFC 4380: 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, the server's IPv4, then the client's inverted.
  {
    cidr: '2001::/32',
    name: 'Teredo',
    readings: [
      { via: 'Teredo server', at: [4, 5, 6, 7] },
      { via: 'Teredo client', at: LAST_32, inverted: true },
    ],
    definite: true,
  },
  // RFC 5214 ISATAP interface identifiers (::0:5efe:a.b.c.d, ::200:5efe:a.b.c.d) under any prefix.
  {
    cidr: '::/0',
    name: 'ISATAP',
    readings: [{ at: LAST_32 }],
    definite: false,
    when: (b) => (b[8] === 0 || b[8] === 2) && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe,
  },
];

const TABLE = EMBEDDINGS.map((e) => ({ ...e, range: ipaddr.IPv6.parseCIDR(e.cidr) }));

/** Every IPv4 address `addr` embeds (none for an IPv4 address or a plain IPv6 one). */
export function embeddedIpv4(addr: ipaddr.IPv4 | ipaddr.IPv6): EmbeddedIpv4[] {
  if (addr.kind() !== 'ipv6') return [];
  const v6 = addr as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  const out: EmbeddedIpv4[] = [];
  for (const e of TABLE) {
    if (!v6.match(e.range) || (e.when && !e.when(bytes))) continue;
    for (const r of e.readings) {
      const four = r.at.map((i) => (r.inverted ? ~bytes[i]! & 0xff : bytes[i]!));
      out.push({ ipv4: new ipaddr.IPv4(four), via: r.via ?? e.name, definite: e.definite });
    }
  }
  return out;
}
