// API keys act as their user with the user's current role and status, are shown only to that user
// (once, when made), and are stored so that reading the database reveals none.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';

const USERS = 'query($c:ID!){getCompanyUsers(companyId:$c){id email apiKey{hint createdAt}}}';
const ME = '{ me { user { id accessLevel apiKey { hint } } } }';
const REGENERATE = 'mutation($u:ID!){regenerateMagicKey(userId:$u){status message}}';
const REVOKE = 'mutation($u:ID!){revokeMagicKey(userId:$u){status}}';
const UPDATE = 'mutation($i:UpdateUserInput!){updateUser(userToUpdate:$i){status}}';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function company() {
  const id = await makeCompany(t.db);
  const owner = await makeUser(t.db, t.deps.appSecret, { companyId: id, accessLevel: 'ADMIN', owner: true });
  const admin = await makeUser(t.db, t.deps.appSecret, { companyId: id, accessLevel: 'ADMIN' });
  const employee = await makeUser(t.db, t.deps.appSecret, { companyId: id });
  return { id, owner, admin, employee, adminToken: await t.tokenFor(admin.email, admin.password) };
}

describe('who sees an API key', () => {
  it("shows a colleague's key to nobody: an ADMIN learns only that the owner has one, and its last four characters", async () => {
    const c = await company();
    const res = await t.gql(USERS, { c: c.id }, { token: c.adminToken });
    const owner = res.body.data.getCompanyUsers.find((u: { id: string }) => u.id === c.owner.id);
    expect(owner.apiKey).toEqual({ hint: c.owner.apiKey.slice(-4), createdAt: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain(c.owner.apiKey);
    // The field that handed every admin the key is gone from the schema.
    expect(codeOf(await t.gql('{ me { user { magicKey } } }', {}, { token: c.adminToken }))).toBe('BAD_REQUEST');
  });

  it('stores no key: the users table holds its SHA-256 and four characters, nothing that opens it', async () => {
    const c = await company();
    const row = (await t.db.select().from(users).where(eq(users.id, c.owner.id)).get())!;
    expect(JSON.stringify(row)).not.toContain(c.owner.apiKey.slice(3, 20));
    expect(row.magicKeyHash).toMatch(/^[0-9a-f]{64}$/);
    const columns = await t.db.all<{ name: string }>(sql`select name from pragma_table_info('users')`);
    expect(columns.map((col) => col.name)).not.toContain('magic_key_sealed');
  });

  it('shows a new key once, to its own user only: an operator cannot make one for someone else', async () => {
    const c = await company();
    const op = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
    const opToken = await t.tokenFor(op.email, op.password);
    expect(codeOf(await t.gql(REGENERATE, { u: c.admin.id }, { token: opToken }))).toBe('UNAUTHORIZED');
    expect(codeOf(await t.gql(REGENERATE, { u: c.employee.id }, { token: c.adminToken }))).toBe('UNAUTHORIZED');
    const mine = await t.gql(REGENERATE, { u: c.admin.id }, { token: c.adminToken });
    const key = mine.body.data.regenerateMagicKey.message as string;
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(codeOf(await t.gql(ME, {}, { apiKey: c.admin.apiKey }))).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { apiKey: key })).body.data.me.user.apiKey.hint).toBe(key.slice(-4));
  });

  it('lets the user, their ADMINs and operators revoke a key, and nobody else', async () => {
    const c = await company();
    const other = await company();
    expect(codeOf(await t.gql(REVOKE, { u: c.employee.id }, { token: other.adminToken }))).toBe('USER_NOT_FOUND');
    const employeeToken = await t.tokenFor(c.employee.email, c.employee.password);
    expect(codeOf(await t.gql(REVOKE, { u: c.admin.id }, { token: employeeToken }))).toBe('USER_NOT_FOUND');
    expect((await t.gql(ME, {}, { apiKey: c.employee.apiKey })).status).toBe(200);
    expect((await t.gql(REVOKE, { u: c.employee.id }, { token: c.adminToken })).body.data.revokeMagicKey.status).toBe(
      'SUCCESS',
    );
    expect(codeOf(await t.gql(ME, {}, { apiKey: c.employee.apiKey }))).toBe('UNAUTHENTICATED');
    const after = await t.gql(USERS, { c: c.id }, { token: c.adminToken });
    expect(after.body.data.getCompanyUsers.find((u: { id: string }) => u.id === c.employee.id).apiKey).toBeNull();

    // The user themselves, and an operator.
    expect((await t.gql(REVOKE, { u: c.admin.id }, { token: c.adminToken })).body.data.revokeMagicKey.status).toBe(
      'SUCCESS',
    );
    const op = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
    const opToken = await t.tokenFor(op.email, op.password);
    expect((await t.gql(REVOKE, { u: c.owner.id }, { token: opToken })).body.data.revokeMagicKey.status).toBe(
      'SUCCESS',
    );
    expect(codeOf(await t.gql(ME, {}, { apiKey: c.owner.apiKey }))).toBe('UNAUTHENTICATED');
  });
});

describe('a key acts with its user’s current role and status', () => {
  it("a demoted ADMIN's key no longer does what only ADMINs may", async () => {
    const c = await company();
    const ownerToken = await t.tokenFor(c.owner.email, c.owner.password);
    expect((await t.gql(USERS, { c: c.id }, { apiKey: c.admin.apiKey })).body.data.getCompanyUsers).toHaveLength(3);
    await t.gql(
      UPDATE,
      { i: { userId: c.admin.id, name: { first: 'Ex', last: 'Admin' }, accessLevel: 'EMPLOYEE' } },
      { token: ownerToken },
    );
    expect(codeOf(await t.gql(USERS, { c: c.id }, { apiKey: c.admin.apiKey }))).toBe('UNAUTHORIZED');
    expect((await t.gql(ME, {}, { apiKey: c.admin.apiKey })).body.data.me.user.accessLevel).toBe('EMPLOYEE');
  });

  it('a deactivated user’s key, and the keys of a deactivated organisation, act for nobody', async () => {
    const c = await company();
    await t.db.update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, c.employee.id));
    expect(codeOf(await t.gql(ME, {}, { apiKey: c.employee.apiKey }))).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { apiKey: c.admin.apiKey })).status).toBe(200);
    await t.db.run(sql`update companies set status = 'DEACTIVATED' where id = ${c.id}`);
    expect(codeOf(await t.gql(ME, {}, { apiKey: c.admin.apiKey }))).toBe('UNAUTHENTICATED');
  });
});
