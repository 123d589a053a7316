import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { viennaDate } from '../../db/domain/calendar';

/** A datafile row as the stats read it (title and owner do not matter to them). */
export async function makeDatafile(
  db: Db,
  f: {
    companyId: string;
    ownerId: string;
    createdAt: string;
    importType?: 'MANUAL' | 'LIVE';
    status?: 'DRAFT' | 'PROCESSING' | 'READY' | 'ERROR' | 'STOPPED';
    records?: number;
    deleted?: boolean;
  },
) {
  const id = crypto.randomUUID();
  await db.run(sql`insert into datafiles (id, company_id, owner_id, title, import_type, status, number_of_records, created_at, is_deleted)
    values (${id}, ${f.companyId}, ${f.ownerId}, 'Stats file', ${f.importType ?? 'MANUAL'}, ${f.status ?? 'READY'}, ${f.records ?? 0}, ${f.createdAt}, ${f.deleted ? 1 : 0})`);
  return id;
}

/** A prepaid plan to hang ledger rows on (the stats read the ledger, not the balances). */
export async function makePlan(db: Db, companyId: string) {
  const id = crypto.randomUUID();
  await db.run(sql`insert into credit_plans (id, company_id, role, category, plan_type, name, valid_from, received, balance, price_per_credit, created_at)
    values (${id}, ${companyId}, 'SECONDARY', 'NON_EXPIRING', 'CUSTOM', 'Stats plan', '2020-01-01', 1000000, 1000000, 10, '2020-01-01T00:00:00.000Z')`);
  return id;
}

/** One ledger row at an instant, its Vienna calendar date beside it as the ledger keeps it. */
export async function makeLedgerRow(
  db: Db,
  r: {
    companyId: string;
    planId: string;
    type: 'RECEIVED' | 'USED' | 'EXPIRED' | 'REFUND';
    amount: number;
    occurredAt: string;
  },
) {
  const id = crypto.randomUUID();
  const delta = r.type === 'RECEIVED' || r.type === 'REFUND' ? r.amount : -r.amount;
  await db.run(sql`insert into credit_transactions (id, company_id, credit_plan_id, type, amount, delta, operation_id, idempotency_key, price_per_credit, description, occurred_at, occurred_date)
    values (${id}, ${r.companyId}, ${r.planId}, ${r.type}, ${r.amount}, ${delta}, ${id}, ${`stats:${id}`}, 10, 'Stats row', ${r.occurredAt}, ${viennaDate(new Date(r.occurredAt))})`);
  return id;
}
