import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../support/test-app';
import { countRows } from '../support/factories';

const REGISTER = 'mutation($i:RegisterCompanyInput!){registerCompany(input:$i){status}}';

describe('concurrent writes on a database file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const input = async (email: string) => ({
    companyName: 'Parallel GmbH',
    firstName: 'Par',
    lastName: 'Allel',
    email,
    password: await t.encrypt('parallel-secret'),
    termsAccepted: true,
  });

  it('a write transaction waits for another one to finish instead of failing with SQLITE_BUSY', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = t.db.transaction(async (tx) => {
      await tx.run(sql`insert into app_settings (key, value, updated_at) values ('first', '1', 'x')`);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const second = t.db.transaction(async (tx) => {
      await tx.run(sql`insert into app_settings (key, value, updated_at) values ('second', '2', 'x')`);
    });
    setTimeout(release, 150);
    await expect(Promise.all([first, second])).resolves.toBeDefined();
    expect(await countRows(t.db, 'app_settings')).toBeGreaterThanOrEqual(2);
  });

  it('parallel registrations all succeed without SQLITE_BUSY', async () => {
    const results = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => t.gql(REGISTER, { i: await input(`p${i}@parallel.example`) })),
    );
    expect(results.map(codeOf)).toEqual(Array(16).fill(undefined));
    expect(await countRows(t.db, 'companies')).toBe(16);
  });

  it('parallel registrations of one address create exactly one account', async () => {
    const before = await countRows(t.db, 'users');
    const results = await Promise.all(
      Array.from({ length: 12 }, async () => t.gql(REGISTER, { i: await input('same@parallel.example') })),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === undefined)).toHaveLength(1);
    expect(codes.filter((c) => c === 'USER_ALREADY_EXISTING')).toHaveLength(11);
    expect(await countRows(t.db, 'users')).toBe(before + 1);
  });
});
