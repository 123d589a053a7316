// Client addresses as the per-address limits count them. One IPv4 address is one subscriber, but an
// IPv6 subscriber gets a whole /64 (2^64 addresses; a home line, a rented server, a phone), and the
// operating system picks a fresh address inside it at will. Counted per address, anyone with one
// line could give each guess an address of its own; so an IPv6 address counts as its /64.
import { isIP } from 'node:net';

/** The eight groups of an IPv6 address as numbers (`::` expanded), or null when it is none. */
export function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  const [head = '', tail = ''] = address.split('::');
  const part = (s: string) => s.split(':').filter(Boolean);
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const groups = (s: string) =>
    part(s).flatMap((g) => {
      if (!g.includes('.')) return [parseInt(g, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const before = groups(head);
  const after = address.includes('::') ? groups(tail) : [];
  return [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The subject a per-address limit counts: an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address as its /64 (`2001:db8:1:2::/64`), either without a
 * port a proxy wrote beside it, anything else (a test's `local`) as it is.
 */
export function countedAddress(written: string): string {
  // Some proxies append the client's port (`203.0.113.5:40001`, `[2001:db8::1]:40001`); a new
  // connection has a new port, so counted with it every connection would be a client of its own.
  const address =
    written.match(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/)?.[1] ?? written.match(/^\[([^\]]+)\](?::\d+)?$/)?.[1] ?? written;
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : '';
  if (isIP(mapped) === 4) return mapped;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
