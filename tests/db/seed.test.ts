import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_UPLOAD_IDS, seedDemoData } from '../../db/seed';
import { seedSecrets } from '../../api/demo/seed-secrets';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the demo seed', () => {
  let t: TestApp;
  const q = async <T = Record<string, unknown>>(query: string) => t.db.all<T>(sql.raw(query));

  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemoData(t.db, seedSecrets(), { now: t.clock.now() })).toBe(true);
  });
  afterAll(() => t.close());

  it('is idempotent: a second run writes nothing', async () => {
    const before = await q<{ n: number }>(
      'select (select count(*) from users) + (select count(*) from credit_transactions) + (select count(*) from contracts) as n',
    );
    expect(await seedDemoData(t.db, seedSecrets(), { now: t.clock.now() })).toBe(false);
    const after = await q<{ n: number }>(
      'select (select count(*) from users) + (select count(*) from credit_transactions) + (select count(*) from contracts) as n',
    );
    expect(after).toEqual(before);
  });

  it('lets each demo account log in with Demo-1234', async () => {
    for (const [email, level] of [
      ['superadmin@example.com', 'SUPER_ADMIN'],
      ['admin@example.com', 'ADMIN'],
      ['employee@example.com', 'EMPLOYEE'],
    ]) {
      const res = await t.login(email!, DEMO_PASSWORD);
      expect(res.body.data?.login.accessLevel, email).toBe(level);
    }
    const me = await t.gql(
      '{me{user{isOwner company{name isActivated}}}}',
      {},
      { token: await t.tokenFor('admin@example.com', DEMO_PASSWORD) },
    );
    expect(me.body.data.me.user).toEqual({
      isOwner: true,
      company: { name: 'Demo Research GmbH', isActivated: 'ACTIVATED' },
    });
  });

  it('covers at least eight organisations in every status, and users of every role and status', async () => {
    const companies = await q<{ status: string; n: number }>(
      'select status, count(*) as n from companies group by status',
    );
    expect(Object.fromEntries(companies.map((r) => [r.status, r.n]))).toMatchObject({
      PENDING: expect.any(Number),
      ACTIVATED: expect.any(Number),
      DEACTIVATED: expect.any(Number),
    });
    expect(companies.reduce((s, r) => s + r.n, 0)).toBeGreaterThanOrEqual(8);
    const roles = (await q<{ access_level: string }>('select distinct access_level from users'))
      .map((r) => r.access_level)
      .sort();
    expect(roles).toEqual(['ADMIN', 'EMPLOYEE', 'SUPER_ADMIN']);
    const statuses = (await q<{ status: string }>('select distinct status from users')).map((r) => r.status).sort();
    expect(statuses).toEqual(['ACTIVATED', 'DEACTIVATED', 'NOT_ACTIVATED', 'PENDING']);
    const invitations = await q<{ n: number }>(
      "select count(*) as n from auth_tokens where purpose = 'INVITATION' and used_at is null",
    );
    expect(invitations[0]!.n).toBeGreaterThan(0);
  });

  it('has contracts of every type in UPCOMING, ACTIVE and EXPIRED, without overlaps, one upcoming per company', async () => {
    const today = '2026-11-21';
    const rows = await q<{ company_id: string; type: string; start_date: string; end_date: string }>(
      'select company_id, type, start_date, end_date from contracts order by company_id, start_date',
    );
    const status = (r: { start_date: string; end_date: string }) =>
      today < r.start_date ? 'UPCOMING' : today > r.end_date ? 'EXPIRED' : 'ACTIVE';
    const seen = new Set(rows.map((r) => `${r.type}:${status(r)}`));
    for (const type of ['STARTER', 'PROFESSIONAL', 'ENTERPRISE', 'CUSTOM', 'TEST'])
      for (const s of ['UPCOMING', 'ACTIVE', 'EXPIRED']) expect(seen.has(`${type}:${s}`), `${type} ${s}`).toBe(true);
    for (let i = 1; i < rows.length; i++) {
      if (rows[i]!.company_id === rows[i - 1]!.company_id)
        expect(rows[i]!.start_date > rows[i - 1]!.end_date).toBe(true);
    }
    const upcomingPerCompany = new Map<string, number>();
    for (const r of rows)
      if (status(r) === 'UPCOMING')
        upcomingPerCompany.set(r.company_id, (upcomingPerCompany.get(r.company_id) ?? 0) + 1);
    expect(Math.max(...upcomingPerCompany.values())).toBe(1);
  });

  it('has plans of every category with a pay-as-usage backup, transactions of every type, and a ledger that adds up', async () => {
    const categories = (await q<{ category: string }>('select distinct category from credit_plans'))
      .map((r) => r.category)
      .sort();
    expect(categories).toEqual(['EXPIRING', 'NON_EXPIRING', 'PAY_AS_USAGE']);
    expect(
      (
        await q<{ n: number }>(
          "select count(*) as n from credit_plans where role = 'BACKUP' and category = 'PAY_AS_USAGE'",
        )
      )[0]!.n,
    ).toBeGreaterThan(0);
    const types = (await q<{ type: string }>('select distinct type from credit_transactions'))
      .map((r) => r.type)
      .sort();
    expect(types).toEqual(['EXPIRED', 'RECEIVED', 'REFUND', 'USED']);
    // Invariant 1: each plan's balance cache equals the sum of its ledger deltas.
    const drift = await q(
      'select p.id, p.balance, coalesce(sum(t.delta), 0) as sum from credit_plans p left join credit_transactions t on t.credit_plan_id = p.id group by p.id having p.balance <> coalesce(sum(t.delta), 0)',
    );
    expect(drift).toEqual([]);
    // Invariant 2: received + refunds - used - expired == sum of prepaid balances.
    const [flows] = await q<{ flows: number; balances: number }>(`select
      (select coalesce(sum(t.delta), 0) from credit_transactions t join credit_plans p on p.id = t.credit_plan_id where p.category <> 'PAY_AS_USAGE') as flows,
      (select coalesce(sum(balance), 0) from credit_plans where category <> 'PAY_AS_USAGE') as balances`);
    expect(flows!.flows).toBe(flows!.balances);
    expect(
      (
        await q<{ n: number }>(
          "select count(*) as n from credit_plans where category <> 'PAY_AS_USAGE' and balance < 0",
        )
      )[0]!.n,
    ).toBe(0);
    // Every charge's USED rows add up to its credits.
    expect(
      await q(
        'select c.id from datafile_charges c join credit_transactions t on t.charge_id = c.id group by c.id having sum(t.amount) <> c.credits',
      ),
    ).toEqual([]);
  });

  it('has read and unread notifications', async () => {
    const rows = await q<{ unread: number; read: number }>(
      'select sum(read_at is null) as unread, sum(read_at is not null) as read from notifications',
    );
    expect(rows[0]!.unread).toBeGreaterThan(0);
    expect(rows[0]!.read).toBeGreaterThan(0);
  });

  it('leaves no file that shows Ready without data: the files of the credit history are deleted, their ledger rows kept', async () => {
    // The seed writes no interview data: the files a new user opens are the demo uploads the pipeline
    // makes (tests/db/seed-datafiles.test.ts checks those), besides the draft and the failed first upload.
    expect(await q("select title from datafiles where is_deleted = 0 and status not in ('DRAFT', 'ERROR')")).toEqual(
      [],
    );
    const deleted = await q<{ title: string; charges: number; rows: number }>(
      `select d.title, (select count(*) from datafile_charges c where c.datafile_id = d.id) as charges,
        (select count(*) from credit_transactions t where t.datafile_id = d.id) as rows
       from datafiles d where d.is_deleted = 1 and d.deleted_at is not null order by d.title`,
    );
    expect(deleted.map((d) => d.title)).toEqual([
      'Ad Concept Test',
      'Brand Tracker Q3 2026',
      'Customer Satisfaction Panel',
      'Mobility Study 2026',
      'Tourism Barometer',
    ]);
    for (const d of deleted) expect([d.title, d.charges > 0, d.rows > 0]).toEqual([d.title, true, true]);
  });

  it('names in each datafile notification a demo upload or the failed first upload, never a deleted file', async () => {
    const rows = await q<{ type: string; url: string; status: string | null; deleted: number | null }>(
      `select n.type, n.url, d.status, d.is_deleted as deleted from notifications n
       left join datafiles d on n.url like '%datafileId=' || d.id where n.type <> 'GENERIC'`,
    );
    expect(rows.map((r) => r.type).sort()).toEqual(['UPDATE_ERROR', 'UPLOAD_ERROR']);
    for (const row of rows) {
      if (row.type === 'UPLOAD_ERROR') expect([row.status, row.deleted]).toEqual(['ERROR', 0]);
      // The demo uploads exist once the pipeline made them, after this seed.
      else expect(Object.values(DEMO_UPLOAD_IDS).some((id) => row.url.endsWith(`datafileId=${id}`))).toBe(true);
    }
  });

  it('keeps the ledger append-only: UPDATE and DELETE fail', async () => {
    // drizzle wraps the driver error; the trigger's message is in its cause.
    const failure = (statement: Promise<unknown>) =>
      statement.then(
        () => 'no error',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    expect(await failure(t.db.run(sql`update credit_transactions set amount = amount + 1`))).toMatch(/append-only/);
    expect(await failure(t.db.run(sql`delete from credit_transactions`))).toMatch(/append-only/);
    expect(await failure(t.db.run(sql`delete from datafile_charges`))).toMatch(/append-only/);
  });

  it('counts no deleted file on the dashboard', async () => {
    const Q = '{getMyDatafilesSummaryForDashboard{numberOfDatafiles numberOfDataRecords numberOfQualityScores}}';
    for (const email of ['admin@example.com', 'employee@example.com']) {
      const res = await t.gql(Q, {}, { token: await t.tokenFor(email, DEMO_PASSWORD) });
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      expect(res.body.data.getMyDatafilesSummaryForDashboard, email).toEqual({
        numberOfDatafiles: 0,
        numberOfDataRecords: 0,
        numberOfQualityScores: 0,
      });
    }
  });
});
