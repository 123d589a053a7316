import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { countRows, makeCompany, makeUser } from '../../support/factories';

const ASSIGN_NEW = 'mutation($i:AssignContractInput!){assignNewContractToCompany(input:$i){status message}}';
const ASSIGN_UPCOMING = 'mutation($i:AssignContractInput!){assignUpcomingContractToCompany(input:$i){status message}}';
const EDIT = 'mutation($c:EditContractInput!){editContract(contractToEdit:$c){status}}';
const DELETE = 'mutation($id:ID!){deleteContract(contractId:$id){status}}';
const CONTRACTS =
  'query($c:ID!){getCompanyContracts(companyId:$c){id name type status startDate endDate autoRenew durationInDays remainingDays createdBy{id} primaryCreditPlan{id category credits{balance received} pricePerCredit startDate expirationDate isNextAvailable} backupCreditPlan{id category}}}';
const UPCOMING = 'query($c:ID!){isCompnayHavingUpcomingContract(companyId:$c)}';

const plan = (over: Record<string, unknown> = {}) => ({
  creditPlanCategory: 'EXPIRING',
  creditAmount: 10_000,
  pricePerCredit: 12,
  paymentAmount: 120_000,
  ...over,
});
const contract = (over: Record<string, unknown> = {}) => ({
  contractType: 'STARTER',
  startDate: '2026-11-21',
  endDate: '2027-11-20',
  autoRenew: true,
  ...over,
});

describe('contracts through GraphQL (today is 2026-11-21 in Vienna)', () => {
  let t: TestApp;
  let op: string;
  let admin: string;
  let companyId: string;

  beforeEach(async () => {
    t?.close();
    t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
    const o = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
    op = await t.tokenFor(o.email, o.password);
    companyId = await makeCompany(t.db);
    const a = await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN', owner: true });
    admin = await t.tokenFor(a.email, a.password);
  });
  afterAll(() => t.close());

  const assign = async (query: string, c: Record<string, unknown>, p: Record<string, unknown> = plan()) =>
    t.gql(query, { i: { companyId, contract: contract(c), creditPlan: plan(p) } }, { token: op });
  const contracts = async (token = op) =>
    (await t.gql(CONTRACTS, { c: companyId }, { token })).body.data.getCompanyContracts as any[];

  it('a first contract starts today, is ACTIVE with its plan, RECEIVED credits and a pay-as-usage backup', async () => {
    expect((await assign(ASSIGN_NEW, {})).body.data.assignNewContractToCompany.status).toBe('SUCCESS');
    const [c] = await contracts();
    expect(c).toMatchObject({
      type: 'STARTER',
      status: 'ACTIVE',
      startDate: '2026-11-21',
      endDate: '2027-11-20',
      autoRenew: true,
      durationInDays: 365,
      remainingDays: 365,
    });
    expect(c.name).toMatch(/^CTR-2026-/);
    expect(c.primaryCreditPlan).toMatchObject({
      category: 'EXPIRING',
      credits: { balance: 10_000, received: 10_000 },
      pricePerCredit: 12,
      startDate: '2026-11-21',
      expirationDate: '2027-11-20',
      isNextAvailable: true,
    });
    expect(c.backupCreditPlan).toMatchObject({ category: 'PAY_AS_USAGE' });
    expect(
      (
        await t.db.all<{ n: number }>(
          sql`select count(*) as n from credit_transactions where type = 'RECEIVED' and amount = 10000`,
        )
      )[0]!.n,
    ).toBe(1);
  });

  it('STARTER, PROFESSIONAL and ENTERPRISE end one year minus one day after the start (29 February ends 28 February)', async () => {
    expect(codeOf(await assign(ASSIGN_NEW, { endDate: '2027-11-21' }))).toBe(
      'INVALID_PARAMETERS:ONE_YEAR_MINUS_ONE_DAY',
    );
    t.clock.set('2028-02-28T12:00:00.000Z');
    const op2 = await t.tokenFor(
      (await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' })).email,
      'Secret-123',
    );
    const res = await t.gql(
      ASSIGN_NEW,
      {
        i: {
          companyId,
          contract: contract({ contractType: 'ENTERPRISE', startDate: '2028-02-29', endDate: '2029-02-28' }),
          creditPlan: plan(),
        },
      },
      { token: op2 },
    );
    expect(res.body.data?.assignNewContractToCompany.status).toBe('SUCCESS');
  });

  it('TEST and CUSTOM never auto-renew; NON_EXPIRING and PAY_AS_USAGE only for CUSTOM; pay-as-usage sends 0', async () => {
    const before = await countRows(t.db, 'contracts');
    expect(codeOf(await assign(ASSIGN_NEW, { contractType: 'TEST', endDate: '2026-12-20', autoRenew: true }))).toBe(
      'INVALID_PARAMETERS:NO_AUTO_RENEW_FOR_TYPE',
    );
    expect(codeOf(await assign(ASSIGN_NEW, { contractType: 'CUSTOM', endDate: '2027-05-20', autoRenew: true }))).toBe(
      'INVALID_PARAMETERS:NO_AUTO_RENEW_FOR_TYPE',
    );
    expect(codeOf(await assign(ASSIGN_NEW, {}, { creditPlanCategory: 'NON_EXPIRING' }))).toBe(
      'INVALID_PARAMETERS:ONLY_FOR_CUSTOM',
    );
    expect(
      codeOf(await assign(ASSIGN_NEW, {}, { creditPlanCategory: 'PAY_AS_USAGE', creditAmount: 0, paymentAmount: 0 })),
    ).toBe('INVALID_PARAMETERS:ONLY_FOR_CUSTOM');
    expect(
      codeOf(
        await assign(
          ASSIGN_NEW,
          { contractType: 'CUSTOM', endDate: '2027-05-20', autoRenew: false },
          { creditPlanCategory: 'PAY_AS_USAGE', creditAmount: 100, paymentAmount: 0 },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:PAY_AS_USAGE_SENDS_ZERO');
    expect(await countRows(t.db, 'contracts')).toBe(before);
    const ok = await assign(
      ASSIGN_NEW,
      { contractType: 'CUSTOM', endDate: '2027-05-20', autoRenew: false },
      { creditPlanCategory: 'PAY_AS_USAGE', creditAmount: 0, paymentAmount: 0, pricePerCredit: 15 },
    );
    expect(ok.body.data.assignNewContractToCompany.status).toBe('SUCCESS');
    const [c] = await contracts();
    expect(c.primaryCreditPlan).toMatchObject({ category: 'PAY_AS_USAGE', credits: { balance: 0, received: 0 } });
    expect(c.backupCreditPlan).toBeNull();
  });

  it('refuses negative, zero or fractional credits, bad dates and an end before the start, and writes nothing', async () => {
    const before = {
      c: await countRows(t.db, 'contracts'),
      p: await countRows(t.db, 'credit_plans'),
      l: await countRows(t.db, 'credit_transactions'),
    };
    for (const p of [
      { creditAmount: 0 },
      { creditAmount: -5 },
      { creditAmount: 1.5 },
      { pricePerCredit: -1 },
      { paymentAmount: -100 },
    ]) {
      expect(codeOf(await assign(ASSIGN_NEW, {}, p)), JSON.stringify(p)).toMatch(
        /^INVALID_PARAMETERS:OUT_OF_RANGE$|^BAD_REQUEST$/,
      );
    }
    const refusals: [Record<string, unknown>, string][] = [
      [{ startDate: '21.11.2026' }, 'INVALID_DATE'],
      [{ startDate: '2026-02-30' }, 'INVALID_DATE'],
      [{ contractType: 'TEST', startDate: '2026-11-25', endDate: '2026-11-24', autoRenew: false }, 'END_BEFORE_START'],
      [{ startDate: '2026-11-20', endDate: '2027-11-19' }, 'START_IN_THE_PAST'],
    ];
    for (const [c, reason] of refusals)
      expect(codeOf(await assign(ASSIGN_NEW, c)), JSON.stringify(c)).toBe(`INVALID_PARAMETERS:${reason}`);
    expect({
      c: await countRows(t.db, 'contracts'),
      p: await countRows(t.db, 'credit_plans'),
      l: await countRows(t.db, 'credit_transactions'),
    }).toEqual(before);
  });

  it('a new contract starts after the active one ends, only one UPCOMING, and ADMIN does not see it', async () => {
    await assign(ASSIGN_NEW, {});
    expect(codeOf(await assign(ASSIGN_UPCOMING, { startDate: '2027-11-20', endDate: '2028-11-19' }))).toBe(
      'INVALID_PARAMETERS:START_AFTER_ACTIVE_END',
    );
    expect(
      (await assign(ASSIGN_UPCOMING, { contractType: 'PROFESSIONAL', startDate: '2027-11-21', endDate: '2028-11-20' }))
        .body.data.assignUpcomingContractToCompany.status,
    ).toBe('SUCCESS');
    const second = await assign(ASSIGN_UPCOMING, { startDate: '2028-11-21', endDate: '2029-11-20' });
    expect(codeOf(second)).toBe('INVALID_PARAMETERS:UPCOMING_CONTRACT_EXISTS');
    expect((await t.gql(UPCOMING, { c: companyId }, { token: op })).body.data.isCompnayHavingUpcomingContract).toBe(
      true,
    );
    expect((await contracts()).map((c) => c.status)).toEqual(['UPCOMING', 'ACTIVE']);
    const forAdmin = await contracts(admin);
    expect(forAdmin.map((c) => c.status)).toEqual(['ACTIVE']);
    expect(forAdmin[0]).toMatchObject({ name: null, createdBy: null });
    expect(codeOf(await t.gql(UPCOMING, { c: companyId }, { token: admin }))).toBe('UNAUTHORIZED');
  });

  it("a refusal's message says what to change in the caller's language; code and reason stay in extensions", async () => {
    await assign(ASSIGN_NEW, {});
    const early = {
      i: { companyId, contract: contract({ startDate: '2027-11-20', endDate: '2028-11-19' }), creditPlan: plan() },
    };
    const de = await t.gql(ASSIGN_UPCOMING, early, { token: op, headers: { 'accept-language': 'de-AT' } });
    expect(de.body.errors![0]).toMatchObject({
      message:
        'Der neue Vertrag muss nach dem Ende des aktiven Vertrags beginnen: Wählen Sie ein Startdatum nach dem 20.11.2027.',
      extensions: {
        code: 'INVALID_PARAMETERS',
        reason: 'START_AFTER_ACTIVE_END',
        field: 'startDate',
        after: '2027-11-20',
      },
    });
    const en = await t.gql(ASSIGN_UPCOMING, early, { token: op, headers: { 'accept-language': 'en' } });
    expect(en.body.errors![0]!.message).toBe(
      'The new contract must start after the active contract ends: choose a start date after 20.11.2027.',
    );
  });

  it('assignUpcomingContractToCompany needs an active contract', async () => {
    expect(codeOf(await assign(ASSIGN_UPCOMING, { startDate: '2026-12-01', endDate: '2027-11-30' }))).toBe(
      'COMPANY_CONTRACT_NOT_ACTIVE',
    );
  });

  it('editContract: the active start is locked, its auto-renew is locked while an upcoming exists; moving an upcoming start keeps the duration', async () => {
    await assign(ASSIGN_NEW, {});
    const [active] = await contracts();
    expect(
      codeOf(
        await t.gql(
          EDIT,
          { c: { contractId: active.id, startDate: '2026-11-22', endDate: '2027-11-21', autoRenew: true } },
          { token: op },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:START_LOCKED');
    await assign(ASSIGN_UPCOMING, {
      contractType: 'TEST',
      startDate: '2027-12-01',
      endDate: '2027-12-30',
      autoRenew: false,
    });
    const locked = await t.gql(
      EDIT,
      { c: { contractId: active.id, startDate: active.startDate, endDate: active.endDate, autoRenew: false } },
      { token: op },
    );
    expect(codeOf(locked)).toBe('INVALID_PARAMETERS:AUTO_RENEW_LOCKED_BY_UPCOMING');
    const upcoming = (await contracts()).find((c) => c.status === 'UPCOMING');
    const moved = await t.gql(
      EDIT,
      { c: { contractId: upcoming.id, startDate: '2028-01-10', endDate: '2028-02-08', autoRenew: false } },
      { token: op },
    );
    expect(moved.body.data.editContract.status).toBe('SUCCESS');
    const after = (await contracts()).find((c) => c.id === upcoming.id);
    expect(after).toMatchObject({ startDate: '2028-01-10', endDate: '2028-02-08', durationInDays: 30 });
    expect(after.primaryCreditPlan).toMatchObject({ startDate: '2028-01-10', expirationDate: '2028-02-08' });
    expect(
      codeOf(
        await t.gql(
          EDIT,
          { c: { contractId: upcoming.id, startDate: '2028-01-11', endDate: '2028-03-01', autoRenew: false } },
          { token: op },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:DURATION_KEPT');
    expect(
      codeOf(
        await t.gql(
          EDIT,
          { c: { contractId: upcoming.id, startDate: '2027-11-20', endDate: '2027-12-19', autoRenew: false } },
          { token: op },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:START_AFTER_ACTIVE_END');
  });

  it('an expired contract cannot be edited or deleted; an upcoming one can be deleted and its credits never count', async () => {
    await t.db.run(
      sql`insert into contracts (id, company_id, type, name, start_date, end_date, auto_renew, created_at, version) values ('old', ${companyId}, 'TEST', 'OLD', '2026-01-01', '2026-01-30', 0, '2026-01-01T00:00:00.000Z', 1)`,
    );
    expect(
      (
        await t.gql(
          EDIT,
          { c: { contractId: 'old', startDate: '2026-01-01', endDate: '2026-12-30', autoRenew: false } },
          { token: op },
        )
      ).body.errors![0]!.extensions.reason,
    ).toBe('CONTRACT_NOT_EDITABLE');
    expect(codeOf(await t.gql(DELETE, { id: 'old' }, { token: op }))).toBe(
      'INVALID_PARAMETERS:ONLY_UPCOMING_CAN_BE_DELETED',
    );
    await assign(ASSIGN_NEW, {});
    await assign(ASSIGN_UPCOMING, { startDate: '2027-11-21', endDate: '2028-11-20' });
    const upcoming = (await contracts()).find((c) => c.status === 'UPCOMING');
    expect((await t.gql(DELETE, { id: upcoming.id }, { token: op })).body.data.deleteContract.status).toBe('SUCCESS');
    expect((await contracts()).map((c) => c.status)).toEqual(['ACTIVE', 'EXPIRED']);
    expect((await t.gql(UPCOMING, { c: companyId }, { token: op })).body.data.isCompnayHavingUpcomingContract).toBe(
      false,
    );
    const summary = await t.gql(
      'query($c:ID!){getCompanyCreditSummary(companyId:$c){totalBalance activeCreditPlanBalance pricePerCreditForPayAsUsage}}',
      { c: companyId },
      { token: op },
    );
    expect(summary.body.data.getCompanyCreditSummary).toMatchObject({
      activeCreditPlanBalance: 10_000,
      pricePerCreditForPayAsUsage: 12,
    });
  });

  it("another company's contract ids answer like missing ones", async () => {
    await assign(ASSIGN_NEW, {});
    const [c] = await contracts();
    const otherCompany = await makeCompany(t.db);
    const stranger = await makeUser(t.db, t.deps.appSecret, { companyId: otherCompany, accessLevel: 'ADMIN' });
    const token = await t.tokenFor(stranger.email, stranger.password);
    expect(codeOf(await t.gql('query($id:ID!){getContractById(contractId:$id){id}}', { id: c.id }, { token }))).toBe(
      'INVALID_ID',
    );
    expect(codeOf(await t.gql('query($id:ID!){getContractById(contractId:$id){id}}', { id: 'nope' }, { token }))).toBe(
      'INVALID_ID',
    );
    expect(codeOf(await t.gql(CONTRACTS, { c: companyId }, { token }))).toBe('COMPANY_NOT_FOUND');
    expect(codeOf(await t.gql(CONTRACTS, { c: crypto.randomUUID() }, { token }))).toBe('COMPANY_NOT_FOUND');
  });

  it('updateTestPlan grows the active TEST plan and moves its end; credits cannot shrink', async () => {
    await assign(
      ASSIGN_NEW,
      { contractType: 'TEST', endDate: '2026-12-20', autoRenew: false },
      { creditAmount: 1000, pricePerCredit: 0, paymentAmount: 0 },
    );
    const UPDATE = 'mutation($i:UpdateTestPlanInput!){updateTestPlan(input:$i){status}}';
    expect(codeOf(await t.gql(UPDATE, { i: { companyId, creditAmount: 500 } }, { token: op }))).toBe(
      'INVALID_PARAMETERS:CAN_ONLY_GROW',
    );
    expect(
      (await t.gql(UPDATE, { i: { companyId, creditAmount: 1500, endDate: '2027-01-31' } }, { token: op })).body.data
        .updateTestPlan.status,
    ).toBe('SUCCESS');
    const [c] = await contracts();
    expect(c).toMatchObject({ endDate: '2027-01-31' });
    expect(c.primaryCreditPlan.credits).toEqual({ balance: 1500, received: 1500 });
    expect(
      (await t.gql(UPDATE, { i: { companyId, creditAmount: 1500 } }, { token: op })).body.data.updateTestPlan.status,
    ).toBe('SUCCESS');
  });

  it('changeCompanyContractStatus sets DEACTIVE and lifts it', async () => {
    await assign(ASSIGN_NEW, {});
    const [c] = await contracts();
    const STATUS = 'mutation($i:ContractStatusInput!){changeCompanyContractStatus(company:$i){status}}';
    await t.gql(STATUS, { i: { companyId, contractId: c.id, deactivate: true } }, { token: op });
    expect((await contracts())[0].status).toBe('DEACTIVE');
    await t.gql(STATUS, { i: { companyId, contractId: c.id, deactivate: false } }, { token: op });
    expect((await contracts())[0].status).toBe('ACTIVE');
  });
});

describe('the credit summary of a company without any plan', () => {
  it('answers zeros, not an error (the wallet shows its empty state)', async () => {
    const t = await createTestApp();
    try {
      const companyId = await makeCompany(t.db);
      const u = await makeUser(t.db, t.deps.appSecret, { companyId });
      const res = await t.gql(
        'query($c:ID!){getCompanyCreditSummary(companyId:$c){activeCreditPlanBalance activeCreditPlanReceived activePayAsUsageCreditPlanReceived pricePerCreditForPayAsUsage totalReceived totalBalance}}',
        { c: companyId },
        { token: await t.tokenFor(u.email, u.password) },
      );
      expect(res.body.data.getCompanyCreditSummary).toEqual({
        activeCreditPlanBalance: 0,
        activeCreditPlanReceived: 0,
        activePayAsUsageCreditPlanReceived: 0,
        pricePerCreditForPayAsUsage: 0,
        totalReceived: 0,
        totalBalance: 0,
      });
    } finally {
      t.close();
    }
  });
});
