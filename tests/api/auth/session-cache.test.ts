// An authenticated request reuses the session row it read before while nothing was committed to the
// database file since. Every change must reach the next request at once, also one another process
// commits (here the sqlite3 command-line shell, on the same file), and the expiry passes by the clock
// alone, with no write.
import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFilePath } from '../../../db/client';
import { companies, sessions, users } from '../../../db/schema';
import { sha256Hex } from '../../../api/lib/crypto';
import { findLiveSessionByTokenHash } from '../../../api/modules/auth/auth.repo';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';

const ME = '{ me { user { id email accessLevel } sessionExpiresAt } }';
const hasSqlite3 = spawnSync('sqlite3', ['-version']).status === 0;

let t: TestApp;
let companyId: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  companyId = await makeCompany(t.db);
  admin = await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN', owner: true });
});
afterAll(() => t.close());

/** A statement committed by another process on the app's database file. */
function otherProcess(statement: string) {
  const file = databaseFilePath(t.deps.env.databaseUrl)!;
  const run = spawnSync('sqlite3', ['-cmd', '.timeout 5000', file, statement], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}

async function signedIn() {
  const token = await t.tokenFor(admin.email, admin.password);
  const first = await t.gql(ME, {}, { token });
  expect(first.body.data?.me.user.email).toBe(admin.email);
  // The second request finds the row read by the first.
  expect((await t.gql(ME, {}, { token })).body).toEqual(first.body);
  return token;
}

const refused = async (token: string) => (await t.gql(ME, {}, { token })).body.errors?.[0]?.extensions.code;

describe('the session row read before', () => {
  it.skipIf(!hasSqlite3)('is not used once another process revoked the session', async () => {
    const token = await signedIn();
    otherProcess(`update sessions set revoked_at = '2026-11-21T09:00:00.000Z' where user_id = '${admin.id}'`);
    expect(await refused(token)).toBe('UNAUTHENTICATED');
  });

  it.skipIf(!hasSqlite3)('is not used once another process deactivated the organisation', async () => {
    const token = await signedIn();
    otherProcess(`update companies set status = 'DEACTIVATED' where id = '${companyId}'`);
    expect(await refused(token)).toBe('UNAUTHENTICATED');
    await t.db.update(companies).set({ status: 'ACTIVATED' }).where(eq(companies.id, companyId));
    expect((await t.gql(ME, {}, { token })).body.data?.me.user.email).toBe(admin.email);
  });

  it('shows an e-mail this process changed at once, and is not used once this process revoked the session', async () => {
    const token = await signedIn();
    await t.db.update(users).set({ email: 'renamed@example.com' }).where(eq(users.id, admin.id));
    expect((await t.gql(ME, {}, { token })).body.data?.me.user.email).toBe('renamed@example.com');
    await t.db.update(users).set({ email: admin.email }).where(eq(users.id, admin.id));
    await t.db.update(sessions).set({ revokedAt: t.clock.now().toISOString() }).where(eq(sessions.userId, admin.id));
    expect(await refused(token)).toBe('UNAUTHENTICATED');
  });

  it('is not used past the session expiry, with nothing written in between', async () => {
    const token = await signedIn();
    const expiresAt = (await t.gql(ME, {}, { token })).body.data?.me.sessionExpiresAt as string;
    const now = t.clock.now();
    t.clock.set(expiresAt);
    expect(await refused(token)).toBe('UNAUTHENTICATED');
    t.clock.set(now);
  });

  it('is shared read-only: a caller cannot change what the next request finds', async () => {
    const token = await signedIn();
    const row = (await findLiveSessionByTokenHash(t.db, sha256Hex(token), t.clock.now().toISOString()))!;
    expect(() => {
      (row.user as { accessLevel: string }).accessLevel = 'SUPER_ADMIN';
    }).toThrow(TypeError);
    expect((await t.gql(ME, {}, { token })).body.data?.me.user.accessLevel).toBe('ADMIN');
  });
});
