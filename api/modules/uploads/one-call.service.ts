// The one-call upload for scripts (POST /api/datafiles): the three steps of the screens run one after
// the other on the server, through the same services (createDraftDatafile, saveColumns, the check
// job, confirmUpload), so a script gets exactly the rules, refusals and charge a user gets. Nothing
// here reads the file itself: the draft's step 1, the preview's suggestions and the check job do.
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import type { SelectedColumnInput } from '../../graphql/generated/resolvers';
import { AppError } from '../../kernel/errors/errors';
import { readUntil, type JobEvent } from '../../jobs';
import type { RefusalFacts } from '../../kernel/errors/refusal-messages';
import { presentDatapoint, requireDatafile } from '../datafiles';
import { ROW_NUMBER_IDENTIFIER, rowOfDataPoint } from './datapoints';
import { confirmUpload, uploadingProgress } from './upload-confirm.service';
import { draftedDatafile, saveColumns, uploadCheck, uploadPreview } from './upload-draft.service';
import { createDraftDatafile, datafileUploadUrl, sheetNamesOf } from './upload-steps.service';
import * as repo from './uploads.repo';

/** A data point in the shape the preview returns (`suggestedColumns`), which is also the shape a script may send. */
export type MappingEntry = Partial<SelectedColumnInput> & Record<string, unknown>;

export type OneCallOptions = {
  /** A new version of this READY datafile; absent: a new datafile. */
  versionOf?: string;
  companyId?: string;
  title?: string;
  fileName: string;
  sheet?: string;
  headerRow: number;
  firstDataRow?: number;
  /** The record id: a column, or the row number (either overrides what the suggestions chose). */
  recordId?: { column: string } | { rowNumber: true };
  missing?: string[];
  /** 'auto': the preview's suggestions; 'keep': a new version's published data points; or explicit. */
  mapping: 'auto' | 'keep' | MappingEntry[];
  checkOnly: boolean;
  /** How long to wait for READY or ERROR after the confirmation (0: answer at once with PROCESSING). */
  waitSeconds: number;
};

/** How long the check of the data points may take before the call gives up (the job's own Worker limit is longer). */
const CHECK_WAIT_MS = 10 * 60_000;
/**
 * A job of this process wakes the waits below at once (readUntil); this is how often they read when
 * the job runs in another process, which sends no event here.
 */
const FALLBACK_POLL_MS = 200;
/** The waits want a check's answer or a job's end, not its progress. */
const answerOrEnd = (event: JobEvent) => event.type !== 'progress';

const INPUT_FIELDS = [
  'dataPointIdentifier',
  'dataPointType',
  'columns',
  'questionTitle',
  'isEnableCopyPasteCheck',
  'algorithms',
  'pageNumber',
  'pageTitle',
  'role',
  'unit',
  'dateOrder',
  'scaleMin',
  'scaleMax',
  'isRandomised',
  'keywords',
  'languages',
  'isEnableDuplicateCheck',
  'isEnableWrongTopicCheck',
  'numberOfOptions',
  'openEndedColumn',
] as const;

/** The preview's shape (DataPointMetadata) as step 2's input: the output's extra fields (startingQuestion) are dropped. */
export function inputOf(entry: MappingEntry): SelectedColumnInput {
  const out: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) if (entry[field] !== undefined && entry[field] !== null) out[field] = entry[field];
  if (
    !Array.isArray(out.columns) ||
    typeof out.dataPointType !== 'string' ||
    typeof out.dataPointIdentifier !== 'string'
  )
    throw new AppError('INVALID_PARAMETERS', {
      field: 'mapping',
      reason: 'DATA_POINT_SHAPE',
      column: String(entry.dataPointIdentifier ?? '?'),
      value: String(entry.dataPointType ?? '?'),
    });
  return out as SelectedColumnInput;
}

/**
 * The chosen record id replaces the suggested one: step 2's own row-number ID (one mechanism for both
 * routes), or a column, which then leaves any other data point it was part of.
 */
function withRecordId(
  mapping: SelectedColumnInput[],
  id: NonNullable<OneCallOptions['recordId']>,
): SelectedColumnInput[] {
  const column = 'column' in id ? id.column : undefined;
  const rest = mapping
    .filter((d) => d.dataPointType !== 'RECORD_ID')
    .map((d) => ({ ...d, columns: d.columns.filter((c) => c !== column) }))
    .filter((d) => d.columns.length > 0 && !(d.dataPointType === 'PROJECTIVE' && d.columns.length < 2));
  const recordId: SelectedColumnInput = column
    ? { dataPointIdentifier: column, dataPointType: 'RECORD_ID', columns: [column] }
    : { dataPointIdentifier: ROW_NUMBER_IDENTIFIER, dataPointType: 'RECORD_ID', isRowNumber: true, columns: [] };
  return [recordId, ...rest];
}

/** The preview's suggestions, open questions titled by their label (SPSS, Qualtrics) or else their column name. */
async function suggestedMapping(deps: Deps, viewer: Viewer, datafileId: string): Promise<SelectedColumnInput[]> {
  const preview = await uploadPreview(deps, viewer, datafileId);
  const labels = new Map(preview.columns.map((c) => [c.column, c.label]));
  return preview.suggestedMapping.map((dp) => {
    const entry = inputOf(presentDatapoint(rowOfDataPoint(dp)) as MappingEntry);
    if (entry.dataPointType === 'OPEN_ENDED' && !entry.questionTitle)
      entry.questionTitle = labels.get(entry.columns[0]!) || entry.columns[0]!;
    return entry;
  });
}

/** Waits for the check job of the saved data points; returns its outcome (issues, or the estimate). */
async function checked(deps: Deps, viewer: Viewer, datafileId: string) {
  const check = await readUntil(
    deps.jobs,
    () => uploadCheck(deps, viewer, datafileId),
    (c) => c.state === 'DONE' || c.state === 'FAILED',
    { fallbackMs: FALLBACK_POLL_MS, until: Date.now() + CHECK_WAIT_MS, wakeOn: answerOrEnd },
  );
  if (check.state === 'DONE' || check.state === 'FAILED') return check;
  throw new AppError('GENERAL_ERROR', { reason: 'CHECK_TIMED_OUT' });
}

export type OneCallOutcome =
  | { kind: 'refused'; datafileId: string; issues: RefusalFacts[] }
  | {
      kind: 'checked' | 'confirmed';
      datafileId: string;
      estimate: NonNullable<Awaited<ReturnType<typeof uploadCheck>>['estimate']>;
    };

/** Stores the request's body as an upload file of the viewer (the key step 1's signed URL would have named). */
export async function storeUploadBody(
  deps: Deps,
  viewer: Viewer,
  options: Pick<OneCallOptions, 'versionOf' | 'companyId' | 'fileName'>,
  store: (key: string, maxBytes: number) => Promise<void>,
): Promise<string> {
  const companyId = options.versionOf
    ? (await requireDatafile(deps.db, viewer, options.versionOf, 'upload')).companyId
    : (options.companyId ?? viewer.companyId ?? '');
  const { datafileKey, maxBytes } = await datafileUploadUrl(deps, viewer, options.fileName, companyId);
  await store(datafileKey, maxBytes);
  return datafileKey;
}

/**
 * Steps 1 to 3 over a stored file: the draft (a new datafile or a new version), the data points,
 * the check, and unless only checking, the confirmation with the check's estimate. A file that no
 * draft took is removed again.
 */
export async function uploadInOneCall(
  deps: Deps,
  viewer: Viewer,
  key: string,
  options: OneCallOptions,
): Promise<OneCallOutcome> {
  let datafileId: string;
  try {
    const companyId = key.split('/')[1]!;
    const sheet =
      options.sheet ?? (key.endsWith('.xlsx') ? (await sheetNamesOf(deps, viewer, key, companyId))[0] : undefined);
    datafileId = await createDraftDatafile(deps, viewer, {
      ...(options.versionOf ? { reuploadOf: options.versionOf } : { companyId, title: options.title }),
      datafileKey: key,
      fileName: options.fileName,
      sheetName: sheet ?? null,
      headerRow: options.headerRow,
      dataRecordStartRow: options.firstDataRow ?? options.headerRow + 1,
      ...(options.missing ? { missingValues: options.missing } : {}),
    });
  } catch (error) {
    if (!(await repo.uploadBySourceKey(deps.db, key))) await deps.blobs.delete(key).catch(() => undefined);
    throw error;
  }
  try {
    return await checkAndConfirm(deps, viewer, datafileId, options);
  } catch (error) {
    // The draft stays (the browser can continue it): a script learns which one from the refusal.
    if (error instanceof AppError) throw new AppError(error.code, { ...error.details, datafileId }, error.message);
    throw error;
  }
}

async function checkAndConfirm(
  deps: Deps,
  viewer: Viewer,
  datafileId: string,
  options: OneCallOptions,
): Promise<OneCallOutcome> {
  let mapping =
    options.mapping === 'auto'
      ? await suggestedMapping(deps, viewer, datafileId)
      : options.mapping === 'keep'
        ? (await draftedDatafile(deps, viewer, datafileId)).points.map((p) => inputOf(presentDatapoint(p)))
        : options.mapping.map(inputOf);
  if (options.recordId) mapping = withRecordId(mapping, options.recordId);
  await saveColumns(deps, viewer, datafileId, mapping);
  const check = await checked(deps, viewer, datafileId);
  if (check.issues.length || !check.estimate) return { kind: 'refused', datafileId, issues: check.issues };
  if (options.checkOnly) return { kind: 'checked', datafileId, estimate: check.estimate };
  await confirmUpload(deps, viewer, {
    datafileId,
    creditAmount: check.estimate.creditAmount,
    status: 'PROCESSING',
  });
  return { kind: 'confirmed', datafileId, estimate: check.estimate };
}

/** Where the datafile's upload stands, after waiting up to `seconds` for its processing to end (READY or ERROR). */
export function settledProgress(deps: Deps, viewer: Viewer, datafileId: string, seconds: number) {
  return readUntil(
    deps.jobs,
    () => uploadingProgress(deps, viewer, datafileId),
    (progress) => progress.upload?.status !== 'PROCESSING',
    { fallbackMs: FALLBACK_POLL_MS, until: Date.now() + seconds * 1000, wakeOn: answerOrEnd },
  );
}
