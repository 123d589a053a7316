import { hmacHex, safeEqual } from '../../lib/crypto';

/** Upload links live 10 minutes: long enough to crop and send, short enough to be useless later. */
export const UPLOAD_URL_TTL_MS = 10 * 60_000;

const payload = (method: string, path: string, expires: number) => `${method}\n${path}\n${expires}`;

/** A short-lived HMAC-signed URL for one PUT to one storage path (decisions.md: local stand-in for S3 presigned URLs). */
export function signUploadUrl(secret: string, publicUrl: string, path: string, now: Date) {
  const expires = now.getTime() + UPLOAD_URL_TTL_MS;
  const sig = hmacHex(secret, payload('PUT', path, expires));
  return { signedUrl: `${publicUrl}/files/${path}?expires=${expires}&sig=${sig}`, expiresAt: new Date(expires).toISOString() };
}

export type SignatureCheck = 'OK' | 'EXPIRED' | 'INVALID';

export function checkUploadSignature(secret: string, path: string, expires: string | undefined, sig: string | undefined, now: Date): SignatureCheck {
  if (!expires || !sig || !/^\d{1,15}$/.test(expires) || !/^[0-9a-f]{64}$/.test(sig)) return 'INVALID';
  if (!safeEqual(hmacHex(secret, payload('PUT', path, Number(expires))), sig)) return 'INVALID';
  return Number(expires) < now.getTime() ? 'EXPIRED' : 'OK';
}
