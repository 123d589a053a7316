// Where a live request comes from, as far as the per-source limits and the refused-traffic record
// need it: the client address and the device id the snippet sends (X-Live-Device) only as keyed
// hashes (the app secret keys them, so a stored hash cannot be reversed by trying addresses), the
// address's network for the operators' samples, and the Origin header for the allowed origins.
import type { Context } from 'hono';
import { isIP } from 'node:net';
import { countedAddress, ipv6Groups } from '../../lib/address';
import { hmacHex } from '../../lib/crypto';
import { clientAddressOf } from '../../graphql/context';

export const LIVE_DEVICE_HEADER = 'x-live-device';
/** A device id the snippet makes: 8 to 100 printable characters without spaces; anything else is ignored. */
const DEVICE = /^[\x21-\x7e]{8,100}$/;

export type LiveSource = {
  /** Keyed hash of the client address (24 hex characters). */
  address: string;
  /** Keyed hash of the device id, when one was sent. */
  device: string | null;
  origin: string | null;
  /** For the refused-traffic samples: the address's network and a short hash, never the address. */
  masked: string;
};

/** The network of an address: IPv4 /24 (203.0.113.0/24), IPv6 /48 (also of a counted /64); other values as "other". */
export function networkOf(address: string): string {
  const plain = countedAddress(address.replace(/\/64$/, ''));
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = ipv6Groups(plain.replace(/\/64$/, ''));
  if (groups)
    return `${groups
      .slice(0, 3)
      .map((g) => g.toString(16))
      .join(':')}::/48`;
  return 'other';
}

/** The caller as the per-source limits see it; the address as sign-in counts it (TRUST_PROXY_HOPS). */
export function sourceOf(c: Context, appSecret: string, trustProxyHops: number): LiveSource {
  const address = clientAddressOf(c, trustProxyHops);
  const addressHash = hmacHex(appSecret, `live-address:${address}`).slice(0, 24);
  const device = c.req.header(LIVE_DEVICE_HEADER);
  return {
    address: addressHash,
    device: device && DEVICE.test(device) ? hmacHex(appSecret, `live-device:${device}`).slice(0, 24) : null,
    origin: c.req.header('origin')?.slice(0, 200) ?? null,
    masked: `${networkOf(address)} #${addressHash.slice(0, 8)}`,
  };
}

/** The clock hour a per-address count belongs to ('YYYY-MM-DDTHH', UTC) and the seconds until it ends. */
export function hourOf(now: Date): { hour: string; secondsLeft: number } {
  const ms = now.getTime();
  return {
    hour: now.toISOString().slice(0, 13),
    secondsLeft: Math.max(1, Math.ceil((3_600_000 - (ms % 3_600_000)) / 1000)),
  };
}
