// Messages of upload refusals in the user's language, one function for every place that shows one:
// the GraphQL error of a step, the per-column problems of the step-2 check and the UPLOAD_ERROR
// notification of the job, so the user reads the same sentence wherever the refusal reaches them.
// A refusal with a reason says what to change (reasons.<REASON>, with its column, rows, limit and
// value filled in); one without starts with where it is ("Spalte „Q5“, Zeilen 3, 8, 12: ...").
import { AppError } from './errors';
import type { ErrorCode } from './error-codes';
import type { RefusalReason } from './refusal-reasons';
import { translate, type Locale } from '../../lib/i18n';

/** What a refusal says beside its code (UploadErrorDetails, ValidationIssue, a job's stored details). */
export type RefusalFacts = {
  code: ErrorCode;
  reason?: RefusalReason | undefined;
  column?: string | undefined;
  rows?: readonly number[] | undefined;
  columns?: readonly string[] | undefined;
  limit?: number | undefined;
  value?: number | string | undefined;
};

const numberFormats = new Map<Locale, Intl.NumberFormat>();
const formatNumber = (n: number, locale: Locale) => {
  let f = numberFormats.get(locale);
  if (!f)
    numberFormats.set(
      locale,
      (f = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 1 })),
    );
  return f.format(n);
};
const megabytes = (bytes: number) => Math.max(0.1, Math.round(bytes / 104_857.6) / 10);
/** Reasons whose limit and value are bytes: shown in megabytes. */
const BYTE_REASONS: ReadonlySet<RefusalReason> = new Set(['FILE_OVER_SIZE_CAP', 'ZIP_UNCOMPRESSED_SIZE']);

/** The placeholders of a message: numbers in the locale's format, lists joined. */
export function refusalParams(facts: Omit<RefusalFacts, 'code'>, locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  if (facts.column !== undefined) out.column = facts.column;
  if (facts.rows?.length) out.rows = facts.rows.map((r) => formatNumber(r, locale)).join(', ');
  if (facts.columns?.length) out.columns = facts.columns.join(', ');
  if (typeof facts.limit === 'number') out.limit = formatNumber(facts.limit, locale);
  if (facts.value !== undefined)
    out.value = typeof facts.value === 'number' ? formatNumber(facts.value, locale) : facts.value;
  if (facts.reason && BYTE_REASONS.has(facts.reason)) {
    if (typeof facts.limit === 'number') out.limitMegabytes = formatNumber(megabytes(facts.limit), locale);
    if (typeof facts.value === 'number') out.valueMegabytes = formatNumber(megabytes(facts.value), locale);
  }
  return out;
}

/** Where a refusal is, without a reason's own text: "Spalte „Q5“, Zeilen 3, 8, 12". */
function whereOf(params: Record<string, unknown>, locale: Locale): string {
  const parts: string[] = [];
  if (typeof params.column === 'string')
    parts.push(translate(locale, 'uploads.issueColumn', { column: params.column }));
  if (typeof params.rows === 'string')
    parts.push(
      translate(locale, params.rows.includes(',') ? 'uploads.issueRows' : 'uploads.issueRow', { rows: params.rows }),
    );
  return parts.join(', ');
}

/** The one sentence a user reads for an upload refusal (`extra`: further placeholders of the reason, e.g. field, max). */
export function uploadRefusalMessage(facts: RefusalFacts, locale: Locale, extra: Record<string, unknown> = {}): string {
  const params: Record<string, unknown> = { ...extra, ...refusalParams(facts, locale) };
  if (facts.reason) return translate(locale, `reasons.${facts.reason}`, params);
  const base = translate(locale, `errors.${facts.code}`);
  const where = whereOf(params, locale);
  return where ? translate(locale, 'uploads.issueAt', { where, message: base }) : base;
}

/** Kept for the engine's callers: the message of a validation issue. */
export const describeIssue = uploadRefusalMessage;

/** The facts of an AppError's details (unknown values dropped). */
export function refusalFactsOf(code: ErrorCode, details: Record<string, unknown> | null | undefined): RefusalFacts {
  const d = details ?? {};
  const facts: RefusalFacts = { code };
  if (typeof d.reason === 'string') facts.reason = d.reason as RefusalReason;
  if (typeof d.column === 'string') facts.column = d.column;
  if (Array.isArray(d.rows)) facts.rows = d.rows.filter((r): r is number => typeof r === 'number');
  if (Array.isArray(d.columns)) facts.columns = d.columns.filter((c): c is string => typeof c === 'string');
  if (typeof d.limit === 'number') facts.limit = d.limit;
  if (typeof d.value === 'number' || typeof d.value === 'string') facts.value = d.value;
  return facts;
}

/**
 * An engine refusal with its message in the caller's language (the GraphQL error's message), the
 * code and details unchanged in extensions. Anything that is not an AppError passes through.
 */
export function localiseRefusal(error: unknown, locale: Locale): unknown {
  if (!(error instanceof AppError) || error.message !== error.code) return error;
  const extra = Object.fromEntries(
    Object.entries(error.details).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  );
  return new AppError(
    error.code,
    error.details,
    uploadRefusalMessage(refusalFactsOf(error.code, error.details), locale, extra),
  );
}
