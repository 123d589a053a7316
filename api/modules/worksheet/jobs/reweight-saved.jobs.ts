// A datafile whose weights were saved before the save wrote them into the scores file kept the
// upload's default-weighted combined score in its published revision, so every reader of that file
// (result page, columns and scores routes, exports, report, certificate) and its mean and dashboard
// figures showed default-weighted numbers until it was saved again. This one-off job, enqueued at
// start-up, writes each such revision's weighted scores as the save does (worksheet-weights.ts).
import { DEFAULT_WEIGHTS, combinedWeightsOf, sameWeights } from '../../../../scoring/index';
import { writeTransaction } from '../../../../db/write-transaction';
import { readManifest } from '../../../ingest/index';
import type { AppJobHandler, Deps } from '../../../kernel/deps';
import type { WeightingMethod } from '../../../../db/schema';
import * as repo from '../worksheet.repo';
import { weightedRevision } from '../worksheet-weights';
import { REWEIGHT_SAVED_JOB, REWEIGHT_SAVED_KEY, type ReweightSavedResult } from './contract';

const weightsOf = (method: WeightingMethod | null | undefined) => combinedWeightsOf(method?.datafileWeighting);

/**
 * Every datafile with saved weights other than the defaults whose published revision's manifest
 * records no weights. Idempotent and resumable: the weighted scores file is written first, then the
 * manifest and the figures in one write transaction (serialised with every save's), so a run stopped
 * before it finds the datafile still a candidate; once the manifest records the weights the datafile is
 * no longer one. No credits.
 */
export async function reweightSavedDatafiles(
  deps: Pick<Deps, 'db' | 'blobs' | 'scoring'>,
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<ReweightSavedResult> {
  const candidates = (await repo.weightedDatafiles(deps.db)).filter(
    (f) => !sameWeights(weightsOf(f.weightingMethod), DEFAULT_WEIGHTS),
  );
  let reweighted = 0;
  for (const [i, file] of candidates.entries()) {
    await progress(Math.floor((i * 100) / candidates.length));
    const manifest = await readManifest(deps.blobs, file.id, file.revision);
    // No manifest: the revision's data is gone (retention); weights recorded: a save or the upload wrote them.
    if (!manifest || manifest.weights) continue;
    const weights = weightsOf(file.weightingMethod);
    const weighted = await weightedRevision(deps, file, weights);
    if (!weighted.changed) continue;
    await weighted.writeScores();
    const published = await writeTransaction(deps.db, async (tx) => {
      // A new revision or a save since the candidates were read: that one wrote its own numbers.
      const now = await repo.revisionAndWeights(tx, file.id);
      if (!now || now.revision !== file.revision || !sameWeights(weightsOf(now.weightingMethod), weights)) return false;
      return weighted.publish(tx);
    });
    if (published) reweighted++;
  }
  return { checked: candidates.length, reweighted };
}

export const reweightSavedJob: AppJobHandler<Record<string, never>, ReweightSavedResult> = {
  kind: REWEIGHT_SAVED_JOB,
  maxAttempts: 5,
  run: ({ deps, progress }) => reweightSavedDatafiles(deps, progress),
};

/** Enqueues the job once per database (start-up of every process; the dedupe key makes repeats no-ops). */
export async function enqueueReweightSaved(deps: Pick<Deps, 'jobs'>): Promise<string> {
  return (await deps.jobs.enqueue(REWEIGHT_SAVED_JOB, {}, { dedupeKey: REWEIGHT_SAVED_KEY })).id;
}
