// The worksheet's server side: the settings to open it with, and the save. Saving re-runs the rules
// over the published revision with this process's facade (the same scoring version the browser ran:
// both load the one .wasm), stores the outcome on the datafile, the per-interview decisions beside
// the revision, a signed certificate, and the audit trail.
import { Uint8, Int8, Uint16, Utf8, makeVector, tableToIPC, vectorFromArray, Table } from 'apache-arrow';
import {
  REASONS,
  cleaningRulesFrom,
  combinedWeightsOf,
  duplicateMatchesOf,
  type CleaningInput,
  type CleaningRules,
} from '../../../scoring/index';
import type { CleaningSettings, WeightingMethod } from '../../../db/schema';
import type { DatafileRow } from '../uploads';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { writeTransaction } from '../../../db/write-transaction';
import { requireDatafile } from '../datafiles';
import { issueCertificateForRevision } from '../certificates';
import { readRevisionColumns } from '../../ingest/index';
import { revisionPrefix } from '../../ingest';
import { cleanRevision, duplicateRowsOf, groupingOf, quotaFor, recordIdsOf } from '../cleaning';
import { checkDuplicateOptions, duplicatesOf } from '../duplicates';
import { loadSavedCleaning, storeSavedCleaning, type SavedCleaning } from '../cleaning';
import { validateCleaningSettings, type CleaningSettingsInput } from './worksheet-validation';
import * as repo from './worksheet.repo';
import { weightedRevision } from './worksheet-weights';

/** Data point types whose columns can be a quota characteristic. */
const GROUPING_TYPES = ['GROUPING', 'IGNORE'] as const;

/** The revision's columns are there to clean: a processed datafile (a stopped live import keeps its data). */
function requireCleanable(file: DatafileRow): void {
  if (file.revision < 1 || (file.status !== 'READY' && file.status !== 'STOPPED'))
    throw new AppError('SCORES_NOT_AVAILABLE', { reason: 'DATAFILE_NOT_READY' });
}

export async function groupingColumnsOf(deps: Pick<Deps, 'db'>, file: DatafileRow): Promise<string[]> {
  return repo.columnsOfTypes(deps.db, file.publishedUploadId, GROUPING_TYPES);
}

export async function cleaningSettingsFor(deps: Pick<Deps, 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const saved = await loadSavedCleaning(deps.db, file.id);
  return {
    file,
    saved,
    groupingColumns: await groupingColumnsOf(deps, file),
    savedBy: await repo.userName(deps.db, saved?.savedBy ?? null),
  };
}

export interface SaveOutcome {
  numberOfRecords: number;
  numberOfCleanedRecords: number;
  removedByReason: number[];
  certificateLevel: number;
  certificateCode: string;
  scoringVersion: string;
}

/** Builds the facade's manual vector from decisions by record id (unknown ids: DATARECORD_NOT_FOUND). */
function manualVector(ids: readonly (string | null)[], manual: Record<string, 1 | 2>): Float64Array | undefined {
  const keys = Object.keys(manual);
  if (keys.length === 0) return undefined;
  const row = new Map<string, number>();
  ids.forEach((id, i) => {
    if (id !== null) row.set(id, i);
  });
  const out = new Float64Array(ids.length);
  for (const id of keys) {
    const i = row.get(id);
    if (i === undefined) throw new AppError('DATARECORD_NOT_FOUND', { recordId: id });
    out[i] = manual[id]!;
  }
  return out;
}

/** The decisions of one save as Arrow IPC: record_id, kept, primary reason (REASONS index, -1 kept), reasons bit set. */
function decisionsIpc(
  ids: readonly (string | null)[],
  kept: Uint8Array,
  primary: Int8Array,
  reasons: Uint16Array,
): Uint8Array {
  const table = new Table({
    record_id: vectorFromArray(ids, new Utf8()),
    kept: makeVector({ type: new Uint8(), data: kept }),
    primary_reason: makeVector({ type: new Int8(), data: primary }),
    reasons: makeVector({ type: new Uint16(), data: reasons }),
  });
  table.schema.metadata.set('reasons', JSON.stringify(REASONS));
  return tableToIPC(table, 'file');
}

export async function saveCleaningSettings(
  deps: Deps,
  viewer: Viewer,
  datafileId: string,
  input: CleaningSettingsInput,
): Promise<SaveOutcome> {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  requireCleanable(file);
  const groupingColumns = await groupingColumnsOf(deps, file);
  const method = validateCleaningSettings(input, {
    revision: file.revision,
    rows: file.numberOfRecords,
    groupingColumns,
  });
  // The window and velocity are checked (and saved) even with the rule off: the Duplicates tab reads them.
  const duplicateRule = input.duplicateRule
    ? {
        isEnable: input.duplicateRule.isEnable,
        keep: input.duplicateRule.keep,
        ...checkDuplicateOptions(input.duplicateRule),
      }
    : null;
  const rules: CleaningRules = cleaningRulesFrom({
    ...input,
    targetSampleSize: input.targetSampleSize ?? null,
    cleaningMethod: method,
  });

  // The combined score of every interview under the datafile's weights (the ones sent, else the saved ones).
  const weights = combinedWeightsOf((input.weightingMethod ?? file.weightingMethod)?.datafileWeighting);
  const weighted = await weightedRevision(deps, file, weights);
  const scores = weighted.table;
  const ids = recordIdsOf(scores);
  const manual: Record<string, 1 | 2> = {};
  for (const d of input.manualDecisions ?? []) manual[d.recordId] = d.decision === 'EXCLUDE' ? 1 : 2;
  const extras: Pick<CleaningInput, 'manual' | 'quota' | 'duplicate'> = {};
  const manualRows = manualVector(ids, manual);
  if (manualRows) extras.manual = manualRows;
  // The duplicates are found again at each save, against the organisation's history as it is now.
  let duplicates: SavedCleaning['duplicates'];
  if (duplicateRule?.isEnable) {
    const report = await duplicatesOf(deps, file.companyId, file.id, duplicateRule);
    duplicates = { keep: duplicateRule.keep, ...duplicateMatchesOf(file.id, report.duplicates) };
    extras.duplicate = duplicateRowsOf(duplicates, ids, scores);
  }
  const quotaTargets: Record<string, number> = {};
  for (const o of input.quotaSetting?.options ?? [])
    if (o.target !== null && o.target !== undefined) quotaTargets[o.value] = o.target;
  const quota =
    method === 'QUOTA' && input.quotaSetting ? { column: input.quotaSetting.column, targets: quotaTargets } : undefined;
  if (quota) {
    const raw = await readRevisionColumns(deps.blobs, file.id, file.revision, 'raw', [quota.column]);
    extras.quota = quotaFor(groupingOf(raw, quota.column), quota.targets);
  }
  const result = cleanRevision(deps.scoring, scores, rules, extras);
  // The remaining count must reach the target sample size; and something must remain.
  if (result.keptCount === 0) throw new AppError('NUMBER_OF_CLEANED_RECORDS_ZERO', { records: scores.numRows });
  if (input.targetSampleSize && result.keptCount < input.targetSampleSize) {
    throw new AppError('TARGET_SAMPLE_SIZE_TOO_SMALL', {
      reason: 'REMAINING_BELOW_TARGET',
      remaining: result.keptCount,
      target: input.targetSampleSize,
    });
  }
  const removedByReason = REASONS.map(() => 0);
  for (const p of result.primary) if (p >= 0) removedByReason[p]!++;

  await weighted.writeScores();
  // Decisions beside the revision, named by the save so a concurrent reader of an older one is not cut off.
  const savedAt = deps.clock.now().toISOString();
  const decisionsKey = `${revisionPrefix(file.id, file.revision)}cleaning-${savedAt.replace(/[^0-9]/g, '')}.arrow`;
  await deps.blobs.put(decisionsKey, decisionsIpc(ids, result.kept, result.primary, result.reasons), {
    contentType: 'application/vnd.apache.arrow.file',
  });

  const cleaning = {
    rules,
    ...(Object.keys(manual).length ? { manual } : {}),
    ...(quota ? { quota } : {}),
    ...(duplicates ? { duplicates } : {}),
  };
  const certificate = await issueCertificateForRevision(deps, {
    datafileId: file.id,
    revision: file.revision,
    cleaning,
    issuedBy: viewer.userId,
  });
  const previous = await loadSavedCleaning(deps.db, file.id);
  const saved: SavedCleaning = {
    revision: file.revision,
    ...cleaning,
    savedAt,
    savedBy: viewer.userId,
    method,
    certificateCode: certificate.certificateCode,
    decisionsKey,
  };
  const settings: CleaningSettings = {
    scoreThresholds: input.scoreThresholds.map((t) => ({
      key: t.key,
      name: t.name ?? t.key,
      isEnable: t.isEnable,
      threshold: t.threshold,
      minDataPoints: t.minDataPoints ?? 0,
    })),
    targetSampleSize: input.targetSampleSize ?? null,
    badAnswers: input.badAnswers,
    ...(input.minFailingChecks && input.minFailingChecks > 1 ? { minFailingChecks: input.minFailingChecks } : {}),
    ...(duplicateRule ? { duplicateRule } : {}),
    quotaSetting: input.quotaSetting
      ? {
          column: input.quotaSetting.column,
          rename: input.quotaSetting.rename ?? null,
          show: input.quotaSetting.show,
          options: input.quotaSetting.options.map((o) => ({
            value: o.value,
            label: o.label ?? o.value,
            target: o.target ?? null,
          })),
        }
      : null,
  };
  const weighting: WeightingMethod | undefined = input.weightingMethod ?? undefined;
  const audit = auditRows(file, viewer.userId, savedAt, previous?.manual ?? {}, manual, input, {
    method,
    kept: result.keptCount,
    removed: scores.numRows - result.keptCount,
    certificateCode: certificate.certificateCode,
    certificateLevel: certificate.parsed.level,
  });
  await writeTransaction(deps.db, async (tx) => {
    await storeSavedCleaning(tx, file.id, saved);
    await repo.updateCleaningOutcome(tx, file.id, {
      cleaningSettings: settings,
      cleaningMethod: method,
      isCleaned: true,
      numberOfCleanedRecords: result.keptCount,
      numberOfExcludedRecords: scores.numRows - result.keptCount,
      certificateLevel: certificate.parsed.level,
      ...(weighting ? { weightingMethod: weighting, isWeighted: weighting.datafileWeighting.length > 0 } : {}),
      updatedAt: savedAt,
    });
    // The manifest names this save's scores and the dashboard's and list's figures follow them.
    await weighted.publish(tx);
    await repo.appendAudit(tx, audit);
  });
  return {
    numberOfRecords: scores.numRows,
    numberOfCleanedRecords: result.keptCount,
    removedByReason,
    certificateLevel: certificate.parsed.level,
    certificateCode: certificate.certificateCode,
    scoringVersion: deps.scoring.version,
  };
}

/** One SAVE row, and one row per record id whose manual decision changed since the last save. */
function auditRows(
  file: DatafileRow,
  userId: string,
  at: string,
  before: Record<string, 1 | 2>,
  after: Record<string, 1 | 2>,
  input: CleaningSettingsInput,
  detail: Record<string, unknown>,
): repo.AuditInsert[] {
  const why = new Map((input.manualDecisions ?? []).map((d) => [d.recordId, d.reason?.trim() || null]));
  const rows: repo.AuditInsert[] = [
    {
      datafileId: file.id,
      revision: file.revision,
      action: 'SAVE',
      reason: input.comment?.trim() || null,
      detail,
      userId,
      at,
    },
  ];
  for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[id] === after[id]) continue;
    const action = after[id] === 1 ? 'MANUAL_EXCLUDE' : after[id] === 2 ? 'MANUAL_KEEP' : 'MANUAL_CLEAR';
    rows.push({
      datafileId: file.id,
      revision: file.revision,
      action,
      recordId: id,
      reason: why.get(id) ?? null,
      userId,
      at,
    });
  }
  return rows;
}

export async function auditTrailFor(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  datafileId: string,
  page: { page?: number | null; limit?: number | null } | null | undefined,
) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const p = Math.max(1, page?.page ?? 1);
  const limit = Math.min(100, Math.max(1, page?.limit ?? 10));
  const { entries, total } = await repo.auditPage(deps.db, file.id, p, limit);
  return { entries, page: p, limit, total };
}
