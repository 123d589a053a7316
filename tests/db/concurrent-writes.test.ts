import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../support/test-app';
import { countRows } from '../support/factories';

const REGISTER = 'mutation($i:RegisterCompanyInput!){registerCompany(input:$i){status}}';

describe('concurrent writes on a database file', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One proxy hop trusted, so each registration below comes from an address of its own: a burst from
    // one address meets the registration limit per address, which is not what these tests are about.
    t = await createTestApp({ env: { TRUST_PROXY_HOPS: '1' } });
  });
  afterAll(() => t.close());

  const from = (i: number) => ({ headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } });

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
      Array.from({ length: 16 }, async (_, i) =>
        t.gql(REGISTER, { i: await input(`p${i}@parallel.example`) }, from(i)),
      ),
    );
    expect(results.map(codeOf)).toEqual(Array(16).fill(undefined));
    expect(await countRows(t.db, 'companies')).toBe(16);
  });

  it('parallel registrations of one address create exactly one account', async () => {
    const before = await countRows(t.db, 'users');
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => t.gql(REGISTER, { i: await input('same@parallel.example') }, from(i))),
    );
    // Registration answers alike whether the address has an account (it cannot be probed), and mails to
    // one address are limited, so the one account is seen in the table, not in the answers.
    expect(results.map(codeOf).filter((c) => c !== undefined && c !== 'TOO_MANY_ATTEMPTS')).toEqual([]);
    expect(await countRows(t.db, 'users')).toBe(before + 1);
  });
});
