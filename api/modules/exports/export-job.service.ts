// Exports as jobs: the request checks who asks and that the datafile has a saved
// cleaning, snapshots the cleaning and its certificate into the job's payload (the file shows what
// was saved when the user asked, even if the worksheet is saved again meanwhile), and queues the
// 'export' job; the job's Worker step runs runExport; the state query signs a fresh download link.
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { isLocale, translate, type Locale } from '../../lib/i18n';
import { and, desc, eq } from 'drizzle-orm';
import { certificates } from '../../../db/schema';
import { loadSavedCleaning } from '../cleaning';
import { requireDatafile } from '../datafiles';
import type { ExportFormat, ExportJobInput } from './export.service';
import { EXPORT_JOB, type ExportJobPayload, type ExportJobRow } from './jobs/contract';

export { EXPORT_JOB, type ExportJobPayload };

export const REPORT_PATH = '/datafile-report';

type ExportFormatName =
  | 'XLSX'
  | 'CSV'
  | 'ARROW'
  | 'PARQUET'
  | 'REJECTS'
  | 'SAV'
  | 'TRIPLE_S'
  | 'RECONCILIATION'
  | 'RECONCILIATION_CSV';

const FORMATS: Record<ExportFormatName, ExportFormat> = {
  XLSX: 'xlsx',
  CSV: 'csv',
  ARROW: 'arrow',
  PARQUET: 'parquet',
  REJECTS: 'rejects',
  SAV: 'sav',
  TRIPLE_S: 'sss',
  RECONCILIATION: 'recon-xlsx',
  RECONCILIATION_CSV: 'recon-csv',
};

export type ExportRequest = {
  datafileId: string;
  format: string;
  language?: string | null;
  csvSeparator?: string | null;
  decimalSeparator?: string | null;
  columnNames?: string | null;
  roundScores?: boolean | null;
  sampleSource?: string | null;
};

const notInList = (field: string) => new AppError('INVALID_PARAMETERS', { field, reason: 'NOT_IN_LIST' });

/**
 * The file options of a request, checked: the language (default the caller's), the CSV separator
 * (','), the decimal mark (',' for German with ';', else '.'; a comma beside ',' between columns
 * is refused), the column names (readable) and the score decimals (1, or every digit).
 */
export function exportOptionsOf(
  request: ExportRequest,
  viewerLocale: Locale,
): Pick<ExportJobInput, 'locale' | 'csv' | 'columnNames' | 'scoreDecimals'> & { locale: Locale } {
  const language = request.language ?? viewerLocale;
  if (!isLocale(language)) throw notInList('language');
  const delimiter = request.csvSeparator ?? ',';
  if (delimiter !== ',' && delimiter !== ';') throw notInList('csvSeparator');
  const decimal = request.decimalSeparator ?? (language === 'de' && delimiter === ';' ? ',' : '.');
  if (decimal !== '.' && decimal !== ',') throw notInList('decimalSeparator');
  if (decimal === ',' && delimiter === ',')
    throw new AppError('INVALID_PARAMETERS', { field: 'decimalSeparator', reason: 'DECIMAL_COMMA_NEEDS_SEMICOLON' });
  const names = request.columnNames ?? 'READABLE';
  if (names !== 'READABLE' && names !== 'TECHNICAL') throw notInList('columnNames');
  return {
    locale: language,
    csv: { delimiter, decimal },
    columnNames: names === 'TECHNICAL' ? 'technical' : 'readable',
    scoreDecimals: request.roundScores === false ? null : 1,
  };
}

/** The public report's address of a datafile (the 'Quality Mark' sheet's reportURL). */
export function reportUrlOf(publicUrl: string, datafileId: string): string {
  return `${publicUrl}${REPORT_PATH}?datafileId=${encodeURIComponent(datafileId)}`;
}

/**
 * What an export of the request would write, checked: who asks may see the datafile, the format
 * and options are known, the revision is published and its cleaning saved. The cleaning and the
 * newest certificate are snapshotted, so the file shows what was saved when the user asked.
 */
export async function exportInputFor(
  deps: Pick<Deps, 'db' | 'env'>,
  viewer: Viewer,
  request: ExportRequest,
): Promise<{ input: ExportJobInput; companyId: string }> {
  const file = await requireDatafile(deps.db, viewer, request.datafileId, 'see');
  const format = (FORMATS as Record<string, ExportFormat | undefined>)[request.format];
  if (!format) throw notInList('format');
  const options = exportOptionsOf(request, viewer.locale);
  if (file.status === 'DRAFT' || file.revision < 1) throw new AppError('SCORES_NOT_AVAILABLE');
  const saved = await loadSavedCleaning(deps.db, file.id);
  // A reset cleaning (resetDatafileCleaning) keeps the settings for the worksheet but exports nothing as cleaned.
  if (!saved || !file.isCleaned) throw new AppError('DATAFILE_NOT_CLEANED');
  // The newest certificate of this revision (the certificates module reads this table too; it
  // imports the exports module, so a query here keeps the module graph free of cycles).
  const certificate = await deps.db
    .select({ code: certificates.code, level: certificates.level })
    .from(certificates)
    .where(and(eq(certificates.datafileId, file.id), eq(certificates.revision, file.revision)))
    .orderBy(desc(certificates.issuedAt))
    .limit(1)
    .get();
  const input: ExportJobInput = {
    datafileId: file.id,
    revision: file.revision,
    format,
    cleaning: {
      rules: saved.rules,
      ...(saved.manual ? { manual: saved.manual } : {}),
      ...(saved.quota ? { quota: saved.quota } : {}),
      ...(saved.duplicates ? { duplicates: saved.duplicates } : {}),
    },
    certificate: {
      certificateCode: certificate ? formatCode(certificate.code) : null,
      reportURL: reportUrlOf(deps.env.publicUrl, file.id),
      certificateLevel: certificate?.level ?? file.certificateLevel ?? null,
    },
    ...options,
    title: file.title,
    ...(format === 'recon-xlsx' || format === 'recon-csv'
      ? { reconciliation: { companyId: file.companyId, ...sampleSourceOf(request.sampleSource) } }
      : {}),
  };
  return { input, companyId: file.companyId };
}

export async function requestExport(
  deps: Pick<Deps, 'db' | 'env' | 'jobs'>,
  viewer: Viewer,
  request: ExportRequest,
): Promise<ExportJobRow> {
  const { input, companyId } = await exportInputFor(deps, viewer, request);
  const { id } = await deps.jobs.enqueue(
    EXPORT_JOB,
    { input, requestedBy: viewer.userId },
    { maxAttempts: 2, owner: companyId },
  );
  return (await deps.jobs.find(EXPORT_JOB, id))!;
}

/**
 * The pack's source: absent or null for every source, '' for the interviews that named none, else
 * that source's name (at most 100 characters, as the live endpoint and the upload keep it).
 */
export function sampleSourceOf(given: string | null | undefined): { sampleSource?: string | null } {
  if (given === undefined || given === null) return {};
  if (typeof given !== 'string' || given.length > 100)
    throw new AppError('INVALID_PARAMETERS', { field: 'sampleSource', reason: 'TOO_LONG', max: 100 });
  return { sampleSource: given.trim() === '' ? null : given.trim() };
}

/** XXXX-XXXX-XXXX-C, as reports print it. */
function formatCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`;
}

/** The job, if it is an export the viewer may see (its datafile is visible to them); INVALID_ID otherwise, alike for missing ones. */
export async function exportJobFor(
  deps: Pick<Deps, 'db' | 'jobs'>,
  viewer: Viewer,
  jobId: string,
): Promise<ExportJobRow> {
  const job = typeof jobId === 'string' && jobId.length <= 64 ? await deps.jobs.find(EXPORT_JOB, jobId) : undefined;
  if (!job) throw new AppError('INVALID_ID');
  try {
    await requireDatafile(deps.db, viewer, job.payload.input.datafileId, 'see');
  } catch {
    throw new AppError('INVALID_ID');
  }
  return job;
}

export function presentExportJob(deps: Pick<Deps, 'blobs' | 'clock'>, job: ExportJobRow, locale: Locale) {
  const { input } = job.payload;
  const result = job.state === 'SUCCEEDED' ? job.result : null;
  return {
    jobId: job.id,
    datafileId: input.datafileId,
    format: (Object.keys(FORMATS) as ExportFormatName[]).find((name) => FORMATS[name] === input.format)!,
    state: job.state,
    progress: job.state === 'SUCCEEDED' ? 100 : job.progress,
    downloadUrl: result ? deps.blobs.signedGet(result.key, deps.clock.now(), { downloadName: result.fileName }) : null,
    fileName: result?.fileName ?? null,
    size: result?.size ?? null,
    includedRecords: result ? result.rows - result.removed : null,
    removedRecords: result?.removed ?? null,
    error:
      job.state === 'FAILED' || job.state === 'CANCELLED'
        ? {
            code: job.errorCode ?? 'GENERAL_ERROR',
            message: translate(locale, `errors.${job.errorCode ?? 'GENERAL_ERROR'}`),
          }
        : null,
  };
}
