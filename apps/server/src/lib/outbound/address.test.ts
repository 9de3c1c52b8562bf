import { describe, expect, it } from 'vitest';
import { type AddressClass, classifyAddress } from './address.ts';

/** Each class with addresses at its edges and in its middle, v4 and v6. */
const examples: Record<AddressClass, string[]> = {
  public: [
    '8.8.8.8',
    '1.1.1.1',
    '142.250.74.42',
    '9.255.255.255', // just below 10/8
    '11.0.0.0', // just above it
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above it
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above it
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255', // just below multicast
    '2001:4860:4860::8888',
    '2a00:1450:4001:82b::200a',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8', // v4-mapped public
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ],
  loopback: ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'],
  private: [
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.0.1',
    '192.168.255.255',
    'fc00::1',
    'fd12:3456:789a::1',
    'fec0::1',
    '64:ff9b:1::a00:1',
  ],
  'link-local': ['169.254.169.254', '169.254.0.1', 'fe80::1', 'fe80::1%eth0', 'febf::1'],
  'carrier-grade-nat': ['100.64.0.1', '100.127.255.254'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1', 'ff05::1:3'],
  unspecified: ['0.0.0.0', '0.1.2.3', '::', '0:0:0:0:0:0:0:0'],
  broadcast: ['255.255.255.255'],
  benchmarking: ['198.18.0.1', '198.19.255.254'],
  documentation: ['192.0.2.1', '198.51.100.7', '203.0.113.200', '2001:db8::1', '3fff::1'],
  reserved: [
    '240.0.0.1',
    '192.0.0.8',
    '192.88.99.1',
    '2001::1', // Teredo
    '2001:2::1', // benchmarking
    '100::1', // discard-only
    '::127.0.0.1', // the deprecated IPv4-compatible form
    '4000::1', // outside 2000::/3
    'not an address',
    'example.com',
  ],
};

describe('classifyAddress', () => {
  for (const [cls, addresses] of Object.entries(examples)) {
    it(`classifies ${cls} addresses`, () => {
      for (const address of addresses) expect(classifyAddress(address), address).toBe(cls);
    });
  }

  it('treats an IPv6 address that carries an IPv4 one as that IPv4 address', () => {
    // v4-mapped, NAT64 and 6to4, each around loopback, private, link-local and CGNAT.
    const carried: [string, AddressClass][] = [
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:10.1.2.3', 'private'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['::ffff:100.64.0.1', 'carrier-grade-nat'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['64:ff9b::127.0.0.1', 'loopback'],
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['64:ff9b::192.168.1.1', 'private'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:a9fe:a9fe::1', 'link-local'],
      ['2002:c0a8:101::1', 'private'],
      ['2002:e000:1::', 'multicast'],
    ];
    for (const [address, cls] of carried) expect(classifyAddress(address), address).toBe(cls);
  });

  it('reads IPv6 in brackets, as a URL writes it', () => {
    expect(classifyAddress('[::1]')).toBe('loopback');
    expect(classifyAddress('[2001:4860:4860::8888]')).toBe('public');
  });
});
