import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../kernel/errors/errors';
import { seal, unseal } from '../../lib/crypto';
import { readOrCreateSetting } from '../settings';

/**
 * Passwords travel encrypted, as the product's API requires: the client encrypts the UTF-8 password with this
 * RSA-OAEP (SHA-256) public key via WebCrypto and sends base64 ciphertext. The key pair lives in the
 * database (private key sealed with the app secret) so every API process shares it.
 */
export type PasswordKeys = {
  publicKeyPem: string;
  /** Decrypts one password argument; PASSWORD_NOT_ENCRYPTED when it is not ciphertext of this key. */
  decrypt: (base64: string, field?: string) => Promise<string>;
};

const ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

function toPem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

export async function loadPasswordKeys(db: DbOrTx, appSecret: string, now: Date): Promise<PasswordKeys> {
  const stored = await readOrCreateSetting<{ publicKeyPem: string; privateKeySealed: string }>(
    db,
    'passwordKeyPair',
    async () => {
      const pair = await crypto.subtle.generateKey(
        { ...ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
        true,
        ['encrypt', 'decrypt'],
      );
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
    Buffer.from(unseal(appSecret, stored.privateKeySealed), 'base64'),
    ALGORITHM,
    false,
    ['decrypt'],
  );
  return {
    publicKeyPem: stored.publicKeyPem,
    decrypt: async (base64, field = 'password') => {
      // RSA-2048 ciphertext is 256 bytes = 344 base64 characters; anything else is not ours.
      if (
        typeof base64 !== 'string' ||
        base64.length < 300 ||
        base64.length > 400 ||
        !/^[A-Za-z0-9+/]+=*$/.test(base64)
      ) {
        throw new AppError('PASSWORD_NOT_ENCRYPTED', { field });
      }
      try {
        const plain = await crypto.subtle.decrypt(ALGORITHM, privateKey, Buffer.from(base64, 'base64'));
        return new TextDecoder('utf-8', { fatal: true }).decode(plain);
      } catch {
        throw new AppError('PASSWORD_NOT_ENCRYPTED', { field });
      }
    },
  };
}

/** What a client does (browser WebCrypto, scripts, tests): encrypt a password with the PEM from getPasswordEncryptionKey. */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const body = publicKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const key = await crypto.subtle.importKey('spki', Buffer.from(body, 'base64'), ALGORITHM, false, ['encrypt']);
  const cipher = await crypto.subtle.encrypt(ALGORITHM, key, new TextEncoder().encode(password));
  return Buffer.from(cipher).toString('base64');
}
