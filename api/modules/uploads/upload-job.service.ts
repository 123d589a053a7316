// The main-thread parts of the upload jobs (jobs/upload.jobs.ts runs the CPU work in a
// Worker): what a job reads before its Worker step, the charge after it, and what the final state
// writes (in the job's final transaction): READY with the metadata and record summary, or the
// refusal; and the notification (opening the datafile's result, or the upload on failure) in the uploader's language.
import { DEFAULT_WEIGHTS, combinedWeightsOf, sameWeights, type CombinedWeights } from '../../../scoring/index';
import type { DbOrTx, Tx } from '../../../db/client';
import type { NotificationType } from '../../../db/schema';
import type { Deps } from '../../kernel/deps';
import type { ErrorCode } from '../../kernel/errors/error-codes';
import { AppError } from '../../kernel/errors/errors';
import { isLocale, type Locale } from '../../lib/i18n';
import { chargeDatafile } from '../credits';
import * as repo from './uploads.repo';
import { replaceScoreStats } from '../dashboard';
import { insertEventNotification } from '../notifications';
import type { NotificationEvent, NotificationParams } from '../../../db/domain/notification-events';
import { findLiveUserById } from '../users';
import { revisionPrefix } from '../../ingest';
import { mappingOf } from './datapoints';
import { refusalFactsOf, uploadRefusalMessage } from '../../kernel/errors/refusal-messages';
import type { ColumnMapping, ReadOptions, UploadFormat } from '../../ingest';
import { chargeKeyOf, type UploadJobResult } from './jobs/contract';

/** How the stored file of an upload is read (sheet, header and first data row, missing values). */
export const readOptionsOf = (u: repo.UploadRow): ReadOptions => ({
  ...(u.sheetName ? { sheet: u.sheetName } : {}),
  headerRow: u.headerRow,
  firstDataRow: u.firstDataRow,
  ...(u.lastDataRow !== null ? { lastDataRow: u.lastDataRow } : {}),
  missingValues: u.missingValues,
});

/** Everything a Worker step needs about one upload (plain data: it crosses the thread boundary). */
export type UploadPlan = {
  uploadId: string;
  datafileId: string;
  companyId: string;
  kind: 'UPLOAD' | 'UPDATE';
  revision: number;
  /** `etag`: the tag of the stored file the check priced; the Worker steps read only that version (jobs/source-pin.ts). */
  source: { key: string; format: UploadFormat; etag?: string };
  options: ReadOptions;
  mapping: ColumnMapping;
  previous?: { revision: number; columns: string[] };
  /** The datafile's saved weights of the combined score, when not the defaults: a new revision is scored with them. */
  weights?: Required<CombinedWeights>;
  actorId: string;
  title: string;
};

export type { UploadJobResult };

/** A plan's weights from its datafile: present only when they are not the defaults. */
export function planWeightsOf(file: Pick<repo.DatafileRow, 'weightingMethod'>): Pick<UploadPlan, 'weights'> {
  const weights = combinedWeightsOf(file.weightingMethod?.datafileWeighting);
  return sameWeights(weights, DEFAULT_WEIGHTS) ? {} : { weights };
}

/** Reads the upload, its datafile, data points and the revision before it. Undefined when the upload is gone. */
export async function uploadPlan(
  deps: Pick<Deps, 'db'>,
  uploadId: string,
): Promise<(UploadPlan & { status: repo.UploadRow['status'] }) | undefined> {
  const upload = await repo.findUpload(deps.db, uploadId);
  if (!upload) return undefined;
  const file = await repo.findDatafile(deps.db, upload.datafileId);
  if (!file) return undefined;
  const points = await repo.datapointsOf(deps.db, upload.id);
  const published =
    upload.kind === 'UPDATE' && file.publishedUploadId
      ? await repo.findUpload(deps.db, file.publishedUploadId)
      : undefined;
  return {
    status: upload.status,
    uploadId: upload.id,
    datafileId: file.id,
    companyId: file.companyId,
    kind: upload.kind,
    revision: upload.revision ?? 0,
    source: { key: upload.sourceKey, format: upload.sourceFormat },
    options: readOptionsOf(upload),
    mapping: mappingOf(points),
    ...(published?.revision && published.columns
      ? { previous: { revision: published.revision, columns: published.columns } }
      : {}),
    ...planWeightsOf(file),
    actorId: upload.confirmedBy ?? upload.createdBy,
    title: file.title,
  };
}

/** Keeps a refusal's details on the upload (the job row keeps only the code), for the notification and the steps. */
export async function recordRefusal(
  deps: Pick<Deps, 'db' | 'clock'>,
  uploadId: string,
  error: AppError,
): Promise<void> {
  await repo.updateUpload(deps.db, uploadId, {
    errorCode: error.code,
    errorDetails: error.details,
    updatedAt: deps.clock.now().toISOString(),
  });
}

/**
 * Charges the new records of a processed revision once, under upload:<datafileId>:<revision> (a
 * retry replays the same charge). Not enough credits now: the revision's files are removed (nothing
 * stays published) and the job fails with BALANCE_NOT_ENOUGH.
 */
export async function chargeUpload(
  deps: Deps,
  plan: UploadPlan,
  interviewCredits: Uint8Array,
): Promise<{ chargeId: string | null; credits: number }> {
  if (interviewCredits.length === 0) return { chargeId: null, credits: 0 };
  try {
    const charge = await chargeDatafile(deps, {
      companyId: plan.companyId,
      datafileId: plan.datafileId,
      kind: plan.kind,
      idempotencyKey: chargeKeyOf(plan.datafileId, plan.revision),
      interviewCredits: Array.from(interviewCredits),
      actorId: plan.actorId,
      description: plan.kind === 'UPLOAD' ? 'Datafile upload' : 'Datafile update',
    });
    return { chargeId: charge.chargeId, credits: charge.credits };
  } catch (error) {
    if (error instanceof AppError && error.code === 'BALANCE_NOT_ENOUGH') {
      await deps.blobs.deletePrefix(revisionPrefix(plan.datafileId, plan.revision)).catch(() => undefined);
      const needed = interviewCredits.reduce((a, c) => a + c, 0);
      const shortfall = typeof error.details.shortfall === 'number' ? error.details.shortfall : needed;
      const refusal = new AppError('BALANCE_NOT_ENOUGH', {
        reason: 'NOT_ENOUGH_CREDITS_FOR_UPLOAD',
        value: needed,
        limit: needed - shortfall,
      });
      await recordRefusal(deps, plan.uploadId, refusal);
      throw refusal;
    }
    throw error;
  }
}

/** Progress of the Worker step on the upload row (and on the datafile for a first upload), for the browser's poll. */
export async function mirrorProgress(db: DbOrTx, uploadId: string, percent: number): Promise<void> {
  const upload = await repo.findUpload(db, uploadId);
  if (!upload || upload.status !== 'PROCESSING') return;
  await repo.updateUpload(db, uploadId, { progress: percent }, ['PROCESSING']);
  if (upload.kind === 'UPLOAD') await repo.updateDatafile(db, upload.datafileId, { progress: percent });
}

/**
 * A check's progress while it prepares, on the upload once the confirmation adopted it (the upload
 * is PROCESSING and its job names the check in `preparedBy`, which `adoptedBy` reads), mapped like
 * the upload job's own Worker step (0..97): the bar moves while the upload waits for it.
 */
export async function mirrorPrepareProgress(
  db: DbOrTx,
  checkJobId: string,
  uploadId: string,
  percent: number,
  adoptedBy: (uploadJobId: string) => Promise<string | undefined>,
): Promise<void> {
  const upload = await repo.findUpload(db, uploadId);
  if (upload?.status === 'PROCESSING' && upload.jobId && (await adoptedBy(upload.jobId)) === checkJobId)
    await mirrorProgress(db, uploadId, Math.floor(percent * 0.97));
}

async function recipientLocale(tx: Tx, userId: string): Promise<Locale> {
  const user = await findLiveUserById(tx, userId);
  return user && isLocale(user.locale) ? user.locale : 'de';
}

async function notify(
  tx: Tx,
  deps: Pick<Deps, 'clock'>,
  upload: repo.UploadRow,
  file: repo.DatafileRow,
  type: NotificationType,
  event: NotificationEvent,
  params: NotificationParams,
  url: string,
) {
  const userId = upload.confirmedBy ?? upload.createdBy;
  await insertEventNotification(
    tx,
    {
      userId,
      companyId: file.companyId,
      type,
      event,
      params,
      url,
      dedupeKey: `${type.toLowerCase()}:${upload.id}:${upload.revision ?? 0}`,
      createdAt: deps.clock.now().toISOString(),
    },
    await recipientLocale(tx, userId),
  );
}

const resultUrl = (datafileId: string) => `/datafile-result?datafileId=${datafileId}`;

/** The job succeeded: the revision is published, the datafile READY with its metadata, the uploader notified. */
export async function finishUpload(tx: Tx, deps: Deps, uploadId: string, result: UploadJobResult): Promise<void> {
  const upload = await repo.findUpload(tx, uploadId);
  const file = upload && (await repo.findDatafile(tx, upload.datafileId));
  if (!upload || !file || upload.status !== 'PROCESSING') return;
  const s = result.summary;
  const now = deps.clock.now().toISOString();
  const points = await repo.datapointsOf(tx, upload.id);
  await repo.updateUpload(tx, upload.id, {
    status: 'READY',
    progress: 100,
    columns: s.columns,
    numberOfRecords: s.numberOfRecords,
    chargedRecords: s.credits.newRecords,
    creditsCharged: result.credits,
    chargeId: result.chargeId,
    meanCombinedScore: s.meanCombinedScore,
    errorCode: null,
    errorDetails: null,
    finishedAt: now,
    updatedAt: now,
    sourceInfo: {
      ...(s.source.delimiter ? { delimiter: s.source.delimiter } : {}),
      ...(s.source.encoding ? { encoding: s.source.encoding } : {}),
      ...(s.source.qualtrics ? { qualtrics: true } : {}),
    },
  });
  const has = (type: string) => points.some((p) => p.dataPointType === type);
  // A record ID that is the row number names no column.
  const recordId = points.find((p) => p.dataPointType === 'RECORD_ID')?.columns[0];
  await repo.updateDatafile(tx, file.id, {
    status: 'READY',
    progress: 100,
    revision: upload.revision!,
    publishedUploadId: upload.id,
    datafileKey: upload.sourceKey,
    numberOfRecords: s.numberOfRecords,
    numberOfValidRecords: s.numberOfValidRecords,
    numberOfInvalidRecords: s.numberOfInvalidRecords,
    numberOfDatapoints: s.numberOfDatapoints,
    numberOfProjectiveQuestions: s.numberOfProjectiveQuestions,
    numberOfQualityScores: s.numberOfQualityScores,
    qualityScores: s.qualityScores,
    meanCombinedScore: s.meanCombinedScore,
    cost: file.cost + result.credits,
    scoringVersion: s.scoringVersion,
    includeTimestamp: has('DURATION') || has('TIMESTAMP'),
    includeItemBattery: has('ITEM_BATTERY'),
    includeOES: has('OPEN_ENDED'),
    includePS: points.some((p) => p.algorithms.PS),
    includeCS: points.some((p) => p.algorithms.CS),
    isEnableWrongTopicCheck: points.some((p) => p.dataPointType === 'OPEN_ENDED' && p.settings.topicCheck === true),
    metadata: {
      ...file.metadata,
      ...(recordId ? { dataRecordIdColumn: recordId } : {}),
      headerRow: upload.headerRow,
      dataRecordStartRow: upload.firstDataRow,
      lastDataRow: upload.lastDataRow ?? undefined,
      missingValues: upload.missingValues,
      sheetName: upload.sheetName ?? undefined,
      sourceFormat: upload.sourceFormat,
      delimiter: s.source.delimiter,
      encoding: s.source.encoding,
      qualtrics: s.source.qualtrics,
    },
    processedAt: now,
    updatedAt: now,
  });
  // The dashboard's figures of the revision now published (a job result from before they existed has none).
  await replaceScoreStats(tx, file.id, upload.revision!, s.scoreStats ?? []);
  const isUpload = upload.kind === 'UPLOAD';
  await notify(
    tx,
    deps,
    upload,
    file,
    isUpload ? 'UPLOAD_FINISHED' : 'UPDATE_FINISHED',
    isUpload ? 'uploadFinished' : 'updateFinished',
    { title: file.title, records: s.numberOfRecords, credits: result.credits },
    resultUrl(file.id),
  );
}

/**
 * The job failed for good: the upload keeps its refusal (a first upload's datafile goes to ERROR, an
 * update leaves the published revision as it was) and the uploader gets UPLOAD_ERROR or UPDATE_ERROR
 * with the same message the steps show.
 */
export async function failUpload(tx: Tx, deps: Deps, uploadId: string, outcome: { code: ErrorCode }): Promise<void> {
  const upload = await repo.findUpload(tx, uploadId);
  const file = upload && (await repo.findDatafile(tx, upload.datafileId));
  if (!upload || !file || upload.status !== 'PROCESSING') return;
  const now = deps.clock.now().toISOString();
  // The details recorded with the refusal belong to this failure only when the codes agree (a crash or a time limit has none).
  const details = upload.errorCode === outcome.code ? upload.errorDetails : null;
  await repo.updateUpload(tx, upload.id, {
    status: 'ERROR',
    errorCode: outcome.code,
    errorDetails: details,
    finishedAt: now,
    updatedAt: now,
  });
  if (upload.kind === 'UPLOAD')
    await repo.updateDatafile(tx, file.id, { status: 'ERROR', progress: 0, updatedAt: now });
  const facts = refusalFactsOf(outcome.code, details);
  const isUpload = upload.kind === 'UPLOAD';
  await notify(
    tx,
    deps,
    upload,
    file,
    isUpload ? 'UPLOAD_ERROR' : 'UPDATE_ERROR',
    isUpload ? 'uploadError' : 'updateError',
    // The refusal's sentence comes from the upload engine's messages, written here in both languages.
    { title: file.title, message: { de: uploadRefusalMessage(facts, 'de'), en: uploadRefusalMessage(facts, 'en') } },
    isUpload ? `/upload-dataset/step1?datafileId=${file.id}` : resultUrl(file.id),
  );
}
