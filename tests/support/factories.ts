import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, sessions, users, type AccessLevel, type CompanyStatus, type UserStatus } from '../../db/schema';
import type { Clock } from '../../api/lib/clock';
import { sha256Hex } from '../../api/lib/crypto';
import { hashPassword } from '../../api/lib/password-hash';
import { newMagicKey } from '../../api/modules/users/users.service';

let n = 0;
const hashes = new Map<string, Promise<string>>();
/** Argon2id is slow on purpose: hash each distinct test password once per run. */
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export async function makeCompany(db: Db, fields: { name?: string; status?: CompanyStatus } = {}) {
  const id = crypto.randomUUID();
  await db.insert(companies).values({
    id,
    name: fields.name ?? `Company ${++n}`,
    status: fields.status ?? 'ACTIVATED',
    createdAt: new Date().toISOString(),
  });
  return id;
}

/**
 * An activated user with a password and an API key (returned in clear, as its user saw it once).
 * `_appSecret` is no longer needed (keys are stored hashed only); the callers still pass it.
 */
export async function makeUser(
  db: Db,
  _appSecret: string,
  fields: {
    companyId: string | null;
    accessLevel?: AccessLevel;
    status?: UserStatus;
    email?: string;
    password?: string | null;
    owner?: boolean;
    locale?: 'de' | 'en';
  },
) {
  const id = crypto.randomUUID();
  const email = (fields.email ?? `user${++n}-${id.slice(0, 6)}@test.example`).toLowerCase();
  const { key, ...storedKey } = newMagicKey(new Date());
  await db.insert(users).values({
    id,
    companyId: fields.companyId,
    email,
    firstName: 'Test',
    lastName: `User ${n}`,
    accessLevel: fields.accessLevel ?? 'EMPLOYEE',
    status: fields.status ?? 'ACTIVATED',
    passwordHash: fields.password === null ? null : await hashOnce(fields.password ?? 'Secret-123'),
    locale: fields.locale ?? 'de',
    ...storedKey,
    createdAt: new Date().toISOString(),
  });
  if (fields.owner && fields.companyId)
    await db
      .update(companies)
      .set({ ownerId: id })
      .where(sql`${companies.id} = ${fields.companyId}`);
  return { id, email, apiKey: key, password: fields.password ?? 'Secret-123' };
}

/** Counts rows of a table, for "nothing written" assertions. */
export async function countRows(db: Db, table: string): Promise<number> {
  const res = await db.all<{ n: number }>(sql.raw(`select count(*) as n from ${table}`));
  return Number(res[0]!.n);
}

/** Opens an eight-hour session without the Argon2 cost of login: the same row login writes. Returns its token. */
export async function sessionFor(
  t: { db: Db; clock: Clock },
  userId: string,
  companyId: string | null,
): Promise<string> {
  const token = `session-${++n}-${crypto.randomUUID()}`;
  const now = t.clock.now();
  await t.db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId,
    companyId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 8 * 3600_000).toISOString(),
  });
  return token;
}
