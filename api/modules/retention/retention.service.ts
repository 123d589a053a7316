// Storage retention: what leaves the store, and when. A deleted datafile keeps its interview data for
// RETENTION_DELETED_DATAFILE_DAYS (an operator can still bring back a mistaken delete), then its
// revisions, exports, upload sources and live respondents go; the row, its charges and certificates
// stay (the ledger is append-only, a certificate stays verifiable). Export files expire
// RETENTION_EXPORT_DAYS after they were written (a new request writes them again), uploaded source
// files RETENTION_UPLOAD_SOURCE_DAYS after upload (a published revision no longer needs its source).
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import * as repo from './retention.repo';

export type RetentionResult = {
  datafilesPurged: number;
  liveRespondentsRemoved: number;
  exportsRemoved: number;
  uploadSourcesRemoved: number;
};

const DAY_MS = 86_400_000;
/** Datafiles purged per run (the hourly run takes the next ones). */
const PURGE_BATCH = 100;

/** Objects under `prefix` written before `before`. */
async function objectsOlderThan(deps: Pick<Deps, 'blobs'>, prefix: string, before: Date): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of deps.blobs.list(prefix)) if (o.lastModified.getTime() < before.getTime()) keys.push(o.key);
  return keys;
}

export async function applyRetention(
  deps: Pick<Deps, 'db' | 'blobs' | 'clock' | 'env' | 'log'>,
): Promise<RetentionResult> {
  const now = deps.clock.now();
  const days = deps.env.retention;
  const result: RetentionResult = {
    datafilesPurged: 0,
    liveRespondentsRemoved: 0,
    exportsRemoved: 0,
    uploadSourcesRemoved: 0,
  };

  const cutoff = new Date(now.getTime() - days.deletedDatafileDays * DAY_MS).toISOString();
  for (const { id } of await repo.deletedDueForPurge(deps.db, cutoff, PURGE_BATCH)) {
    // Objects first, the mark last: a run that stops midway is repeated by the next one.
    await deps.blobs.deletePrefix(`datafiles/${id}/`);
    await deps.blobs.deletePrefix(`exports/${id}/`);
    for (const { key } of await repo.uploadSourcesOf(deps.db, id)) await deps.blobs.delete(key);
    result.liveRespondentsRemoved += await writeTransaction(deps.db, (tx) =>
      repo.markPurged(tx, id, now.toISOString()),
    );
    result.datafilesPurged++;
  }

  for (const key of await objectsOlderThan(deps, 'exports/', new Date(now.getTime() - days.exportDays * DAY_MS))) {
    await deps.blobs.delete(key);
    result.exportsRemoved++;
  }

  const oldSources = await objectsOlderThan(deps, 'uploads/', new Date(now.getTime() - days.uploadSourceDays * DAY_MS));
  const inUse = new Set<string>();
  for (let i = 0; i < oldSources.length; i += 500)
    for (const { key } of await repo.sourcesInUse(deps.db, oldSources.slice(i, i + 500))) inUse.add(key);
  for (const key of oldSources) {
    if (inUse.has(key)) continue;
    await deps.blobs.delete(key);
    result.uploadSourcesRemoved++;
  }
  if (Object.values(result).some((n) => n > 0)) deps.log.info('retention applied', result);
  return result;
}
