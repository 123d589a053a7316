// The datafiles list's actions: rename, stop/reopen a live import, change owner, delete,
// reset. Each checks who asks (requireDatafile 'manage': owner, the organisation's ADMINs,
// operators) and then its own rule; every state change is a guarded update inside one write
// transaction, so a concurrent upload job or a second click cannot slip between check and write.
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { SUCCESS } from '../../graphql/resolver-types';
import { findDatafile, type DatafileRow } from './datafiles.repo';
import { activeUsersOfCompany, addContributors, removeContributor, updateDatafileFrom } from './datafiles-list.repo';
import { requireDatafile } from './datafiles.policy';
import { requireTitle } from '../../lib/validation';

/** Statuses in which a datafile is at rest (no upload of it processing). */
const AT_REST = ['DRAFT', 'READY', 'ERROR', 'STOPPED'] as const;

/** A processing datafile (first upload) refuses changes of owner, deletion and reset until it is done. */
function refuseWhileProcessing(file: DatafileRow): void {
  if (file.status === 'PROCESSING') throw new AppError('UPLOAD_GOING_ON', { reason: 'DATAFILE_PROCESSING' });
}

/** The guarded write found the row moved on (a job finished, another action ran): re-read and answer as if asked now. */
async function changedMeanwhile(deps: Pick<Deps, 'db'>, id: string): Promise<never> {
  const now = await findDatafile(deps.db, id);
  if (!now) throw new AppError('NO_DATAFILE_FOUND');
  refuseWhileProcessing(now);
  throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'DATAFILE_CHANGED_MEANWHILE' });
}

export async function editDatafileTitle(
  deps: Pick<Deps, 'clock' | 'db'>,
  viewer: Viewer,
  datafileId: string,
  rawTitle: string,
) {
  const title = requireTitle('datafileTitle', rawTitle, { emptyReason: 'DATAFILE_TITLE_REQUIRED' });
  const file = await requireDatafile(deps.db, viewer, datafileId, 'manage');
  // A rename never conflicts with processing: the job writes counts and status, not the title.
  const done = await updateDatafileFrom(deps.db, file.id, [...AT_REST, 'PROCESSING'], {
    title,
    updatedAt: deps.clock.now().toISOString(),
  });
  if (!done) throw new AppError('NO_DATAFILE_FOUND');
  return SUCCESS();
}

/** stopLiveDatafile (READY -> STOPPED) and reOpenLiveDatafile (STOPPED -> READY), live imports only. */
export async function setLiveDatafileRunning(
  deps: Pick<Deps, 'clock' | 'db'>,
  viewer: Viewer,
  datafileId: string,
  running: boolean,
) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'manage');
  if (file.importType !== 'LIVE')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'NOT_A_LIVE_DATAFILE' });
  const from = running ? 'STOPPED' : 'READY';
  if (file.status !== from)
    throw new AppError('INVALID_PARAMETERS', {
      field: 'datafileId',
      reason: running ? 'LIVE_DATAFILE_NOT_STOPPED' : 'LIVE_DATAFILE_NOT_RUNNING',
    });
  const done = await updateDatafileFrom(deps.db, file.id, [from], {
    status: running ? 'READY' : 'STOPPED',
    updatedAt: deps.clock.now().toISOString(),
  });
  if (!done) await changedMeanwhile(deps, file.id);
  return SUCCESS();
}

/**
 * Soft delete: gone from every list and call (findDatafile skips it); ledger rows and contributors
 * stay, the stored interview data is removed by the retention job after RETENTION_DELETED_DATAFILE_DAYS.
 */
export async function deleteDatafile(deps: Pick<Deps, 'clock' | 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'manage');
  refuseWhileProcessing(file);
  const now = deps.clock.now().toISOString();
  const done = await updateDatafileFrom(deps.db, file.id, AT_REST, { isDeleted: true, deletedAt: now, updatedAt: now });
  if (!done) await changedMeanwhile(deps, file.id);
  return SUCCESS();
}

/**
 * Back to uncleaned: the outcome of cleaning goes (isCleaned, cleaned and excluded counts, the
 * certificate level shown), the cleaning settings stay so the worksheet reopens with the thresholds
 * last used. Issued certificates stay valid statements about the revision they name.
 */
export async function resetDatafileCleaning(deps: Pick<Deps, 'clock' | 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'manage');
  refuseWhileProcessing(file);
  if (!file.isCleaned) throw new AppError('DATAFILE_NOT_CLEANED');
  const done = await updateDatafileFrom(deps.db, file.id, ['READY', 'STOPPED'], {
    isCleaned: false,
    numberOfCleanedRecords: 0,
    numberOfExcludedRecords: 0,
    certificateLevel: null,
    updatedAt: deps.clock.now().toISOString(),
  });
  if (!done) await changedMeanwhile(deps, file.id);
  return SUCCESS();
}

/**
 * Hands a datafile to another activated user of its organisation. companyId names that
 * organisation: another one is refused like a missing company for ADMIN and EMPLOYEE (who may not
 * learn that it exists) and with a reason for operators, because the datafile's ledger rows belong
 * to the organisation that was charged and the ledger never changes. The previous owner
 * keeps reading it as a contributor; the new owner is no longer listed as one.
 */
export async function changeDatafileOwnership(
  deps: Pick<Deps, 'clock' | 'db'>,
  viewer: Viewer,
  input: { datafileId: string; companyId: string; userId: string; changeWalletAndTransactions: boolean },
) {
  const file = await requireDatafile(deps.db, viewer, input.datafileId, 'manage');
  if (input.companyId !== file.companyId) {
    if (viewer.accessLevel !== 'SUPER_ADMIN') throw new AppError('COMPANY_NOT_FOUND');
    throw new AppError('INVALID_PARAMETERS', { field: 'companyId', reason: 'DATAFILE_STAYS_IN_COMPANY' });
  }
  refuseWhileProcessing(file);
  const [newOwner] =
    typeof input.userId === 'string' && input.userId.length <= 64
      ? await activeUsersOfCompany(deps.db, file.companyId, [input.userId])
      : [];
  if (!newOwner) throw new AppError('USER_NOT_FOUND');
  if (newOwner.id === file.ownerId) return SUCCESS();
  const now = deps.clock.now().toISOString();
  await writeTransaction(deps.db, async (tx) => {
    const current = await findDatafile(tx, file.id);
    if (!current || current.ownerId !== file.ownerId)
      throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'DATAFILE_CHANGED_MEANWHILE' });
    const done = await updateDatafileFrom(tx, file.id, AT_REST, { ownerId: newOwner.id, updatedAt: now });
    if (!done) throw new AppError('UPLOAD_GOING_ON', { reason: 'DATAFILE_PROCESSING' });
    await removeContributor(tx, file.id, newOwner.id);
    await addContributors(tx, file.id, [file.ownerId], now);
  });
  return SUCCESS();
}
