import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { countRows, makeCompany, makeUser } from '../../support/factories';

const ME = '{ me { user { id email accessLevel company { id name } } sessionExpiresAt companyId } }';

describe('login, sessions and API keys', () => {
  let t: TestApp;
  let companyId: string;
  let admin: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    companyId = await makeCompany(t.db);
    admin = await makeUser(t.db, t.deps.appSecret, {
      companyId,
      accessLevel: 'ADMIN',
      owner: true,
      email: 'Owner@Test.example',
    });
  });
  afterAll(() => t.close());

  it('getPasswordEncryptionKey returns an RSA public key as SPKI PEM', async () => {
    const res = await t.gql('{ getPasswordEncryptionKey }');
    const pem = res.body.data.getPasswordEncryptionKey as string;
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);
    const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, true, ['encrypt']);
    expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
  });

  it('login answers a token, the access level and 8 hours; me then knows the user', async () => {
    const res = await t.login('owner@test.example', admin.password);
    expect(res.status).toBe(200);
    const { accessToken, accessLevel, expiresIn } = res.body.data.login;
    expect(accessLevel).toBe('ADMIN');
    expect(expiresIn).toBe(8 * 3600);
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.gql(ME, {}, { token: accessToken });
    expect(me.body.data.me.user.email).toBe('owner@test.example');
    expect(me.body.data.me.companyId).toBe(companyId);
    expect(me.body.data.me.sessionExpiresAt).toBe('2026-11-21T17:00:00.000Z');
  });

  it('stores only a hash of the session token', async () => {
    const token = await t.tokenFor(admin.email, admin.password);
    const rows = await t.db.all<{ token_hash: string }>(sql`select token_hash from sessions`);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers a wrong password and an unknown email alike, and writes no session', async () => {
    const before = await countRows(t.db, 'sessions');
    const wrong = await t.login(admin.email, 'not-the-password');
    const unknown = await t.login('nobody@test.example', 'whatever-123');
    expect(codeOf(wrong)).toBe('AUTHENTICATION_FAILED');
    expect(codeOf(unknown)).toBe('AUTHENTICATION_FAILED');
    expect(wrong.body.errors![0]!.message).toBe(unknown.body.errors![0]!.message);
    expect(wrong.status).toBe(unknown.status);
    expect(await countRows(t.db, 'sessions')).toBe(before);
  });

  it('refuses a password that is not encrypted or not decryptable', async () => {
    const plain = await t.gql('mutation{login(email:"owner@test.example",password:"Secret-123"){accessToken}}');
    expect(codeOf(plain)).toBe('PASSWORD_NOT_ENCRYPTED');
    const other = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const foreign = Buffer.from(
      await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, other.publicKey, new TextEncoder().encode('Secret-123')),
    ).toString('base64');
    const res = await t.gql('mutation($p:String!){login(email:"owner@test.example",password:$p){accessToken}}', {
      p: foreign,
    });
    expect(codeOf(res)).toBe('PASSWORD_NOT_ENCRYPTED');
    expect(res.body.errors![0]!.message).toMatch(/entschlüsselt/);
  });

  it('reveals account state only after the right password', async () => {
    const cases = [
      { status: 'NOT_ACTIVATED' as const, company: 'ACTIVATED' as const, code: 'USER_NOT_ACTIVATED' },
      { status: 'PENDING' as const, company: 'ACTIVATED' as const, code: 'USER_NOT_ACTIVATED' },
      { status: 'DEACTIVATED' as const, company: 'ACTIVATED' as const, code: 'USER_DEACTIVATED' },
      { status: 'ACTIVATED' as const, company: 'PENDING' as const, code: 'COMPANY_NOT_ACTIVATED' },
      { status: 'ACTIVATED' as const, company: 'DEACTIVATED' as const, code: 'COMPANY_DEACTIVATED' },
    ];
    for (const c of cases) {
      const cid = await makeCompany(t.db, { status: c.company });
      const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid, status: c.status });
      expect(codeOf(await t.login(u.email, u.password)), c.code).toBe(c.code);
      expect(codeOf(await t.login(u.email, 'wrong-password'))).toBe('AUTHENTICATION_FAILED');
    }
  });

  it('lets a SUPER_ADMIN scope a session to one organisation, and refuses an unknown one', async () => {
    const op = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
    const token = await t.tokenFor(op.email, op.password, companyId);
    expect((await t.gql(ME, {}, { token })).body.data.me.companyId).toBe(companyId);
    expect(codeOf(await t.login(op.email, op.password, crypto.randomUUID()))).toBe('COMPANY_NOT_FOUND');
    const plain = await t.tokenFor(op.email, op.password);
    expect((await t.gql(ME, {}, { token: plain })).body.data.me.companyId).toBeNull();
  });

  it('answers UNAUTHENTICATED with HTTP 401 without, with a forged, an expired or a revoked token', async () => {
    expect((await t.gql(ME)).status).toBe(401);
    const forged = await t.gql(ME, {}, { token: 'forged-token' });
    expect(forged.status).toBe(401);
    expect(codeOf(forged)).toBe('UNAUTHENTICATED');

    const token = await t.tokenFor(admin.email, admin.password);
    t.clock.advance(8 * 3600 * 1000 - 1000);
    expect((await t.gql(ME, {}, { token })).status).toBe(200);
    t.clock.advance(2000);
    expect(codeOf(await t.gql(ME, {}, { token }))).toBe('UNAUTHENTICATED');
    t.clock.set('2026-11-21T09:00:00.000Z');

    const other = await t.tokenFor(admin.email, admin.password);
    expect((await t.gql('mutation{logout{status message}}', {}, { token: other })).body.data.logout.status).toBe(
      'SUCCESS',
    );
    expect(codeOf(await t.gql(ME, {}, { token: other }))).toBe('UNAUTHENTICATED');
  });

  it('ends the sessions of a deleted user and of a deactivated company at once', async () => {
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const token = await t.tokenFor(u.email, u.password);
    await t.db.run(sql`update users set deleted_at = '2026-11-21T09:00:00.000Z' where id = ${u.id}`);
    expect(codeOf(await t.gql(ME, {}, { token }))).toBe('UNAUTHENTICATED');

    const u2 = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const token2 = await t.tokenFor(u2.email, u2.password);
    await t.db.run(sql`update companies set status = 'DEACTIVATED' where id = ${cid}`);
    expect(codeOf(await t.gql(ME, {}, { token: token2 }))).toBe('UNAUTHENTICATED');
  });

  it('lets a script act as its user with X-API-Key, and a regenerated key replaces the old one', async () => {
    const res = await t.gql('{ me { user { email apiKey { hint } } } }', {}, { apiKey: admin.apiKey });
    expect(res.body.data.me.user.email).toBe('owner@test.example');
    expect(res.body.data.me.user.apiKey.hint).toBe(admin.apiKey.slice(-4));
    expect(codeOf(await t.gql(ME, {}, { apiKey: 'sk_wrong' }))).toBe('UNAUTHENTICATED');
    const regen = await t.gql(
      'mutation($u:ID!){regenerateMagicKey(userId:$u){status message}}',
      { u: admin.id },
      { apiKey: admin.apiKey },
    );
    const newKey = regen.body.data.regenerateMagicKey.message as string;
    expect(newKey).toMatch(/^sk_/);
    expect(codeOf(await t.gql(ME, {}, { apiKey: admin.apiKey }))).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { apiKey: newKey })).body.data.me.user.email).toBe('owner@test.example');
    admin.apiKey = newKey;
  });

  it('throttles an account after 5 failures with TOO_MANY_ATTEMPTS (HTTP 429), even for the right password, for a minute at first', async () => {
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    for (let i = 0; i < 5; i++) expect(codeOf(await t.login(u.email, 'wrong-password'))).toBe('AUTHENTICATION_FAILED');
    const locked = await t.login(u.email, u.password);
    expect(locked.status).toBe(429);
    expect(codeOf(locked)).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.body.errors![0]!.extensions.retryAfterSeconds).toBe(60);
    t.clock.advance(60_000 + 1000);
    expect((await t.login(u.email, u.password)).body.data.login.accessToken).toBeTruthy();
    t.clock.set('2026-11-21T09:00:00.000Z');
  });
});
