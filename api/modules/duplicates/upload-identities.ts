// An uploaded revision's identities: the columns typed "device fingerprint", "respondent panel ID"
// and "sample source" in step 2, read back from the revision's raw Arrow file beside its record ids,
// hashed under the organisation's key and stored like a live respondent's. A new version replaces
// the datafile's rows (records no longer in the file leave the checks) and keeps when each record
// was first seen, so a re-upload does not make its interviews look new.
import { eq } from 'drizzle-orm';
import type { Deps } from '../../kernel/deps';
import { readRevisionColumns, type ColumnMapping } from '../../ingest';
import { writeTransaction } from '../../../db/write-transaction';
import { respondentIdentities } from '../../../db/schema';
import { identityHasher } from './identity';
import * as repo from './duplicates.repo';

const BATCH = 1_000;

const cell = (v: unknown, max: number): string | null => {
  if (v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))) return null;
  const s = String(v).trim();
  return s.length === 0 ? null : s.slice(0, max);
};

export async function storeUploadIdentities(
  deps: Pick<Deps, 'db' | 'blobs' | 'appSecret' | 'clock'>,
  plan: { companyId: string; datafileId: string; revision: number; mapping: ColumnMapping },
): Promise<number> {
  const column = (type: string) =>
    plan.mapping.dataPoints.find((d) => d.type === type) as { column: string } | undefined;
  const device = column('DEVICE_FINGERPRINT')?.column;
  const panel = column('PANEL_ID')?.column;
  const source = column('SAMPLE_SOURCE')?.column;
  const hadRows = (await repo.seenAtOf(deps.db, plan.datafileId)).length > 0;
  if (!device && !panel && !source && !hadRows) return 0;
  const named = [device, panel, source].filter((c): c is string => c !== undefined);
  const raw = named.length ? await readRevisionColumns(deps.blobs, plan.datafileId, plan.revision, 'raw', named) : null;
  const ids = (await readRevisionColumns(deps.blobs, plan.datafileId, plan.revision, 'scores', ['record_id'])).getChild(
    'record_id',
  )!;
  const values = (name: string | undefined) => (name && raw ? raw.getChild(name) : null);
  const [d, p, s] = [values(device), values(panel), values(source)];
  const hash = identityHasher(deps.appSecret, plan.companyId);
  const now = deps.clock.now().toISOString();
  const firstSeen = new Map((await repo.seenAtOf(deps.db, plan.datafileId)).map((r) => [r.recordId, r.seenAt]));
  const rows: repo.IdentityRow[] = [];
  for (let i = 0; i < ids.length; i++) {
    const recordId = cell(ids.get(i), 200);
    if (recordId === null) continue;
    const h = hash({
      fingerprint: cell(d?.get(i), 200),
      panelId: cell(p?.get(i), 200),
      source: cell(s?.get(i), 100),
    });
    if (h.deviceHash === null && h.panelHash === null && h.source === null) continue;
    rows.push({
      companyId: plan.companyId,
      datafileId: plan.datafileId,
      recordId,
      ...h,
      seenAt: firstSeen.get(recordId) ?? now,
    });
  }
  await writeTransaction(deps.db, async (tx) => {
    await tx.delete(respondentIdentities).where(eq(respondentIdentities.datafileId, plan.datafileId));
    for (let i = 0; i < rows.length; i += BATCH) await repo.insertIdentities(tx, rows.slice(i, i + BATCH));
  });
  return rows.length;
}
