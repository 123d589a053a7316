import { and, eq, inArray, isNotNull, ne, or, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  creditTransactions,
  datafileUploads,
  datafiles,
  type CreditPlanCategory,
  type CreditPlanRole,
  type ContractType,
  type TransactionType,
} from '../../../db/schema';
import { plansOfCompany } from './credits.repo';

/** One line of "transactions grouped per datafile", read from the ledger. */
export type GroupedTransactionLine = {
  /** The ledger row that stands for the line: for USED the latest charge row of the datafile. */
  transactionId: string;
  /** Every ledger row folded into the line (USED: one per plan and charge event); the ids a refund takes. */
  transactionIds: string[];
  datafileId: string | null;
  description: string;
  /** Records of the datafile now (USED lines with a known datafile), else null. */
  numberOfRecords: number | null;
  /** The USED line's datafile was deleted: its title stays for the credit history, the file no longer opens. */
  datafileDeleted: boolean;
  /** ISO-8601 UTC instant of the first row of the line. */
  createdDate: string;
  /** ISO-8601 UTC instant of the latest row ("last update"). */
  latestTransactionDate: string;
  /** USED: charge events after the first ("number of updates"); 0 on other lines. */
  numberOfUpdates: number;
  creditPlanDetails: {
    id: string;
    name: string;
    role: CreditPlanRole;
    category: CreditPlanCategory;
    planType: ContractType;
  };
  type: TransactionType;
  /** Credits (integer > 0): summed USED amount for a datafile, else the row's amount. */
  amount: number;
};

/**
 * The company's ledger as the credit tab shows it, newest first: per datafile one USED line (summed
 * in SQL, so a live import with thousands of charges is one row here), RECEIVED, EXPIRED and
 * REFUND rows (and USED rows without a datafile) on their own lines.
 */
export async function transactionsGroupedByDatafile(db: DbOrTx, companyId: string): Promise<GroupedTransactionLine[]> {
  const t = creditTransactions;
  const groups = await db
    .select({
      datafileId: sql<string>`${t.datafileId}`,
      amount: sql<number>`sum(${t.amount})`,
      chargeEvents: sql<number>`count(distinct ${t.chargeId})`,
      first: sql<string>`min(${t.occurredAt})`,
      last: sql<string>`max(${t.occurredAt})`,
      ids: sql<string>`group_concat(${t.id})`,
      lastRowid: sql<number>`max(rowid)`,
    })
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.type, 'USED'), isNotNull(t.datafileId)))
    .groupBy(t.datafileId);
  const latestRows =
    groups.length === 0
      ? []
      : await db
          .select()
          .from(t)
          .where(
            inArray(
              sql`rowid`,
              groups.map((g) => g.lastRowid),
            ),
          );
  const latestByDatafile = new Map(latestRows.map((r) => [r.datafileId!, r]));
  const singles = await db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), or(ne(t.type, 'USED'), isNull(t.datafileId))));
  const files =
    groups.length === 0
      ? []
      : await db
          .select({
            id: datafiles.id,
            title: datafiles.title,
            numberOfRecords: datafiles.numberOfRecords,
            isDeleted: datafiles.isDeleted,
          })
          .from(datafiles)
          .where(
            inArray(
              datafiles.id,
              groups.map((g) => g.datafileId),
            ),
          );
  const fileById = new Map(files.map((f) => [f.id, f]));
  // Updates (re-uploads) that found no new record charge nothing, yet they are updates: the upload history counts them.
  const updates =
    groups.length === 0
      ? []
      : await db
          .select({
            datafileId: datafileUploads.datafileId,
            n: sql<number>`count(*)`,
            last: sql<string>`max(${datafileUploads.finishedAt})`,
          })
          .from(datafileUploads)
          .where(
            and(
              inArray(
                datafileUploads.datafileId,
                groups.map((g) => g.datafileId),
              ),
              eq(datafileUploads.kind, 'UPDATE'),
              eq(datafileUploads.status, 'READY'),
            ),
          )
          .groupBy(datafileUploads.datafileId);
  const updatesOf = new Map(updates.map((u) => [u.datafileId, u]));
  const planById = new Map((await plansOfCompany(db, companyId)).map((p) => [p.id, p]));
  const details = (planId: string) => {
    const p = planById.get(planId)!;
    return { id: p.id, name: p.name, role: p.role, category: p.category, planType: p.planType };
  };

  const lines: GroupedTransactionLine[] = groups.map((g) => {
    const latest = latestByDatafile.get(g.datafileId)!;
    const file = fileById.get(g.datafileId);
    const history = updatesOf.get(g.datafileId);
    const last = history?.last && history.last > g.last ? history.last : g.last;
    return {
      transactionId: latest.id,
      transactionIds: g.ids.split(','),
      datafileId: g.datafileId,
      description: file?.title ?? latest.description,
      numberOfRecords: file?.numberOfRecords ?? null,
      datafileDeleted: file?.isDeleted ?? false,
      createdDate: g.first,
      latestTransactionDate: last,
      numberOfUpdates: Math.max(0, Number(g.chargeEvents) - 1, Number(history?.n ?? 0)),
      creditPlanDetails: details(latest.creditPlanId),
      type: 'USED',
      amount: Number(g.amount),
    };
  });
  for (const r of singles) {
    lines.push({
      transactionId: r.id,
      transactionIds: [r.id],
      datafileId: r.datafileId,
      description: r.description,
      numberOfRecords: null,
      datafileDeleted: false,
      createdDate: r.occurredAt,
      latestTransactionDate: r.occurredAt,
      numberOfUpdates: 0,
      creditPlanDetails: details(r.creditPlanId),
      type: r.type,
      amount: r.amount,
    });
  }
  return lines.sort((a, b) =>
    a.latestTransactionDate !== b.latestTransactionDate
      ? a.latestTransactionDate < b.latestTransactionDate
        ? 1
        : -1
      : a.transactionId < b.transactionId
        ? -1
        : 1,
  );
}
