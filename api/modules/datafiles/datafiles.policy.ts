import type { Db } from '../../../db/client';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { contributorIdsOf, findDatafile, type DatafileRow } from './datafiles.repo';

/**
 * Who sees a datafile: operators every one; the organisation's ADMINs
 * every one of their organisation; an EMPLOYEE the ones they own and, once uploaded, the ones they
 * contribute to, never another user's draft.
 */
export function canSeeDatafile(
  viewer: Viewer,
  file: Pick<DatafileRow, 'companyId' | 'ownerId' | 'status' | 'isDeleted'>,
  contributorIds: readonly string[],
): boolean {
  if (file.isDeleted) return false;
  if (viewer.accessLevel === 'SUPER_ADMIN') return true;
  if (file.companyId !== viewer.ownCompanyId) return false;
  if (viewer.accessLevel === 'ADMIN' || file.ownerId === viewer.userId) return true;
  return file.status !== 'DRAFT' && contributorIds.includes(viewer.userId);
}

/**
 * Who may upload to a datafile (its draft steps, confirmation, re-upload) and manage it (rename,
 * stop/reopen, delete, reset, change owner, share): its owner, the organisation's ADMINs, operators.
 * A contributor only reads.
 */
export function canUploadTo(viewer: Viewer, file: Pick<DatafileRow, 'companyId' | 'ownerId' | 'isDeleted'>): boolean {
  if (file.isDeleted) return false;
  if (viewer.accessLevel === 'SUPER_ADMIN') return true;
  if (file.companyId !== viewer.ownCompanyId) return false;
  return viewer.accessLevel === 'ADMIN' || file.ownerId === viewer.userId;
}

/**
 * The datafile the viewer may read (`see`) or upload to (`upload`). A datafile of another
 * organisation, another user's draft or a missing id all answer NO_DATAFILE_FOUND alike, so nobody
 * can probe which ids exist; a visible datafile the viewer may not upload to answers UNAUTHORIZED.
 */
export async function requireDatafile(
  db: Db,
  viewer: Viewer,
  datafileId: string,
  mode: 'see' | 'upload' | 'manage',
): Promise<DatafileRow> {
  const file = await findDatafile(db, datafileId);
  if (!file) throw new AppError('NO_DATAFILE_FOUND');
  const contributors =
    viewer.accessLevel === 'EMPLOYEE' && file.ownerId !== viewer.userId ? await contributorIdsOf(db, file.id) : [];
  if (!canSeeDatafile(viewer, file, contributors)) throw new AppError('NO_DATAFILE_FOUND');
  if (mode !== 'see' && !canUploadTo(viewer, file)) throw new AppError('UNAUTHORIZED');
  return file;
}
