// Upload step 1 on the server: the signed URL for the file, its sheet names, and the draft datafile
// (new, changed, or a re-upload of a READY one). Every rule of step 1 is checked here whatever the
// browser did: name, file (ours, stored, readable), sheet, header, first and last data row (found in
// the file when left out), missing-value codes, at least one record, and for a re-upload the same
// columns as the published revision. Header names that repeat are the check's refusal (step 2 shows
// the file's rows and where the header seems to be, so a wrong header row can be mended there).
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { findCompanyById } from '../companies';
import * as repo from './uploads.repo';
import { requireDatafile } from '../datafiles';
import { withLimits } from '../../ingest';
import { formatOfName } from '../../ingest';
import { newSourceKey, parseSourceKey, toGraphqlFormat, type SourceKey } from './source-keys';
import { writeTransaction } from '../../../db/write-transaction';
import { discardPrepare, prepareJobOf } from './upload-prepare.service';
import type { DatafileInput } from '../../graphql/generated/resolvers';
import { readUpload } from './upload-read';
import { requireTitle } from '../../lib/validation';

const MAX_ROW = 1_000_000;
const MAX_MISSING_CODES = 20;
/** Codes that refuse the file itself: it is removed from storage at once (nothing of a hostile file stays). */
const FILE_REFUSALS = new Set([
  'UPLOAD_FILE_TOO_LARGE',
  'UPLOAD_FILE_TYPE_MISMATCH',
  'UPLOAD_FILE_CORRUPT',
  'UPLOAD_FILE_LIMITS_EXCEEDED',
  'NO_RECORDS_FOUND',
]);

export const isFileRefusal = (error: unknown) =>
  error instanceof AppError &&
  FILE_REFUSALS.has(error.code) &&
  // No records below the chosen header: other rows may read fine, the file stays.
  (error.code !== 'NO_RECORDS_FOUND' || error.details.reason === 'EMPTY_FILE');

/** The organisation an upload is for: operators any active one, everyone else only their own (another answers like a missing one). */
async function uploadCompany(deps: Pick<Deps, 'db'>, viewer: Viewer, companyId: string | null | undefined) {
  const id = companyId ?? viewer.companyId;
  if (!id || (viewer.accessLevel !== 'SUPER_ADMIN' && id !== viewer.ownCompanyId))
    throw new AppError('COMPANY_NOT_FOUND');
  const company = id.length <= 64 ? await findCompanyById(deps.db, id) : undefined;
  if (!company || company.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
  if (company.status !== 'ACTIVATED')
    throw new AppError(company.status === 'PENDING' ? 'COMPANY_NOT_ACTIVATED' : 'COMPANY_DEACTIVATED');
  return company;
}

/** getDatafileUploadURL: a signed PUT for one survey file (its format from the file name's extension). */
export async function datafileUploadUrl(
  deps: Pick<Deps, 'blobs' | 'clock' | 'db'>,
  viewer: Viewer,
  fileName: string,
  companyId: string,
) {
  const company = await uploadCompany(deps, viewer, companyId);
  const format = formatOfName(fileName ?? '');
  if (!format) throw new AppError('UPLOAD_FILE_TYPE_MISMATCH', { field: 'fileName', reason: 'UNSUPPORTED_FILE_TYPE' });
  const key = newSourceKey(company.id, viewer.userId, format);
  const { url, expiresAt, maxBytes } = deps.blobs.signedPut('upload', key, deps.clock.now());
  return {
    signedUrl: url,
    datafileKey: key,
    expiresAt,
    maxBytes: Math.min(maxBytes, withLimits().maxFileBytes[format]),
    format: toGraphqlFormat(format),
  };
}

/**
 * A stored file the viewer may use: issued to them for this organisation, or the file of an upload
 * they may edit (an ADMIN resuming an employee's draft). Anything else answers like a missing file.
 */
async function usableSource(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  key: string | null | undefined,
  companyId: string,
): Promise<SourceKey> {
  const parsed = parseSourceKey(key);
  if (!parsed || parsed.companyId !== companyId)
    throw new AppError('INVALID_ID', { field: 'datafileKey', reason: 'NOT_AN_UPLOAD_FILE' });
  if (parsed.userId === viewer.userId) return parsed;
  const upload = await repo.uploadBySourceKey(deps.db, parsed.key);
  if (upload) {
    await requireDatafile(deps.db, viewer, upload.datafileId, 'upload').catch(() => {
      throw new AppError('INVALID_ID', { field: 'datafileKey', reason: 'NOT_AN_UPLOAD_FILE' });
    });
    return parsed;
  }
  throw new AppError('INVALID_ID', { field: 'datafileKey', reason: 'NOT_AN_UPLOAD_FILE' });
}

/** Runs a read of a stored file; a refusal of the file itself removes it (unless a draft uses it), so nothing of a hostile file stays. */
async function readingFile<T>(deps: Pick<Deps, 'blobs' | 'db'>, key: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isFileRefusal(error) && !(await repo.uploadBySourceKey(deps.db, key)))
      await deps.blobs.delete(key).catch(() => undefined);
    throw error;
  }
}

/** getSheetNames: the sheets of an uploaded xlsx ([] for csv and sav). */
export async function sheetNamesOf(
  deps: Pick<Deps, 'blobs' | 'db' | 'env' | 'appSecret'>,
  viewer: Viewer,
  datafileKey: string,
  companyId: string,
): Promise<string[]> {
  await uploadCompany(deps, viewer, companyId);
  const source = await usableSource(deps, viewer, datafileKey, companyId);
  return readingFile(deps, source.key, async () => {
    const { sheets } = await readUpload(deps, { op: 'sheets', key: source.key, format: source.format });
    return sheets ?? [];
  });
}

type StepOne = {
  title: string | null;
  source: SourceKey;
  fileName: string;
  size: number;
  sheetName: string | null;
  headerRow: number;
  firstDataRow: number;
  lastDataRow: number | null;
  missingValues: string[];
};

function requireRow(field: string, value: number | null | undefined): number {
  if (value === null || value === undefined)
    throw new AppError('INCOMPLETE_INPUT', { field, reason: 'FIELD_REQUIRED' });
  if (!Number.isInteger(value) || value < 1 || value > MAX_ROW)
    throw new AppError('INVALID_PARAMETERS', { field, reason: 'ROW_NUMBER', max: MAX_ROW });
  return value;
}

function missingCodes(list: readonly string[] | null | undefined): string[] {
  const codes = [...new Set((list ?? ['-999']).map((c) => c.trim()).filter((c) => c !== ''))];
  if (codes.length > MAX_MISSING_CODES || codes.some((c) => c.length > 50))
    throw new AppError('INVALID_PARAMETERS', {
      field: 'missingValues',
      reason: 'MISSING_VALUE_CODES',
      max: MAX_MISSING_CODES,
    });
  return codes;
}

/**
 * Checks step 1 against the stored file: the sheet exists (xlsx), the header row has names and they
 * are unique, and a re-upload has the published columns. Returns the header's column names.
 */
async function readStepOne(
  deps: Pick<Deps, 'blobs' | 'db' | 'env' | 'appSecret'>,
  s: StepOne,
  previousColumns: readonly string[] | undefined,
): Promise<void> {
  await readingFile(deps, s.source.key, () =>
    readUpload(deps, {
      op: 'stepOne',
      key: s.source.key,
      format: s.source.format,
      sheetName: s.sheetName,
      options: {
        ...(s.sheetName ? { sheet: s.sheetName } : {}),
        headerRow: s.headerRow,
        firstDataRow: s.firstDataRow,
        ...(s.lastDataRow !== null ? { lastDataRow: s.lastDataRow } : {}),
        missingValues: s.missingValues,
      },
      ...(previousColumns ? { previousColumns: [...previousColumns] } : {}),
    }),
  );
}

/** createDraftDatafile: a new draft, a change of a draft's step 1, or a re-upload of a READY datafile. Returns the datafile id. */
export async function createDraftDatafile(deps: Deps, viewer: Viewer, input: DatafileInput): Promise<string> {
  const now = deps.clock.now().toISOString();
  const existing = input.datafileId
    ? await requireDatafile(deps.db, viewer, input.datafileId, 'upload')
    : input.reuploadOf
      ? await requireDatafile(deps.db, viewer, input.reuploadOf, 'upload')
      : undefined;
  const companyId = existing?.companyId ?? (await uploadCompany(deps, viewer, input.companyId)).id;
  const title =
    existing && input.title === undefined
      ? null
      : requireTitle('title', input.title, { emptyReason: 'FIELD_REQUIRED' });
  if (!input.datafileKey) throw new AppError('INCOMPLETE_INPUT', { field: 'datafileKey', reason: 'FIELD_REQUIRED' });
  const source = await usableSource(deps, viewer, input.datafileKey, companyId);
  const stat = await deps.blobs.stat(source.key);
  if (!stat) throw new AppError('FILE_DOWNLOAD_FAILED', { field: 'datafileKey', reason: 'UPLOAD_NOT_STORED' });
  const sheetName = source.format === 'xlsx' ? input.sheetName?.trim() || null : null;
  // Rows left out are where the file's layout puts the table (what step 2 would suggest).
  const given = (v: number | null | undefined) => v !== null && v !== undefined;
  const found =
    given(input.headerRow) && given(input.dataRecordStartRow)
      ? undefined
      : (
          await readingFile(deps, source.key, () =>
            readUpload(deps, { op: 'layout', key: source.key, format: source.format, sheetName }),
          )
        ).layout;
  const headerRow = requireRow('headerRow', input.headerRow ?? found?.headerRow);
  const firstDataRow = requireRow(
    'dataRecordStartRow',
    input.dataRecordStartRow ?? (given(input.headerRow) ? headerRow + 1 : found?.firstDataRow),
  );
  if (firstDataRow <= headerRow)
    throw new AppError('INVALID_PARAMETERS', {
      field: 'dataRecordStartRow',
      reason: 'FIRST_DATA_ROW_NOT_AFTER_HEADER_ROW',
      value: firstDataRow,
      limit: headerRow,
    });
  const lastDataRow =
    input.lastDataRow !== null && input.lastDataRow !== undefined
      ? requireRow('lastDataRow', input.lastDataRow)
      : found && !given(input.dataRecordStartRow)
        ? (found.lastDataRow ?? null)
        : null;
  if (lastDataRow !== null && lastDataRow < firstDataRow)
    throw new AppError('INVALID_PARAMETERS', {
      field: 'lastDataRow',
      reason: 'LAST_DATA_ROW_BEFORE_FIRST',
      value: lastDataRow,
      limit: firstDataRow,
    });
  const fileName = (input.fileName ?? '').trim().slice(0, 255) || source.key.slice(source.key.lastIndexOf('/') + 1);
  const step: StepOne = {
    title,
    source,
    fileName,
    size: stat.size,
    sheetName,
    headerRow,
    firstDataRow,
    lastDataRow,
    missingValues: missingCodes(input.missingValues),
  };

  if (existing && input.reuploadOf && !input.datafileId) return reupload(deps, viewer, existing, step, now);
  if (existing) return changeDraft(deps, viewer, existing, step, now);

  await readStepOne(deps, step, undefined);
  if (await repo.sourceKeyTaken(deps.db, source.key))
    throw new AppError('FILEKEY_ALREADY_EXISTS', { field: 'datafileKey' });
  const datafileId = crypto.randomUUID();
  await writeTransaction(deps.db, async (tx) => {
    await repo.insertDatafile(tx, {
      id: datafileId,
      companyId,
      ownerId: viewer.userId,
      title: step.title!,
      importType: 'MANUAL',
      status: 'DRAFT',
      datafileKey: source.key,
      metadata: {
        headerRow,
        dataRecordStartRow: firstDataRow,
        ...(lastDataRow !== null ? { lastDataRow } : {}),
        missingValues: step.missingValues,
        ...(step.sheetName ? { sheetName: step.sheetName } : {}),
        sourceFormat: source.format,
      },
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertUpload(tx, {
      ...uploadFields(step),
      datafileId,
      kind: 'UPLOAD',
      status: 'DRAFT',
      createdBy: viewer.userId,
      createdAt: now,
      updatedAt: now,
    });
  });
  return datafileId;
}

const uploadFields = (s: StepOne) => ({
  sourceKey: s.source.key,
  sourceFormat: s.source.format,
  sourceFileName: s.fileName,
  sourceBytes: s.size,
  sheetName: s.sheetName,
  headerRow: s.headerRow,
  firstDataRow: s.firstDataRow,
  lastDataRow: s.lastDataRow,
  missingValues: s.missingValues,
});

/** Step 1 again on an open draft: a new file or other reading options start step 2 over. */
async function changeDraft(
  deps: Pick<Deps, 'blobs' | 'db' | 'jobs' | 'env' | 'appSecret'>,
  viewer: Viewer,
  file: repo.DatafileRow,
  step: StepOne,
  now: string,
): Promise<string> {
  const upload = await repo.openUploadOf(deps.db, file.id);
  if (!upload || upload.status === 'PROCESSING')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'NOT_A_DRAFT' });
  const previous = upload.kind === 'UPDATE' ? await publishedColumns(deps, file) : undefined;
  await readStepOne(deps, step, previous);
  if (await repo.sourceKeyTaken(deps.db, step.source.key, upload.id))
    throw new AppError('FILEKEY_ALREADY_EXISTS', { field: 'datafileKey' });
  const sameReading =
    upload.sourceKey === step.source.key &&
    upload.sheetName === step.sheetName &&
    upload.headerRow === step.headerRow &&
    upload.firstDataRow === step.firstDataRow &&
    upload.lastDataRow === step.lastDataRow &&
    JSON.stringify(upload.missingValues) === JSON.stringify(step.missingValues);
  // Another reading makes the check, and any revision prepared after it, useless.
  const previousPrepare = sameReading ? undefined : await prepareJobOf(deps, upload);
  await writeTransaction(deps.db, async (tx) => {
    const changed = await repo.updateUpload(
      tx,
      upload.id,
      {
        ...uploadFields(step),
        status: 'DRAFT',
        errorCode: null,
        errorDetails: null,
        progress: 0,
        updatedAt: now,
        ...(sameReading ? {} : { checkJobId: null }),
      },
      ['DRAFT', 'ERROR'],
    );
    if (!changed) throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'NOT_A_DRAFT' });
    // The data points of another file (or another header row) may not fit it: step 2 starts over.
    if (!sameReading && upload.kind === 'UPLOAD') await repo.replaceDatapoints(tx, upload.id, []);
    if (upload.kind === 'UPLOAD') {
      await repo.updateDatafile(tx, file.id, {
        ...(step.title ? { title: step.title } : {}),
        status: 'DRAFT',
        datafileKey: step.source.key,
        updatedAt: now,
        metadata: {
          ...file.metadata,
          headerRow: step.headerRow,
          dataRecordStartRow: step.firstDataRow,
          lastDataRow: step.lastDataRow ?? undefined,
          missingValues: step.missingValues,
          sheetName: step.sheetName ?? undefined,
          sourceFormat: step.source.format,
        },
      });
    }
  });
  if (upload.sourceKey !== step.source.key) await deps.blobs.delete(upload.sourceKey).catch(() => undefined);
  await discardPrepare(deps, previousPrepare, { stop: true });
  return file.id;
}

/** The header names of the published revision (what a re-upload must have). */
async function publishedColumns(deps: Pick<Deps, 'db'>, file: repo.DatafileRow): Promise<string[]> {
  const published = file.publishedUploadId ? await repo.findUpload(deps.db, file.publishedUploadId) : undefined;
  if (file.status !== 'READY' || !published?.columns)
    throw new AppError('INVALID_PARAMETERS', { field: 'reuploadOf', reason: 'DATAFILE_NOT_READY' });
  return published.columns;
}

/** A re-upload: a new UPDATE upload on the READY datafile, starting from the published data points. */
async function reupload(
  deps: Pick<Deps, 'blobs' | 'db' | 'jobs' | 'env' | 'appSecret'>,
  viewer: Viewer,
  file: repo.DatafileRow,
  step: StepOne,
  now: string,
): Promise<string> {
  const columns = await publishedColumns(deps, file);
  const open = await repo.openUploadOf(deps.db, file.id);
  if (open?.status === 'PROCESSING') throw new AppError('UPLOAD_GOING_ON');
  if (open) return changeDraft(deps, viewer, file, step, now);
  await readStepOne(deps, step, columns);
  if (await repo.sourceKeyTaken(deps.db, step.source.key))
    throw new AppError('FILEKEY_ALREADY_EXISTS', { field: 'datafileKey' });
  const points = await repo.datapointsOf(deps.db, file.publishedUploadId!);
  await writeTransaction(deps.db, async (tx) => {
    const upload = await repo.insertUpload(tx, {
      ...uploadFields(step),
      datafileId: file.id,
      kind: 'UPDATE',
      status: 'DRAFT',
      createdBy: viewer.userId,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceDatapoints(
      tx,
      upload.id,
      points.map(({ uploadId: _u, position: _p, ...rest }) => rest),
    );
  });
  return file.id;
}
