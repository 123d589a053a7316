// Datafiles and their charges: uploads and updates of the demo company drawn from its plans in
// expiry order, a refund, expiring plans, an organisation that runs into its pay-as-usage backup
// and one on a pay-as-usage primary. The seed writes no interview data, so the files behind that
// credit history are deleted ones (as a user deletes a file: the row and its ledger rows stay, the
// lists hide it); the files a new user opens are the demo uploads the pipeline makes
// (api/demo/seed-datafiles.ts), besides a draft and a failed first upload.
import type { datafileCharges, datafileUploads, datafiles } from '../schema';
import { sid, type SeedClock } from './context';
import type { SeedBook } from './ledger';

export type SeedDatafiles = {
  dfRows: (typeof datafiles.$inferInsert)[];
  charges: (typeof datafileCharges.$inferInsert)[];
  /** The failed first upload, so its step 1 shows why it failed and asks for the file again. */
  uploads: (typeof datafileUploads.$inferInsert)[];
  /** The datafile whose first upload failed (status ERROR). */
  failed: string;
};

/** Builds the datafiles and charges, booking every charge in `book`'s ledger. */
export function buildDatafiles(
  { now, today, ago }: SeedClock,
  { plans, entry }: SeedBook,
  { secActive, secExpired }: { secActive: string; secExpired: string },
): SeedDatafiles {
  const demo = sid('c', 1);
  // The demo company's files draw from its active primary plan.
  const dfRows: (typeof datafiles.$inferInsert)[] = [];
  const charges: (typeof datafileCharges.$inferInsert)[] = [];
  const addDatafile = (
    n: number,
    companyN: number,
    ownerN: number,
    title: string,
    importType: 'MANUAL' | 'LIVE',
    status: 'DRAFT' | 'READY' | 'ERROR',
    records: number,
    daysAgo: number,
    deletedDaysAgo?: number,
  ) => {
    dfRows.push({
      id: sid('6', n),
      companyId: sid('c', companyN),
      ownerId: sid('b', ownerN),
      title,
      importType,
      status,
      datafileKey: status === 'DRAFT' ? null : `uploads/${sid('6', n)}.xlsx`,
      secretKey: importType === 'LIVE' ? `live_${n}_demo` : null,
      numberOfRecords: records,
      numberOfCleanedRecords: Math.round(records * 0.86),
      numberOfQualityScores: status === 'READY' ? records * 4 : 0,
      includeTimestamp: true,
      includeItemBattery: true,
      includeOES: importType === 'MANUAL',
      certificateLevel: status === 'READY' ? 2 : null,
      isCleaned: status === 'READY',
      metadata: { headerRow: 1, dataRecordStartRow: 2, dataRecordIdColumn: 'respondent_id', missingValues: ['-999'] },
      isDeleted: deletedDaysAgo !== undefined,
      deletedAt: deletedDaysAgo === undefined ? null : ago(deletedDaysAgo),
      createdAt: ago(daysAgo),
      updatedAt: ago(deletedDaysAgo ?? daysAgo),
    });
    return sid('6', n);
  };
  const activePrimary = (companyN: number) =>
    plans.find(
      (p) =>
        p.companyId === sid('c', companyN) &&
        p.role === 'PRIMARY' &&
        p.validFrom! <= today &&
        (p.validUntil ?? '9999') >= today,
    )!.id!;
  /** One charge event of a datafile, drawn from one or more plans (one USED row per plan touched). */
  const charge = (
    datafileId: string,
    companyN: number,
    allocations: [string, number][],
    interviews: number,
    kind: 'UPLOAD' | 'UPDATE',
    daysAgo: number,
    rev: number,
  ) => {
    const chargeId = sid('5', charges.length + 1);
    const credits = allocations.reduce((sum, [, n]) => sum + n, 0);
    charges.push({
      id: chargeId,
      companyId: sid('c', companyN),
      datafileId,
      kind,
      idempotencyKey: `upload:${datafileId}:${rev}`,
      requestHash: `seed-${rev}`,
      interviews,
      credits,
      operationId: `seed-charge-${charges.length + 1}`,
      actorId: sid('b', 2),
      createdAt: ago(daysAgo),
    });
    return allocations.map(([planId, n]) =>
      entry(planId, sid('c', companyN), 'USED', n, {
        description: kind === 'UPLOAD' ? 'Datafile upload' : 'Datafile update',
        daysAgo,
        datafileId,
        chargeId,
      }),
    )[0]!;
  };
  // Deleted after their last charge (d4 right after its upload).
  const d1 = addDatafile(1, 1, 2, 'Brand Tracker Q3 2026', 'MANUAL', 'READY', 1_200, 40, 4);
  const d2 = addDatafile(2, 1, 3, 'Customer Satisfaction Panel', 'LIVE', 'READY', 640, 12, 11);
  addDatafile(3, 1, 3, 'Employee Pulse (draft)', 'MANUAL', 'DRAFT', 0, 1);
  const d4 = addDatafile(4, 1, 4, 'Ad Concept Test', 'MANUAL', 'READY', 350, 0, 0);
  // A first upload that failed for good: the datafile is in ERROR, and its owner's UPLOAD_ERROR notification names it.
  const failed = addDatafile(7, 1, 3, 'Employee Pulse Q1 2026', 'MANUAL', 'ERROR', 0, 1);
  const d5 = addDatafile(5, 2, 10, 'Mobility Study 2026', 'MANUAL', 'READY', 2_000, 15, 2);
  const p1 = activePrimary(1);
  // The top-up expires first, so the drawdown spends it before the contract's plan.
  charge(
    d1,
    1,
    [
      [secActive, 5_000],
      [p1, 3_400],
    ],
    1_200,
    'UPLOAD',
    40,
    0,
  );
  const usedUpdate = charge(d1, 1, [[p1, 1_150]], 1_200, 'UPDATE', 20, 1);
  charge(d1, 1, [[p1, 900]], 1_200, 'UPDATE', 5, 2);
  charge(d2, 1, [[p1, 4_480]], 640, 'UPLOAD', 12, 0);
  charge(d4, 1, [[p1, 2_450]], 350, 'UPLOAD', 0, 0);
  // Descriptions follow the server's templates, so the credit screens show them in the reader's language.
  entry(p1, demo, 'REFUND', 1_150, {
    description: 'Refund: Datafile update',
    daysAgo: 19,
    datafileId: d1,
    reverses: usedUpdate,
  });
  entry(secExpired, demo, 'USED', 500, { description: 'Datafile upload', daysAgo: 150 });
  const expiredTopUp = plans.find((p) => p.id === secExpired)!;
  entry(secExpired, demo, 'EXPIRED', expiredTopUp.balance!, {
    description: `Credits expired: ${expiredTopUp.name}`,
    daysAgo: 119,
  });
  // Expired primary plans hand their rest to EXPIRED rows, as the calendar job would.
  for (const p of plans) {
    if (
      p.role === 'PRIMARY' &&
      p.validUntil &&
      p.validUntil < today &&
      p.category !== 'PAY_AS_USAGE' &&
      (p.balance ?? 0) > 0
    ) {
      entry(p.id!, p.companyId, 'EXPIRED', p.balance!, {
        description: `Credits expired: ${p.name}`,
        daysAgo: Math.max(1, Math.round((now.getTime() - Date.parse(`${p.validUntil}T00:00:00Z`)) / 86_400_000) - 1),
      });
    }
  }
  // Nordlicht has used most of its STARTER credits (low balance) and then some on its pay-as-usage backup.
  const p2 = activePrimary(2);
  charge(d5, 2, [[p2, 8_000]], 2_000, 'UPLOAD', 15, 0);
  const backup2 = plans.find((p) => p.companyId === sid('c', 2) && p.role === 'BACKUP')!;
  // The update needed 3,200: the last 2,000 prepaid credits, then 1,200 from the backup plan.
  charge(
    d5,
    2,
    [
      [p2, 2_000],
      [backup2.id!, 1_200],
    ],
    2_000,
    'UPDATE',
    3,
    1,
  );
  backup2.activatedAt = ago(3);
  // Alpen's pay-as-usage primary: usage this quarter.
  const alpenPayg = activePrimary(3);
  const d6 = addDatafile(6, 3, 12, 'Tourism Barometer', 'LIVE', 'READY', 900, 8, 7);
  charge(d6, 3, [[alpenPayg, 6_300]], 900, 'UPLOAD', 8, 0);
  const uploads: (typeof datafileUploads.$inferInsert)[] = [
    {
      id: sid('0d', 7),
      datafileId: failed,
      kind: 'UPLOAD',
      status: 'ERROR',
      revision: 1,
      sourceKey: `uploads/${demo}/${sid('b', 3)}/pulse-q1.csv`,
      sourceFormat: 'csv',
      sourceFileName: 'pulse-q1.csv',
      sourceBytes: 48_213,
      headerRow: 1,
      firstDataRow: 2,
      missingValues: ['-999'],
      errorCode: 'UPLOAD_FILE_CORRUPT',
      createdBy: sid('b', 3),
      createdAt: ago(1.01),
      confirmedBy: sid('b', 3),
      confirmedAt: ago(1.01),
      finishedAt: ago(1),
    },
  ];
  return { dfRows, charges, uploads, failed };
}
