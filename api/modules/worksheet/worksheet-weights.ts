// The datafile's weights in its published revision: the scores file, the mean combined score and the
// dashboard's COMBINED figures. The worksheet's save and the one-off job for datafiles whose weights
// were saved before the weights reached the scores (jobs/reweight-saved.jobs.ts) both go through here,
// so a datafile fixed by the job holds exactly what a save would have written.
import type { Table } from 'apache-arrow';
import type { CombinedWeights } from '../../../scoring/index';
import type { DbOrTx } from '../../../db/client';
import type { Deps } from '../../kernel/deps';
import { combinedStatOf, weightedScores, type Combine, type ScoreStat } from '../../ingest/index';
import { replaceCombinedStat } from '../dashboard';
import { numericColumns } from '../cleaning';
import * as repo from './worksheet.repo';

export interface WeightedRevision {
  /** The revision's scores table under the weights (the stored one when they are the file's already). */
  table: Table;
  /** The weights differ from those the stored file holds. */
  changed: boolean;
  /** Writes the weighted scores file (nothing when unchanged): before the write transaction. */
  writeScores: () => Promise<void>;
  /**
   * In the write transaction that stores the weights: names the weighted file in the manifest and
   * writes the mean combined score and the dashboard's COMBINED figures from it, unless the manifest
   * holds these weights already (then the figures are theirs too); true when it wrote. Every save and
   * the one-off job publish inside their transaction, so the last one's manifest, weights and figures
   * stand together.
   */
  publish: (tx: DbOrTx) => Promise<boolean>;
}

/** The published revision's scores under `weights`, computed with this process's WASM combine; nothing is written yet. */
export async function weightedRevision(
  deps: Pick<Deps, 'blobs' | 'scoring'>,
  file: { id: string; revision: number },
  weights: CombinedWeights,
): Promise<WeightedRevision> {
  const combine: Combine = (sub, rows, w) => deps.scoring.combined(sub, rows, w);
  const weighted = await weightedScores(deps.blobs, file.id, file.revision, weights, combine);
  const publish = async (tx: DbOrTx) => {
    if (!(await weighted.publish())) return false;
    await storeCombinedFigures(tx, file, combinedStatOf(numericColumns(weighted.table)('combined')!));
    return true;
  };
  return { table: weighted.table, changed: weighted.changed, writeScores: weighted.writeScores, publish };
}

/** The datafile's mean combined score and the dashboard's COMBINED figures from a weighted revision's stat (in the caller's transaction). */
async function storeCombinedFigures(
  tx: DbOrTx,
  file: { id: string; revision: number },
  stat: ScoreStat | null,
): Promise<void> {
  await repo.updateCleaningOutcome(tx, file.id, { meanCombinedScore: stat ? stat.sum / stat.count : null });
  await replaceCombinedStat(tx, file.id, file.revision, stat);
}
