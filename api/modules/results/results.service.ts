// What the result page and scripts read about a datafile: its row, the published revision's manifest
// and data points. Everything comes from what the upload stored (row counts, manifest column lists);
// nothing is recomputed per request.
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { companyRef, datapointsOf, findUpload, userNames } from '../uploads';
import { requireDatafile } from '../datafiles';
import { readManifest, type RevisionManifest } from '../../ingest/index';

export type ResultFile = Awaited<ReturnType<typeof loadResultFile>>;

/** The visible datafile with its published upload, its data points and its manifest (null before the first revision). */
export async function loadResultFile(deps: Pick<Deps, 'blobs' | 'db'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const upload = file.publishedUploadId ? await findUpload(deps.db, file.publishedUploadId) : undefined;
  const points = upload ? await datapointsOf(deps.db, upload.id) : [];
  const manifest: RevisionManifest | null =
    file.revision > 0 ? await readManifest(deps.blobs, file.id, file.revision) : null;
  const uploaderId = upload ? (upload.confirmedBy ?? upload.createdBy) : null;
  const names = await userNames(deps.db, [file.ownerId, ...(uploaderId ? [uploaderId] : [])]);
  const company = (await companyRef(deps.db, file.companyId)) ?? { id: file.companyId, name: '', image: null };
  return { file, upload, points, manifest, names, company, uploaderId };
}

/** The file row alone (the counting calls need nothing else). */
export const visibleFile = (deps: Deps, viewer: Viewer, datafileId: string) =>
  requireDatafile(deps.db, viewer, datafileId, 'see');

/** isCleaned = true asks for the cleaned set, which exists only after a cleaning was saved. */
export function requireCleanedIf(file: { isCleaned: boolean }, isCleaned: boolean | null | undefined): void {
  if (isCleaned && !file.isCleaned) throw new AppError('DATAFILE_NOT_CLEANED');
}

export async function publishedDatapoints(deps: Deps, viewer: Viewer, datafileId: string) {
  const file = await visibleFile(deps, viewer, datafileId);
  return { file, points: file.publishedUploadId ? await datapointsOf(deps.db, file.publishedUploadId) : [] };
}

/** The file and its owner's name for getDatafileMetadata (refused for isCleaned before a cleaning). */
export async function metadataOf(
  deps: Deps,
  viewer: Viewer,
  datafileId: string,
  isCleaned: boolean | null | undefined,
) {
  const file = await visibleFile(deps, viewer, datafileId);
  requireCleanedIf(file, isCleaned);
  const names = await userNames(deps.db, [file.ownerId]);
  return { file, ownerName: names.get(file.ownerId) ?? '' };
}
