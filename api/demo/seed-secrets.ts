import type { SeedSecrets } from '../../db/seed';
import { newMagicKey } from '../modules/users/users.service';
import { sha256Hex } from '../lib/crypto';
import { hashPassword } from '../lib/password-hash';

/** The app's secrets for db/seed.ts (which imports nothing from api/). */
export function seedSecrets(appSecret: string): SeedSecrets {
  return {
    hashPassword,
    newMagicKey: () => {
      const { magicKeyHash, magicKeySealed } = newMagicKey(appSecret);
      return { magicKeyHash, magicKeySealed };
    },
    hashToken: sha256Hex,
  };
}
