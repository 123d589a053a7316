// Every amount of credits or cents a mutation takes is bounded by one rule (db/domain/amounts.ts),
// and an organisation never receives more credits than its credit summary can add up as a GraphQL
// Int: updateTestPlan once accepted 2,147,483,647 credits and the summary failed from then on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CENTS, MAX_COMPANY_CREDITS, MAX_CREDITS } from '../../../db/domain/amounts';
import { assignContract } from '../../../api/modules/contracts/contracts.service';
import { createCreditPlan } from '../../../api/modules/credits/credit-plans.service';
import { writeTransaction } from '../../../db/write-transaction';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';

const TEST_PLAN = 'mutation($i:UpdateTestPlanInput!){updateTestPlan(input:$i){status}}';
const SUMMARY = 'query($c:ID!){getCompanyCreditSummary(companyId:$c){totalReceived totalBalance}}';
const ASSIGN = 'mutation($i:AssignContractInput!){assignNewContractToCompany(input:$i){status}}';

let t: TestApp;
let token: string;
let opId: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  const op = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
  opId = op.id;
  token = await t.tokenFor(op.email, op.password);
});
afterAll(() => t.close());

async function companyOnTestContract() {
  const companyId = await makeCompany(t.db);
  await assignContract(
    t.deps,
    opId,
    {
      companyId,
      contract: { contractType: 'TEST', startDate: '2026-11-21', endDate: '2026-12-20', autoRenew: false },
      creditPlan: { creditPlanCategory: 'EXPIRING', creditAmount: 10_000, pricePerCredit: 12, paymentAmount: 0 },
    },
    'NEW',
  );
  return companyId;
}

describe('bounded amounts', () => {
  it('refuses 2,147,483,647 credits on a test plan, saying the range, and the credit summary still answers', async () => {
    const c = await companyOnTestContract();
    const res = await t.gql(TEST_PLAN, { i: { companyId: c, creditAmount: 2_147_483_647 } }, { token });
    expect(codeOf(res)).toBe('INVALID_PARAMETERS:OUT_OF_RANGE');
    expect(res.body.errors![0]!.extensions).toMatchObject({ field: 'creditAmount', min: 0, max: MAX_CREDITS });
    expect(res.body.errors![0]!.message).toContain(String(MAX_CREDITS));
    expect((await t.gql(SUMMARY, { c }, { token })).body.data.getCompanyCreditSummary.totalReceived).toBe(10_000);
    expect(
      codeOf(await t.gql(TEST_PLAN, { i: { companyId: c, creditAmount: MAX_CREDITS } }, { token })),
    ).toBeUndefined();
  });

  it('bounds the credits, price and payment of a new contract’s plan', async () => {
    const companyId = await makeCompany(t.db);
    const input = (plan: Record<string, number>) => ({
      i: {
        companyId,
        contract: { contractType: 'CUSTOM', startDate: '2026-11-21', endDate: '2027-11-20', autoRenew: false },
        creditPlan: {
          creditPlanCategory: 'EXPIRING',
          creditAmount: 1000,
          pricePerCredit: 10,
          paymentAmount: 10_000,
          ...plan,
        },
      },
    });
    for (const [plan, field] of [
      [{ creditAmount: MAX_CREDITS + 1 }, 'creditAmount'],
      [{ pricePerCredit: MAX_CENTS + 1 }, 'pricePerCredit'],
      [{ paymentAmount: 2 ** 31 - 1 }, 'paymentAmount'],
      [{ paymentAmount: -1 }, 'paymentAmount'],
    ] as const) {
      const res = await t.gql(ASSIGN, input(plan), { token });
      expect(codeOf(res), JSON.stringify(plan)).toBe('INVALID_PARAMETERS:OUT_OF_RANGE');
      expect(res.body.errors![0]!.extensions.field).toBe(field);
    }
  });

  it('refuses a grant that would lift what the organisation ever received past a GraphQL Int, naming what is left', async () => {
    const c = await companyOnTestContract();
    // Years of plans, written as the credits module writes them: what counts is their sum.
    const received = MAX_COMPANY_CREDITS - 10_000 - 50_000;
    await writeTransaction(t.db, (tx) =>
      createCreditPlan(tx, t.deps, {
        companyId: c,
        contractId: null,
        role: 'SECONDARY',
        category: 'NON_EXPIRING',
        planType: 'CUSTOM',
        name: 'History',
        validFrom: '2020-01-01',
        validUntil: null,
        received,
        pricePerCredit: 0,
        createdBy: opId,
      }),
    );
    const res = await t.gql(TEST_PLAN, { i: { companyId: c, creditAmount: 100_000 } }, { token });
    expect(codeOf(res)).toBe('INVALID_PARAMETERS:OUT_OF_RANGE');
    expect(res.body.errors![0]!.extensions.max).toBe(50_000);
    expect(codeOf(await t.gql(TEST_PLAN, { i: { companyId: c, creditAmount: 60_000 } }, { token }))).toBeUndefined();
    const summary = await t.gql(SUMMARY, { c }, { token });
    expect(summary.body.data.getCompanyCreditSummary.totalReceived).toBe(MAX_COMPANY_CREDITS);
  });
});
