import type { AccessLevel, Locale, UserStatus } from '../../../db/schema';
import type { users } from '../../../db/schema';
import { randomToken, seal, sha256Hex } from '../../lib/crypto';

/** A new API key: shown to its user, stored as a hash (lookup) and sealed (display). */
export function newMagicKey(appSecret: string) {
  const key = `sk_${randomToken(32)}`;
  return { key, magicKeyHash: sha256Hex(key), magicKeySealed: seal(appSecret, key) };
}

/** The insert row for a new user, with a fresh API key. */
export function newUserRow(
  appSecret: string,
  now: Date,
  fields: {
    id?: string;
    companyId: string | null;
    email: string;
    firstName: string;
    lastName: string;
    accessLevel: AccessLevel;
    status: UserStatus;
    passwordHash: string | null;
    locale?: Locale;
    hasAcceptedTerms?: boolean;
  },
): typeof users.$inferInsert {
  const { magicKeyHash, magicKeySealed } = newMagicKey(appSecret);
  const createdAt = now.toISOString();
  return {
    ...fields,
    locale: fields.locale ?? 'de',
    magicKeyHash,
    magicKeySealed,
    // The feedback survey first shows 30 days after joining.
    nextNpsDate: new Date(now.getTime() + 30 * 24 * 3600 * 1000).toISOString(),
    createdAt,
    updatedAt: createdAt,
  };
}
