// The saved cleaning of a datafile: written by the worksheet's updateCleaningSettings, read by exports,
// the quality report and certificates, so all of them re-run exactly what the user saved.
import { eq } from 'drizzle-orm';
import type { CleaningRules } from '../../../scoring/index';
import type { DbOrTx } from '../../../db/client';
import { datafiles, type SavedCleaningJson } from '../../../db/schema';

export interface SavedCleaning extends Omit<SavedCleaningJson, 'rules'> {
  rules: CleaningRules;
}

/** The datafile's saved cleaning, or null when it was never cleaned (or was reset). */
export async function loadSavedCleaning(db: DbOrTx, datafileId: string): Promise<SavedCleaning | null> {
  const row = await db
    .select({ saved: datafiles.savedCleaning })
    .from(datafiles)
    .where(eq(datafiles.id, datafileId))
    .get();
  return (row?.saved as SavedCleaning | null | undefined) ?? null;
}

/** Stores (or with null clears) the saved cleaning; the caller validates the rules first. */
export async function storeSavedCleaning(db: DbOrTx, datafileId: string, saved: SavedCleaning | null): Promise<void> {
  await db.update(datafiles).set({ savedCleaning: saved }).where(eq(datafiles.id, datafileId));
}
