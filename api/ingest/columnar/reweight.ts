// A published revision's combined score under a datafile's saved weights. The upload computes
// scores.arrow with the scoring core's defaults; when the weighting is saved, the combined score and
// its subscore count are computed again from the stored subscores with the same WASM kernel and
// written back into scores.arrow, so every reader of the revision (result page, exports, report,
// certificate, the worksheet, the cleaning) sees one number. The manifest records the weights the
// file holds (absent: the defaults), which makes a save with unchanged weights write nothing. The
// reweighted file gets a key of its own named by its weights (a published file is never rewritten in
// place: a reader of the older manifest, an export streaming it, keeps reading whole bytes).
import { createHash } from 'node:crypto';
import { Vector, tableFromIPC, tableToIPC, type Table } from 'apache-arrow';
import {
  DEFAULT_WEIGHTS,
  sameWeights,
  type CombinedResult,
  type CombinedWeights,
  type Subscores,
} from '../../../scoring/index';
import { uploadError } from '../../kernel/errors/upload-errors';
import { vectorToFloat64 } from '../../../scoring/arrow-columns';
import { revisionPrefix, type UploadBlobStore } from '../blob';
import { float64Data } from './arrow-io';
import { MANIFEST_FILE, SCORE_COLUMNS as C } from './layout';
import { readManifest, revisionFileKey } from './reader';

export type Combine = (
  sub: Subscores,
  rows: number,
  weights: CombinedWeights,
) => Pick<CombinedResult, 'combined' | 'nSubscores'>;

const SUBSCORES = { oes: C.oes, ts: C.ts, ibs: C.ibs, ps: C.ps, cs: C.cs, con: C.con, bas: C.bas } as const;

/** The combined score of every row of `table` under `weights`, the table with both columns replaced. */
export function reweightTable(table: Table, weights: CombinedWeights, combine: Combine): Table {
  const sub: Subscores = {};
  for (const [key, name] of Object.entries(SUBSCORES)) {
    const vector = table.getChild(name);
    if (vector) sub[key as keyof Subscores] = vectorToFloat64(vector);
  }
  const { combined, nSubscores } = combine(sub, table.numRows, weights);
  return table
    .setChild(C.combined, new Vector([float64Data(combined)]))
    .setChild(C.nSubscores, new Vector([float64Data(nSubscores)]));
}

export interface WeightedScores {
  /** The revision's scores under the weights (the stored table when the manifest holds them already). */
  table: Table;
  /** The weights differ from those the manifest named when it was read. */
  changed: boolean;
  /** Writes the weighted scores file under a key of its own (nothing when unchanged); before the write transaction. */
  writeScores: () => Promise<void>;
  /**
   * Names this table and its weights in the revision's manifest unless the manifest holds these weights
   * already; true when it wrote. Call it inside the write transaction that stores the weights and the
   * figures, after writeScores: that transaction is serialised with every other save's, so the manifest
   * and the database rows are always those of the same, last save.
   */
  publish: () => Promise<boolean>;
}

/**
 * A published revision's scores table under `weights`; nothing is written until the caller has checked
 * everything else (a refused save leaves the revision as it was). The weighted file gets a key named by
 * its weights and the manifest, which names that key, is written after it: a reader between the two
 * still reads the older file whole.
 */
export async function weightedScores(
  blobs: UploadBlobStore,
  datafileId: string,
  revision: number,
  weights: CombinedWeights,
  combine: Combine,
): Promise<WeightedScores> {
  const manifest = await readManifest(blobs, datafileId, revision);
  if (!manifest) throw uploadError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_NOT_PUBLISHED' });
  const key = revisionFileKey(manifest, datafileId, revision, 'scores');
  const bytes = await blobs.getBytes(key);
  if (!bytes) throw uploadError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_FILE_MISSING' });
  const table = tableFromIPC(bytes);
  const all = { ...DEFAULT_WEIGHTS, ...weights };
  const changed = !sameWeights(manifest.weights ?? DEFAULT_WEIGHTS, weights);
  const next = changed ? reweightTable(table, weights, combine) : table;
  // Unchanged: the file the manifest names now already holds these weights; changed: the file writeScores writes.
  let scores: typeof manifest.files.scores | null = changed ? null : manifest.files.scores;
  const writeScores = async () => {
    if (!changed) return;
    const out = tableToIPC(next, 'file');
    const weighted = `${revisionPrefix(datafileId, revision)}scores-w${weightsTag(weights)}.arrow`;
    await blobs.put(weighted, out, { contentType: 'application/vnd.apache.arrow.file' });
    scores = { ...manifest.files.scores, key: weighted, size: out.length };
  };
  const publish = async () => {
    // Read again: another save may have named its own file since this one read the manifest.
    const current = await readManifest(blobs, datafileId, revision);
    if (!current || sameWeights(current.weights ?? DEFAULT_WEIGHTS, weights)) return false;
    if (!scores) throw new Error('weightedScores: publish before writeScores would name a file not written');
    const updated = { ...current, files: { ...current.files, scores }, weights: all };
    await blobs.put(
      revisionPrefix(datafileId, revision) + MANIFEST_FILE,
      new TextEncoder().encode(JSON.stringify(updated)),
      {
        contentType: 'application/json',
      },
    );
    return true;
  };
  return { table: next, changed, writeScores, publish };
}

/** A short name of a set of combined-score weights (the same weights, the same name). */
function weightsTag(weights: CombinedWeights): string {
  const all = { ...DEFAULT_WEIGHTS, ...weights };
  const text = Object.keys(all)
    .sort()
    .map((k) => `${k}=${all[k as keyof typeof all]}`)
    .join(',');
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}
