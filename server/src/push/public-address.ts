import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Our server POSTs to a URL a browser gave it: without these rules anyone
// could make it reach the machines around it (SSRF). Only addresses on the
// public internet are allowed; everything a network keeps to itself is not
// (docs/security.md, ADR 043).

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, and cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
// IPv6: only global unicast (2000::/3) is public; within it, these are not,
// or may carry an IPv4 address of any kind (6to4, Teredo).
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');
for (const [network, prefix] of [
  ['2001::', 32], // Teredo
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family === 6) {
    // Loopback, unique-local (fc00::/7), link-local, multicast, IPv4-mapped and
    // NAT64 addresses all lie outside 2000::/3.
    return GLOBAL_UNICAST.check(address, 'ipv6') && !NOT_PUBLIC.check(address, 'ipv6');
  }
  return false;
}

export class EndpointRefused extends Error {}

export interface ResolvedEndpoint {
  url: URL;
  /** The address checked, which the request then connects to: no second lookup to rebind. */
  address: string;
  family: 4 | 6;
}

/**
 * The address to send a push message to, or EndpointRefused: not https, or a
 * host with any address that is not public (unless allowPrivate, for tests).
 */
export async function resolvePushEndpoint(
  endpoint: string,
  allowPrivate: boolean,
): Promise<ResolvedEndpoint> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('the push endpoint is not a URL');
  }
  if (url.protocol !== 'https:') throw new EndpointRefused('the push endpoint is not https');
  if (url.username !== '' || url.password !== '') {
    throw new EndpointRefused('the push endpoint carries credentials');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new EndpointRefused("the push endpoint's host does not resolve");
      });
  if (addresses.length === 0)
    throw new EndpointRefused("the push endpoint's host does not resolve");
  // Every address, not just the first: a name with one public and one private
  // address would otherwise reach the private one on a retry.
  if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new EndpointRefused('the push endpoint is not on a public address');
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
