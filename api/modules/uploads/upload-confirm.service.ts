// Upload step 3's confirmation (changeDatafileUploadingProgressStatus) and where an upload stands
// afterwards. The confirmation re-checks on the server what step 3 showed: the check of exactly the
// saved data points found nothing, the confirmed estimate is the current one, the organisation can
// pay it now, and the user has no other upload processing (UPLOAD_GOING_ON). Then, in one write, it
// hands out the revision number, marks the upload PROCESSING and enqueues the upload job.
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { requireAmount } from '../../lib/validation';
import type { SelectedColumnInput } from '../../graphql/generated/resolvers';
import { writeTransaction } from '../../../db/write-transaction';
import { creditAvailability } from '../credits';
import * as repo from './uploads.repo';
import { requireDatafile } from '../datafiles';
import { mappingHash, rowsFromInput } from './datapoints';
import { checkOf } from './upload-draft.service';
import { chargeKeyOf, UPLOAD_CHECK_JOB, UPLOAD_JOB, type UploadJobPayload } from './jobs/contract';
import { fileChanged } from './jobs/source-pin';
import { adoptable, discardPrepare, prepareJobOf } from './upload-prepare.service';

export async function confirmUpload(
  deps: Deps,
  viewer: Viewer,
  args: {
    datafileId: string;
    selectedColumns?: readonly SelectedColumnInput[] | null;
    creditAmount: number;
    status: string;
  },
) {
  if (args.status !== 'PROCESSING')
    throw new AppError('INVALID_PARAMETERS', { field: 'status', reason: 'ONLY_PROCESSING' });
  const creditAmount = requireAmount('creditAmount', args.creditAmount, 'credits');
  const file = await requireDatafile(deps.db, viewer, args.datafileId, 'upload');
  const upload = await repo.openUploadOf(deps.db, file.id);
  if (!upload) throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'NOT_A_DRAFT' });
  if (upload.status === 'PROCESSING') throw new AppError('UPLOAD_GOING_ON');
  if (await repo.processingUploadBy(deps.db, viewer.userId)) throw new AppError('UPLOAD_GOING_ON');
  const points = await repo.datapointsOf(deps.db, upload.id);
  if (points.length === 0)
    throw new AppError('INCOMPLETE_INPUT', { field: 'selectedColumns', reason: 'NO_COLUMNS_SAVED' });
  if (args.selectedColumns && mappingHash(rowsFromInput(args.selectedColumns)) !== mappingHash(points))
    throw new AppError('INVALID_PARAMETERS', { field: 'selectedColumns', reason: 'NOT_CHECKED_YET' });
  const check = await checkOf(deps, upload, file.companyId);
  if (check.state !== 'DONE')
    throw new AppError('INVALID_PARAMETERS', { field: 'selectedColumns', reason: 'NOT_CHECKED_YET' });
  if (check.issues.length || !check.estimate)
    throw new AppError('INVALID_PARAMETERS', { field: 'selectedColumns', reason: 'CHECK_FOUND_PROBLEMS' });
  const estimate = check.estimate.creditAmount;
  if (creditAmount !== estimate)
    throw new AppError('INVALID_PARAMETERS', { field: 'creditAmount', reason: 'ESTIMATE_CHANGED', value: estimate });
  // The estimate is the price of the file the check read: a file put again under the key since is refused.
  const sourceTag = await checkedSourceTag(deps, upload);
  const availability = await creditAvailability(deps, file.companyId, estimate);
  if (!availability.isBalanceEnough)
    throw new AppError('BALANCE_NOT_ENOUGH', {
      reason: 'NOT_ENOUGH_CREDITS_FOR_ESTIMATE',
      value: estimate,
      limit: availability.availableCredits,
    });

  const now = deps.clock.now().toISOString();
  const prepare = await prepareJobOf(deps, upload);
  const hash = mappingHash(points);
  const adopted = await writeTransaction(deps.db, async (tx) => {
    // Again under the write lock: two confirmations at the same moment must not both pass.
    if (await repo.processingUploadBy(tx, viewer.userId, upload.id)) throw new AppError('UPLOAD_GOING_ON');
    const revision = await repo.nextRevision(tx, file.id);
    const changed = await repo.updateUpload(
      tx,
      upload.id,
      {
        status: 'PROCESSING',
        revision,
        progress: 0,
        creditEstimate: estimate,
        confirmedBy: viewer.userId,
        confirmedAt: now,
        errorCode: null,
        errorDetails: null,
        updatedAt: now,
      },
      ['DRAFT', 'ERROR'],
    );
    if (!changed) throw new AppError('UPLOAD_GOING_ON');
    if (upload.kind === 'UPLOAD')
      await repo.updateDatafile(tx, file.id, { status: 'PROCESSING', progress: 0, updatedAt: now });
    // The revision prepared while step 3 was shown, when it is this one (the job may still run).
    const adopt = adoptable(prepare, revision, hash);
    const payload: UploadJobPayload = {
      uploadId: upload.id,
      ...(adopt ? { preparedBy: prepare.id } : {}),
      ...(sourceTag !== undefined ? { sourceTag } : {}),
    };
    const { id } = await deps.jobs.enqueue(UPLOAD_JOB, payload, {
      tx,
      dedupeKey: chargeKeyOf(file.id, revision),
      owner: file.companyId,
    });
    await repo.updateUpload(tx, upload.id, { jobId: id });
    return adopt;
  });
  if (!adopted) await discardPrepare(deps, prepare, { stop: false });
}

/** The stored file's tag the upload's check priced, refused with FILE_CHANGED_SINCE_CHECK when the stored file has another. */
async function checkedSourceTag(deps: Deps, upload: repo.UploadRow): Promise<string | undefined> {
  const job = upload.checkJobId ? await deps.jobs.find(UPLOAD_CHECK_JOB, upload.checkJobId) : undefined;
  const tag = job?.payload.sourceTag;
  const stored = await deps.blobs.stat(upload.sourceKey);
  if (tag === undefined || !stored || stored.etag !== tag) throw fileChanged();
  return tag;
}

/** getDatafileUploadingProgress: the datafile's status, its newest upload and, once READY, its metadata. */
export async function uploadingProgress(deps: Pick<Deps, 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const upload = await repo.latestUploadOf(deps.db, file.id);
  const names = await repo.userNames(deps.db, [file.ownerId, ...(upload ? [upload.createdBy] : [])]);
  return { file, upload, names };
}
