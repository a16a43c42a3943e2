import { isIPv4, isIPv6 } from 'node:net';

// The network a client address belongs to, as allowances meant for "one
// client" count it: one person or script usually holds a whole IPv4 /24 or an
// IPv6 /64 (a home or cloud allocation hands out many addresses at once), so
// counting single addresses let a few of them pass as many clients.

/** `a.b.c.0/24` for IPv4 (IPv4-mapped IPv6 included), the first 64 bits for IPv6, else the text itself. */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight groups of an IPv6 address, each without leading zeros. */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((g) =>
    // An embedded IPv4 tail (::1.2.3.4) only ever falls in the last 64 bits.
    /^[0-9a-f]+$/.test(g) ? parseInt(g, 16).toString(16) : g,
  );
}
