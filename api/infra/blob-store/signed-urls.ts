import { hmacHex, safeEqual } from '../../lib/crypto';

/**
 * The local blob store's stand-in for S3 presigned URLs (docs/storage.md, "Signed URLs"): an HMAC over the method,
 * what the URL allows and its expiry, so a URL cannot be stretched to another key, kind (size cap),
 * download name or time. The secret is APP_SECRET.
 *
 * The URLs are paths on this app (`/files/...`), not absolute: the browser resolves them against the
 * origin the page came from, so uploads work whichever host name, address or proxy the app is opened
 * through. PUBLIC_URL names the app only in links that leave it (mails, snippets, the report link).
 */

const putPayload = (kind: string, key: string, expires: number) => `PUT\n${kind}\n${key}\n${expires}`;
const getPayload = (key: string, expires: number, name: string) => `GET\n${key}\n${expires}\n${name}`;

export function signPutUrl(secret: string, kind: string, key: string, expiresMs: number): string {
  return `/files/${key}?kind=${kind}&expires=${expiresMs}&sig=${hmacHex(secret, putPayload(kind, key, expiresMs))}`;
}

export function signGetUrl(secret: string, key: string, expiresMs: number, downloadName?: string): string {
  const name = downloadName ? `&name=${encodeURIComponent(downloadName)}` : '';
  return `/files/${key}?expires=${expiresMs}${name}&sig=${hmacHex(secret, getPayload(key, expiresMs, downloadName ?? ''))}`;
}

export type SignatureCheck = 'OK' | 'EXPIRED' | 'INVALID';

const wellFormed = (expires: string | undefined, sig: string | undefined): expires is string =>
  !!expires && !!sig && /^\d{1,15}$/.test(expires) && /^[0-9a-f]{64}$/.test(sig);

export function checkPutSignature(
  secret: string,
  kind: string,
  key: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date,
): SignatureCheck {
  if (!wellFormed(expires, sig) || !safeEqual(hmacHex(secret, putPayload(kind, key, Number(expires))), sig!))
    return 'INVALID';
  return Number(expires) < now.getTime() ? 'EXPIRED' : 'OK';
}

export function checkGetSignature(
  secret: string,
  key: string,
  expires: string | undefined,
  name: string | undefined,
  sig: string | undefined,
  now: Date,
): SignatureCheck {
  if (!wellFormed(expires, sig) || !safeEqual(hmacHex(secret, getPayload(key, Number(expires), name ?? '')), sig!))
    return 'INVALID';
  return Number(expires) < now.getTime() ? 'EXPIRED' : 'OK';
}
