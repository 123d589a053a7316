import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { datafileReports } from '../../../db/schema';

export type ReportSettingsRow = typeof datafileReports.$inferSelect;

export async function findReportSettings(db: DbOrTx, datafileId: string): Promise<ReportSettingsRow | undefined> {
  return db.select().from(datafileReports).where(eq(datafileReports.datafileId, datafileId)).get();
}

export async function saveReportSettings(db: DbOrTx, row: typeof datafileReports.$inferInsert): Promise<void> {
  const { datafileId: _id, ...set } = row;
  await db.insert(datafileReports).values(row).onConflictDoUpdate({ target: datafileReports.datafileId, set });
}
