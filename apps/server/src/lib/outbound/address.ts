/**
 * What kind of address an IP is, for the outbound gate (gate.ts): only `public` addresses may be
 * reached from the server. The tables follow IANA's special-purpose registries (RFC 6890 and
 * updates). An IPv6 address that carries an IPv4 one (v4-mapped ::ffff:a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) is the IPv4 address it carries: `::ffff:127.0.0.1` is loopback.
 * IPv6 outside 2000::/3, the only block IANA allocates for global unicast, is refused whole.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade-nat'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'benchmarking'
  | 'documentation'
  | 'reserved';

type Range<N> = { base: N; bits: number; class: AddressClass };

const v4 = (cidr: string, cls: AddressClass): Range<number> => {
  const [address, bits] = cidr.split('/') as [string, string];
  return { base: v4Number(address), bits: Number(bits), class: cls };
};

/** First match wins: broadcast sits inside 240/4. */
const v4Ranges = [
  v4('0.0.0.0/8', 'unspecified'), // "this network"; 0.0.0.0 reaches the local host on Linux
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'carrier-grade-nat'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'), // 169.254.169.254: the cloud metadata service
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  v4('192.0.2.0/24', 'documentation'),
  v4('192.88.99.0/24', 'reserved'), // the retired 6to4 relay anycast
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('255.255.255.255/32', 'broadcast'),
  v4('240.0.0.0/4', 'reserved'),
];

/** Where an IPv6 block carries an IPv4 address: its bit offset from the left. */
type V6Range = Range<bigint> & { embeddedV4At?: number };

const v6 = (cidr: string, cls: AddressClass, embeddedV4At?: number): V6Range => {
  const [address, bits] = cidr.split('/') as [string, string];
  return { base: v6Number(address), bits: Number(bits), class: cls, embeddedV4At };
};

/** First match wins: the single addresses come before ::/96 that holds them. */
const v6Ranges = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('::ffff:0:0/96', 'reserved', 96), // v4-mapped
  v6('64:ff9b::/96', 'reserved', 96), // NAT64: the gateway reaches the IPv4 address
  v6('64:ff9b:1::/48', 'private'), // local-use NAT64
  v6('::/96', 'reserved'), // the deprecated IPv4-compatible form
  v6('100::/64', 'reserved'), // discard-only
  v6('2001::/23', 'reserved'), // IETF protocol assignments: Teredo, ORCHID, benchmarking…
  v6('2001:db8::/32', 'documentation'),
  v6('2002::/16', 'reserved', 16), // 6to4: the relay reaches the IPv4 address
  v6('3fff::/20', 'documentation'),
  v6('fc00::/7', 'private'), // unique local
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'private'), // the deprecated site-local
  v6('ff00::/8', 'multicast'),
];
const globalUnicast = v6('2000::/3', 'public');

const inV4 = (value: number, range: Range<number>) =>
  range.bits === 0 || value >>> (32 - range.bits) === range.base >>> (32 - range.bits);
const inV6 = (value: bigint, range: Range<bigint>) =>
  value >> BigInt(128 - range.bits) === range.base >> BigInt(128 - range.bits);

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** The 128-bit value of a valid IPv6 address (any zone id dropped), a trailing dotted IPv4 included. */
function v6Number(address: string): bigint {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (dotted) {
    const n = v4Number(dotted);
    text = `${text.slice(0, -dotted.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all =
    tail === undefined ? groups(head) : [...groups(head), ...Array(missing).fill('0'), ...groups(tail)];
  return all.reduce((n, group) => (n << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function classifyV4(value: number): AddressClass {
  return v4Ranges.find((range) => inV4(value, range))?.class ?? 'public';
}

/**
 * The class of an IP address (v4 or v6, as dns.lookup or the URL parser writes it). Anything that
 * is not an IP address is `reserved`: the gate never connects to what it cannot classify.
 */
export function classifyAddress(ip: string): AddressClass {
  if (isIPv4(ip)) return classifyV4(v4Number(ip));
  const bare = ip.replace(/^\[(.*)\]$/, '$1');
  if (!isIPv6(bare.split('%')[0]!)) return 'reserved';
  const value = v6Number(bare);
  const range = v6Ranges.find((r) => inV6(value, r));
  if (range?.embeddedV4At !== undefined) {
    return classifyV4(Number((value >> BigInt(128 - range.embeddedV4At - 32)) & 0xffffffffn));
  }
  if (range) return range.class;
  return inV6(value, globalUnicast) ? 'public' : 'reserved';
}
