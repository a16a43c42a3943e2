import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/auth/request/client-network.ts';

// What the mail cap counts as one client: an IPv4 /24 or an IPv6 /64 (ADR 066).

describe('clientNetwork', () => {
  it.each([
    ['198.51.100.7', '198.51.100.0/24'],
    ['::ffff:198.51.100.200', '198.51.100.0/24'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('%s belongs to %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});
