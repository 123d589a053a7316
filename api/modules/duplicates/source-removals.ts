// Removal rates per sample source under a datafile's saved cleaning: the per-interview decisions the
// worksheet's save stored beside the revision, tallied by the source each interview came with.
import { tableFromIPC } from 'apache-arrow';
import { removalsBySource, type SourceRemoval } from '../../../scoring/index';
import type { Deps } from '../../kernel/deps';
import { loadSavedCleaning } from '../cleaning';
import * as repo from './duplicates.repo';

export async function savedRemovalsBySource(
  deps: Pick<Deps, 'db' | 'blobs'>,
  file: { id: string; revision: number; isCleaned: boolean },
): Promise<SourceRemoval[]> {
  const saved = await loadSavedCleaning(deps.db, file.id);
  if (!saved || !file.isCleaned || saved.revision !== file.revision || !saved.decisionsKey) return [];
  const sources = new Map((await repo.sourcesOf(deps.db, file.id)).map((r) => [r.recordId, r.source]));
  if (sources.size === 0) return [];
  const bytes = await deps.blobs.getBytes(saved.decisionsKey);
  if (!bytes) return [];
  const table = tableFromIPC(bytes);
  const ids = Array.from(table.getChild('record_id')!.toArray() as ArrayLike<string | null>, (v) =>
    v === null || v === undefined ? null : String(v),
  );
  const primary = Int8Array.from(table.getChild('primary_reason')!.toArray() as ArrayLike<number>);
  return removalsBySource(ids, primary, sources);
}
