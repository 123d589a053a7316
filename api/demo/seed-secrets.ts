import type { SeedSecrets } from '../../db/seed';
import { sha256Hex } from '../lib/crypto';
import { hashPassword } from '../lib/password-hash';

/** The app's secrets for db/seed.ts (which imports nothing from api/). */
export function seedSecrets(): SeedSecrets {
  return { hashPassword, hashToken: sha256Hex };
}
