// Upload steps 2 and 3 before the confirmation: the draft as the steps read it, the preview with
// suggested types, saving the data points (which starts a check of them against the whole file in
// a job: off the request path, in a Worker), and the check's outcome with the credit estimate.
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import type { SelectedColumnInput } from '../../graphql/generated/resolvers';
import type { Locale } from '../../lib/i18n';
import { writeTransaction } from '../../../db/write-transaction';
import { creditAvailability } from '../credits';
import * as repo from './uploads.repo';
import { canUploadTo, requireDatafile } from '../datafiles';
import { mappingHash, rowsFromInput } from './datapoints';
import { readUpload } from './upload-read';
import type { EarlySource } from '../../ingest';
import { uploadRefusalMessage, type RefusalFacts } from '../../kernel/errors/refusal-messages';
import { isFileRefusal } from './upload-steps.service';
import { readOptionsOf } from './upload-job.service';
import { discardPrepare, prepareJobOf } from './upload-prepare.service';
import { UPLOAD_CHECK_JOB, type UploadCheckPayload } from './jobs/contract';

/** The upload the steps show: the open one, else the newest (a READY datafile's last upload). */
async function currentUpload(deps: Pick<Deps, 'db'>, file: repo.DatafileRow): Promise<repo.UploadRow> {
  const upload = await repo.latestUploadOf(deps.db, file.id);
  if (!upload) throw new AppError('NO_DATAFILE_FOUND');
  return upload;
}

/** getDraftedDatafile: the datafile, its company and owner, the upload its steps edit and that upload's data points. */
export async function draftedDatafile(deps: Pick<Deps, 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const upload = await currentUpload(deps, file);
  const [points, company, names] = await Promise.all([
    repo.datapointsOf(deps.db, upload.id),
    repo.companyRef(deps.db, file.companyId),
    repo.userNames(deps.db, [file.ownerId, upload.createdBy]),
  ]);
  return { file, upload, points, company: company!, names };
}

/** getUploadPreview: the first rows and a suggested type per column, read from the stored file. */
export async function uploadPreview(
  deps: Pick<Deps, 'blobs' | 'clock' | 'db' | 'env' | 'appSecret' | 'jobs'>,
  viewer: Viewer,
  datafileId: string,
) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const upload = await currentUpload(deps, file);
  try {
    const { preview } = await readUpload(deps, {
      op: 'preview',
      key: upload.sourceKey,
      format: upload.sourceFormat,
      options: readOptionsOf(upload),
    });
    // The check's Worker gets ready while step 2 is shown, once its preview is read (not beside it:
    // on two busy cores the two Workers' start slowed the API's answers to everyone else).
    // With the file's source, that Worker also starts reading it (the check after the save takes those
    // rows when they are of this datafile and the same stored object; ingest/parse/early.ts). Only for
    // a viewer who may save step 2: one who may only see the draft cannot make the Worker read files.
    // One early read per datafile (a new preview of other options replaces it), capped per
    // organisation and per process by the runner: past a cap the check reads the file itself.
    if (upload.status === 'DRAFT')
      deps.jobs.warm(
        UPLOAD_CHECK_JOB,
        canUploadTo(viewer, file)
          ? {
              value: {
                datafileId: file.id,
                key: upload.sourceKey,
                format: upload.sourceFormat,
                options: readOptionsOf(upload),
              } satisfies EarlySource,
              key: file.id,
              group: file.companyId,
            }
          : undefined,
      );
    return preview!;
  } catch (error) {
    if (error instanceof AppError && upload.status !== 'READY') await rejectSource(deps, upload.id, error);
    throw error;
  }
}

/** saveDraftDatafileColumns: stores the data points of the open upload and starts checking them against the file. */
export async function saveColumns(
  deps: Deps,
  viewer: Viewer,
  datafileId: string,
  selected: readonly SelectedColumnInput[],
) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'upload');
  const upload = await repo.openUploadOf(deps.db, file.id);
  if (!upload || upload.status === 'PROCESSING')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'NOT_A_DRAFT' });
  const rows = rowsFromInput(selected);
  const hash = mappingHash(rows);
  const now = deps.clock.now().toISOString();
  const previousCheck = await prepareJobOf(deps, upload);
  await writeTransaction(deps.db, async (tx) => {
    const changed = await repo.updateUpload(
      tx,
      upload.id,
      { status: 'DRAFT', errorCode: null, errorDetails: null, checkJobId: null, updatedAt: now },
      ['DRAFT', 'ERROR'],
    );
    if (!changed) throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'NOT_A_DRAFT' });
    await repo.replaceDatapoints(tx, upload.id, rows);
    if (upload.kind === 'UPLOAD' && file.status === 'ERROR')
      await repo.updateDatafile(tx, file.id, { status: 'DRAFT', updatedAt: now });
  });
  // Enqueued after the commit, so an idle runner that wakes on it sees the saved data points at once.
  // The version of the file this check prices: processing and the confirmation refuse any other (jobs/source-pin.ts).
  const stored = await deps.blobs.stat(upload.sourceKey);
  const payload: UploadCheckPayload = {
    uploadId: upload.id,
    mappingHash: hash,
    ...(stored ? { sourceTag: stored.etag } : {}),
  };
  const { id: jobId } = await deps.jobs.enqueue(UPLOAD_CHECK_JOB, payload, { maxAttempts: 2, owner: file.companyId });
  await repo.updateUpload(deps.db, upload.id, { checkJobId: jobId }, ['DRAFT']);
  // A check of the columns saved before is of no use any more, nor the revision it prepared
  // (upload-prepare.service.ts): stopped if it still runs, its folder removed if it is done.
  await discardPrepare(deps, previousCheck, { stop: true });
  return { state: 'PENDING' as const, progress: 0, issues: [], estimate: null };
}

export type PresentedRefusal = {
  code: string;
  reason: string | null;
  message: string;
  column: string | null;
  rows: number[] | null;
  columns: string[] | null;
  limit: number | null;
  value: string | null;
};

export function presentRefusal(facts: RefusalFacts, locale: Locale): PresentedRefusal {
  return {
    code: facts.code,
    reason: facts.reason ?? null,
    message: uploadRefusalMessage(facts, locale),
    column: facts.column ?? null,
    rows: facts.rows ? [...facts.rows] : null,
    columns: facts.columns ? [...facts.columns] : null,
    limit: facts.limit ?? null,
    value: facts.value === undefined ? null : String(facts.value),
  };
}

/** What the check job found for the upload's current data points (and whether the organisation can pay the estimate now). */
export async function checkOf(deps: Deps, upload: repo.UploadRow, companyId: string) {
  if (!upload.checkJobId)
    return { state: 'NOT_STARTED' as const, progress: 0, issues: [] as RefusalFacts[], estimate: null };
  const job = await deps.jobs.find(UPLOAD_CHECK_JOB, upload.checkJobId);
  const points = await repo.datapointsOf(deps.db, upload.id);
  if (!job || job.payload.mappingHash !== mappingHash(points))
    return { state: 'NOT_STARTED' as const, progress: 0, issues: [], estimate: null };
  // A check that prepares publishes its answer while it goes on processing (an interim result that a
  // retry would give again): that answer stands whatever the job does next, unless it was cancelled.
  const result = job.state === 'CANCELLED' ? null : job.result;
  if (!result) {
    if (job.state === 'QUEUED') return { state: 'PENDING' as const, progress: 0, issues: [], estimate: null };
    if (job.state === 'RUNNING')
      return { state: 'RUNNING' as const, progress: Math.min(99, job.progress), issues: [], estimate: null };
    return {
      state: 'FAILED' as const,
      progress: job.progress,
      issues: [{ code: job.errorCode ?? 'GENERAL_ERROR' } as RefusalFacts],
      estimate: null,
    };
  }
  if ('refusal' in result) return { state: 'DONE' as const, progress: 100, issues: [result.refusal], estimate: null };
  const { issues, estimate } = result.check;
  if (issues.length || !estimate)
    return { state: 'DONE' as const, progress: 100, issues: issues as RefusalFacts[], estimate: null };
  const availability = await creditAvailability(deps, companyId, estimate.credits);
  return {
    state: 'DONE' as const,
    progress: 100,
    issues: [],
    estimate: {
      numberOfRecords: estimate.numberOfRecords,
      newRecords: estimate.newRecords,
      creditAmount: estimate.credits,
      creditsAllRecords: estimate.creditsAllRecords,
      numberOfDatapoints: estimate.numberOfDatapoints,
      availableCredits: availability.availableCredits,
      hasPayAsUsagePlan: availability.hasPayAsUsagePlan,
      isBalanceEnough: availability.isBalanceEnough,
    },
  };
}

/** getUploadCheck. */
export async function uploadCheck(deps: Deps, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const upload = await currentUpload(deps, file);
  return checkOf(deps, upload, file.companyId);
}

/**
 * The check found the file itself unusable (hostile, damaged, over a cap): the stored file is
 * removed and the upload shows the refusal until step 1 gets another file.
 */
export async function rejectSource(
  deps: Pick<Deps, 'blobs' | 'clock' | 'db'>,
  uploadId: string,
  error: AppError,
): Promise<void> {
  if (!isFileRefusal(error)) return;
  const upload = await repo.findUpload(deps.db, uploadId);
  if (!upload || upload.status === 'PROCESSING' || upload.status === 'READY') return;
  await deps.blobs.delete(upload.sourceKey).catch(() => undefined);
  const now = deps.clock.now().toISOString();
  await repo.updateUpload(
    deps.db,
    uploadId,
    { status: 'ERROR', errorCode: error.code, errorDetails: error.details, updatedAt: now },
    ['DRAFT', 'ERROR'],
  );
  if (upload.kind === 'UPLOAD')
    await repo.updateDatafile(deps.db, upload.datafileId, { status: 'ERROR', updatedAt: now });
}
