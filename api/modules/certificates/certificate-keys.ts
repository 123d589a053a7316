// The server's certificate-signing key: Ed25519 through WebCrypto (crypto.subtle, in Bun and in
// browsers). Production passes it in CERTIFICATE_SIGNING_KEY (PKCS#8 PEM), so a key kept outside the
// database survives a database restore and can be rotated by operators; elsewhere a key pair is
// generated once and kept in app_settings with the private key sealed by APP_SECRET, like the
// password-encryption key, so every API process shares it.
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../../db/client';
import { seal, unseal } from '../../lib/crypto';
import { readOrCreateSetting } from '../settings';

const ED25519 = { name: 'Ed25519' } as const;

export type CertificateSigner = {
  /** SPKI public key as PEM: published at /.well-known/certificate-key.pem and by getCertificatePublicKey. */
  publicKeyPem: string;
  /** First 16 hex digits of SHA-256 over the SPKI DER. */
  keyId: string;
  sign: (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>;
};

export function toPem(label: string, der: ArrayBuffer | Uint8Array): string {
  const b64 = Buffer.from(der as ArrayBuffer).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

export function fromPem(pem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'));
}

export function keyIdOf(spkiDer: Uint8Array): string {
  return createHash('sha256').update(spkiDer).digest('hex').slice(0, 16);
}

/** Verifies an Ed25519 signature with a PEM public key (what any verifier does). */
export async function verifyEd25519(
  publicKeyPem: string,
  bytes: Uint8Array<ArrayBuffer>,
  signature: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('spki', fromPem(publicKeyPem), ED25519, false, ['verify']);
    return await crypto.subtle.verify(ED25519, key, signature, bytes);
  } catch {
    return false;
  }
}

async function signerFrom(privateKey: CryptoKey, publicKeyPem: string): Promise<CertificateSigner> {
  return {
    publicKeyPem,
    keyId: keyIdOf(fromPem(publicKeyPem)),
    sign: async (bytes) => new Uint8Array(await crypto.subtle.sign(ED25519, privateKey, bytes)),
  };
}

/** The public key of a PKCS#8 Ed25519 private key: the last 32 bytes of the key are the seed, WebCrypto derives the public key through a JWK round trip. */
async function fromPkcs8Pem(pem: string): Promise<CertificateSigner> {
  const extractable = await crypto.subtle.importKey('pkcs8', fromPem(pem), ED25519, true, ['sign']);
  const jwk = await crypto.subtle.exportKey('jwk', extractable);
  const publicKey = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x! }, ED25519, true, [
    'verify',
  ]);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey));
  const privateKey = await crypto.subtle.importKey('pkcs8', fromPem(pem), ED25519, false, ['sign']);
  return signerFrom(privateKey, toPem('PUBLIC KEY', spki));
}

export async function loadCertificateSigner(
  db: DbOrTx,
  appSecret: string,
  configuredPem: string | undefined,
  now: Date,
): Promise<CertificateSigner> {
  if (configuredPem) return fromPkcs8Pem(configuredPem);
  const stored = await readOrCreateSetting<{ publicKeyPem: string; privateKeySealed: string }>(
    db,
    'certificateKeyPair',
    async () => {
      const pair = (await crypto.subtle.generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
      const spki = await crypto.subtle.exportKey('spki', pair.publicKey);
      const pkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
      return {
        publicKeyPem: toPem('PUBLIC KEY', spki),
        privateKeySealed: seal(appSecret, Buffer.from(pkcs8).toString('base64')),
      };
    },
    now,
  );
  const privateKey = await crypto.subtle.importKey(
    'pkcs8',
    new Uint8Array(Buffer.from(unseal(appSecret, stored.privateKeySealed), 'base64')),
    ED25519,
    false,
    ['sign'],
  );
  return signerFrom(privateKey, stored.publicKeyPem);
}
