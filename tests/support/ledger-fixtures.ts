import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { oneYearEnd } from '../../db/domain/calendar';
import {
  companies,
  contracts,
  creditPlans,
  datafiles,
  users,
  type ContractType,
  type CreditPlanCategory,
  type CreditPlanRole,
} from '../../db/schema';
import { fixedClock } from '../../api/lib/clock';
import { grantPlanCredits } from '../../api/modules/credits/plan-ledger.service';
import { writeTransaction } from '../../db/write-transaction';

// Ledger test data built straight through the schema and the ledger services, so these tests do not
// depend on the GraphQL layer. A temporary database FILE each time: transactions and :memory: do not mix.

export async function ledgerDb(now = '2027-01-15T09:00:00.000Z') {
  const dir = mkdtempSync(join(tmpdir(), 'sqp-ledger-'));
  const url = `file:${join(dir, 'ledger.db')}`;
  const handle = await createDb(url);
  await migrateDb(handle.db);
  const clock = fixedClock(now);
  const deps = { db: handle.db, clock };
  return {
    ...deps,
    deps,
    url,
    handle,
    close: () => {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type LedgerDb = Awaited<ReturnType<typeof ledgerDb>>;

let n = 0;
const uid = (p: string) => `${p}-${++n}-${crypto.randomUUID().slice(0, 8)}`;

export async function company(db: Db, name = 'Acme') {
  const id = uid('company');
  await db.insert(companies).values({ id, name, status: 'ACTIVATED', createdAt: '2026-01-01T00:00:00.000Z' });
  return id;
}

/** A user without a usable password (the ledger never logs in); ADMINs receive credit alerts. */
export async function user(
  db: Db,
  companyId: string,
  accessLevel: 'ADMIN' | 'EMPLOYEE' = 'ADMIN',
  locale: 'de' | 'en' = 'en',
) {
  const id = uid('user');
  await db.insert(users).values({
    id,
    companyId,
    email: `${id}@test.example`,
    firstName: 'Ada',
    lastName: 'Admin',
    accessLevel,
    status: 'ACTIVATED',
    locale,
    magicKeyHash: id,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  return id;
}

export async function datafile(db: Db, companyId: string, ownerId: string, numberOfRecords = 10) {
  const id = uid('datafile');
  await db.insert(datafiles).values({
    id,
    companyId,
    ownerId,
    title: `Study ${id}`,
    importType: 'MANUAL',
    numberOfRecords,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  return id;
}

type Deps = LedgerDb['deps'];

/** A contract with its primary plan (prepaid, RECEIVED row written) and optionally a backup pay-as-usage plan. */
export async function contract(
  deps: Deps,
  o: {
    companyId: string;
    type?: ContractType;
    startDate: string;
    endDate?: string;
    autoRenew?: boolean;
    credits?: number;
    category?: CreditPlanCategory;
    backupPrice?: number;
    price?: number;
    createdAt?: string;
    id?: string;
  },
) {
  const type = o.type ?? 'PROFESSIONAL';
  const endDate = o.endDate ?? oneYearEnd(o.startDate);
  const id = o.id ?? uid('contract');
  const createdAt = o.createdAt ?? deps.clock.now().toISOString();
  return writeTransaction(deps.db, async (tx) => {
    await tx.insert(contracts).values({
      id,
      companyId: o.companyId,
      type,
      name: `REF-${id}`,
      startDate: o.startDate,
      endDate,
      autoRenew: o.autoRenew ?? false,
      createdAt,
    });
    const category = o.category ?? 'EXPIRING';
    const primary = await insertPlan(tx as unknown as Db, deps, {
      id: `${id}-primary`,
      companyId: o.companyId,
      contractId: id,
      role: 'PRIMARY',
      category,
      planType: type,
      validFrom: o.startDate,
      validUntil: category === 'NON_EXPIRING' ? null : endDate,
      received: category === 'PAY_AS_USAGE' ? 0 : (o.credits ?? 1000),
      price: o.price ?? 10,
      createdAt,
    });
    const backup =
      o.backupPrice === undefined
        ? null
        : await insertPlan(tx as unknown as Db, deps, {
            id: `${id}-backup`,
            companyId: o.companyId,
            contractId: id,
            role: 'BACKUP',
            category: 'PAY_AS_USAGE',
            planType: type,
            validFrom: o.startDate,
            validUntil: endDate,
            received: 0,
            price: o.backupPrice,
            createdAt,
          });
    await tx
      .update(contracts)
      .set({ primaryCreditPlanId: primary, backupCreditPlanId: backup })
      .where(eq(contracts.id, id));
    return { contractId: id, primaryPlanId: primary, backupPlanId: backup };
  });
}

export async function insertPlan(
  db: Db,
  deps: Deps,
  o: {
    companyId: string;
    contractId: string | null;
    role: CreditPlanRole;
    category: CreditPlanCategory;
    planType?: ContractType;
    validFrom: string;
    validUntil: string | null;
    received: number;
    price?: number;
    createdAt?: string;
    id?: string;
  },
) {
  const id = o.id ?? uid('plan');
  await db.insert(creditPlans).values({
    id,
    companyId: o.companyId,
    contractId: o.contractId,
    role: o.role,
    category: o.category,
    planType: o.planType ?? 'CUSTOM',
    name: `${o.role} ${id}`,
    validFrom: o.validFrom,
    validUntil: o.validUntil,
    received: o.category === 'PAY_AS_USAGE' ? 0 : o.received,
    balance: 0,
    pricePerCredit: o.price ?? 10,
    paymentAmount: o.category === 'PAY_AS_USAGE' ? 0 : o.received * (o.price ?? 10),
    createdAt: o.createdAt ?? deps.clock.now().toISOString(),
  });
  if (o.category !== 'PAY_AS_USAGE') await grantPlanCredits(db, deps, { planId: id, actorId: null });
  return id;
}

/** A secondary prepaid plan not tied to a contract, in its own write transaction. */
export const secondaryPlan = (
  deps: Deps,
  o: {
    companyId: string;
    validFrom: string;
    validUntil: string | null;
    received: number;
    createdAt?: string;
    id?: string;
  },
) =>
  writeTransaction(deps.db, (tx) =>
    insertPlan(tx as unknown as Db, deps, {
      ...o,
      contractId: null,
      role: 'SECONDARY',
      category: o.validUntil ? 'EXPIRING' : 'NON_EXPIRING',
    }),
  );

export const planRow = async (db: Db, id: string) =>
  (await db.select().from(creditPlans).where(eq(creditPlans.id, id)).get())!;

/** n interviews at c credits each. */
export const interviews = (count: number, c = 10) => Array.from({ length: count }, () => c);
