// The upload for scripts, in one HTTP call (docs/scripts.md):
//
//   POST /api/datafiles?fileName=survey.csv[&title&sheet&headerRow&id&missing&mapping&checkOnly&wait]
//   POST /api/datafiles/{datafileId}/versions?fileName=...      a new version of a READY datafile
//   GET  /api/datafiles/{datafileId}                            where its upload stands
//   X-API-Key: <API key>   (or Authorization: Bearer <session token>)
//
// The body is the file's bytes, streamed into the blob store under the key step 1's signed URL would
// have named, with the same cap; then one-call.service.ts runs the steps' own services. Refusals
// answer like every route: { errors: [{ message, extensions: { code, reason, column, rows, ... } }] }
// in the caller's language, with the datafile's id when a draft was made.
import type { Context, Hono } from 'hono';
import * as z from 'zod';
import type { Deps } from '../../kernel/deps';
import { createContext, type Viewer } from '../../graphql/context';
import { AppError, messageOf } from '../../kernel/errors/errors';
import type { ErrorCode } from '../../kernel/errors/error-codes';
import { localiseRefusal, uploadRefusalMessage, type RefusalFacts } from '../../kernel/errors/refusal-messages';
import type { Locale } from '../../lib/i18n';
import { ErrorBody, parseWith, type RouteDoc } from '../../lib/openapi';
import { keepRequestOpen } from '../../lib/request-body';
import { presentProgress } from './uploads.presenter';
import { settledProgress, storeUploadBody, uploadInOneCall, type MappingEntry } from './one-call.service';
import { confirmUpload } from './upload-confirm.service';

export const UPLOAD_ROUTE = '/api/datafiles';
export const VERSION_ROUTE = '/api/datafiles/:datafileId/versions';
export const STATUS_ROUTE = '/api/datafiles/:datafileId';
export const CONFIRM_ROUTE = '/api/datafiles/:datafileId/confirm';
/** Longest `wait`: the job's own Worker limit is longer, a script polls the status route after this. */
const MAX_WAIT_SECONDS = 600;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const Wait = z
  .union([z.literal('true'), z.coerce.number().int().min(0).max(MAX_WAIT_SECONDS)])
  .optional()
  .transform((v) => (v === 'true' ? MAX_WAIT_SECONDS : (v ?? 0)))
  .describe('Seconds to wait for READY or ERROR (`true`: 600); 0 answers once processing started.');

export const UploadQuery = z.object({
  fileName: z
    .string()
    .min(1)
    .max(255)
    .describe(
      'The file’s name; its extension (.xlsx, .csv, .sav) tells the format. Also the title when none is given.',
    ),
  title: z.string().max(100).optional().describe('Title of a new datafile (default: the file name without extension).'),
  companyId: z.string().max(64).optional().describe('Operators: the organisation; everyone else uploads to their own.'),
  sheet: z.string().max(200).optional().describe('xlsx: the sheet (default: the first).'),
  headerRow: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('Row of the column names.'),
  firstDataRow: z.coerce.number().int().min(2).max(1_000_000).optional().describe('Default: the row after the header.'),
  id: z.string().min(1).max(1000).optional().describe('The record id column (default: the suggested one).'),
  rowNumber: flag.describe(
    "true: the record id is the row number in the file (as step 2's row-number choice), for files without an id column; not with id.",
  ),
  missing: z
    .string()
    .max(1100)
    .optional()
    .describe('Missing-value codes, comma-separated, e.g. -99,-98 (default -999).'),
  mapping: z
    .string()
    .max(64 * 1024)
    .default('auto')
    .describe(
      '`auto`: the suggested data points; or a JSON list of data points in the shape getUploadPreview returns as suggestedColumns. A new version keeps the published data points unless this is given.',
    ),
  checkOnly: flag.describe('true: check and estimate the credits, charge nothing; the datafile stays a draft.'),
  wait: Wait,
});

const DatafileParams = z.object({ datafileId: z.string().min(1).max(64) });

const ConfirmQuery = z.object({
  creditAmount: z.coerce
    .number()
    .int()
    .min(0)
    .describe('The estimate the check answered (estimate.creditAmount): what you agree to be charged.'),
  wait: Wait,
});

const Refusal = z.looseObject({
  code: z.string(),
  reason: z.string().nullable(),
  message: z.string(),
  column: z.string().nullable(),
  rows: z.array(z.number()).nullable(),
});

export const UploadAnswer = z.looseObject({
  datafileId: z.string(),
  status: z.enum(['CHECKED', 'DRAFT', 'PROCESSING', 'READY', 'ERROR']),
  estimate: z.looseObject({ numberOfRecords: z.number(), creditAmount: z.number() }).nullable(),
  upload: z.looseObject({ status: z.string(), revision: z.number().nullable(), error: Refusal.nullable() }).nullable(),
  recordSummary: z.looseObject({}).nullable(),
  links: z.object({ status: z.string(), scores: z.string() }),
});

const STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  UNAUTHORIZED: 403,
  NO_DATAFILE_FOUND: 404,
  COMPANY_NOT_FOUND: 404,
  UPLOAD_FILE_TOO_LARGE: 413,
  BALANCE_NOT_ENOUGH: 402,
  UPLOAD_GOING_ON: 409,
  GENERAL_ERROR: 503,
};

const refusalBody = (facts: RefusalFacts[], locale: Locale) =>
  facts.map((f) => {
    const { code, ...rest } = f;
    return { message: uploadRefusalMessage(f, locale), extensions: { code, ...rest } };
  });

function refuse(c: Context, error: AppError, locale: Locale) {
  // Upload refusals read as the steps show them (column, rows and limit in the sentence).
  const localised = localiseRefusal(error, locale) as AppError;
  const errors = [{ message: messageOf(localised, locale), extensions: { code: error.code, ...error.details } }];
  const datafileId = error.details.datafileId;
  const status = error.details.reason === 'TOO_LARGE' ? 413 : (STATUS[error.code] ?? 400);
  return c.json({ errors, ...(datafileId ? { datafileId } : {}) }, status as 400);
}

/** Counts the body's bytes as they pass and stops past the cap (nothing is buffered). */
function capped(maxBytes: number) {
  let total = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.length;
      if (total > maxBytes)
        throw new AppError('INVALID_PARAMETERS', {
          reason: 'TOO_LARGE',
          maxMegabytes: Math.round(maxBytes / 104_857.6) / 10,
        });
      controller.enqueue(chunk);
    },
  });
}

async function storeBody(deps: Deps, c: Context, key: string, maxBytes: number) {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (declared > maxBytes)
    throw new AppError('INVALID_PARAMETERS', {
      reason: 'TOO_LARGE',
      maxMegabytes: Math.round(maxBytes / 104_857.6) / 10,
    });
  const body = c.req.raw.body;
  if (!body || declared === 0) throw new AppError('INVALID_PARAMETERS', { reason: 'EMPTY' });
  const { size } = await deps.blobs.put(key, body.pipeThrough(capped(maxBytes)), {
    contentType: 'application/octet-stream',
  });
  if (size === 0 || (declared === declared && size !== declared)) {
    await deps.blobs.delete(key);
    throw new AppError('INVALID_PARAMETERS', { reason: size === 0 ? 'EMPTY' : 'CONTENT_LENGTH' });
  }
}

function mappingOf(text: string, isVersion: boolean, given: boolean): 'auto' | 'keep' | MappingEntry[] {
  if (isVersion && !given) return 'keep';
  if (text.trim() === 'auto') return 'auto';
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((e) => e && typeof e === 'object')) return parsed as MappingEntry[];
  } catch {
    // answered below
  }
  throw new AppError('INVALID_PARAMETERS', { field: 'mapping', reason: 'MAPPING_NOT_JSON' });
}

const links = (id: string) => ({
  status: `/api/datafiles/${id}`,
  scores: `/api/datafiles/${id}/scores?format=csv`,
});

/** The datafile's upload after waiting; the status code says READY (200), still going (202) or ERROR (422). */
async function progressAnswer(deps: Deps, viewer: Viewer, id: string, seconds: number, locale: Locale) {
  const p = presentProgress(await settledProgress(deps, viewer, id, seconds), locale);
  const status = p.upload?.status === 'ERROR' ? 'ERROR' : p.status;
  const body = { ...p, datafileId: id, status, links: links(id) };
  if (status === 'ERROR' && p.upload?.error) {
    const { message, code, ...rest } = p.upload.error;
    return { code: 422 as const, body: { ...body, errors: [{ message, extensions: { code, ...rest } }] } };
  }
  return { code: status === 'READY' ? (200 as const) : (202 as const), body };
}

export function registerUploadRoutes(app: Hono, deps: Deps): void {
  const upload = async (c: Context, versionOf: string | undefined) => {
    const ctx = createContext(deps, c);
    const locale = await ctx.locale();
    try {
      const viewer = await ctx.viewer();
      if (!viewer) throw new AppError('UNAUTHENTICATED');
      if ((c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/'))
        throw new AppError('INVALID_PARAMETERS', { reason: 'RAW_BODY_EXPECTED' });
      const q = parseWith(UploadQuery, c.req.query());
      if (q.id && q.rowNumber)
        throw new AppError('INVALID_PARAMETERS', { field: 'rowNumber', reason: 'QUERY_PARAMETER', value: 'id' });
      const mapping = mappingOf(q.mapping, versionOf !== undefined, c.req.query('mapping') !== undefined);
      const key = await storeUploadBody(
        deps,
        viewer,
        { versionOf, fileName: q.fileName, ...(q.companyId ? { companyId: q.companyId } : {}) },
        (k, max) => storeBody(deps, c, k, max),
      );
      // The check and `wait` send nothing for longer than Bun's 10 s idle limit on a large file.
      keepRequestOpen(c.env, c.req.raw);
      const outcome = await uploadInOneCall(deps, viewer, key, {
        ...(versionOf ? { versionOf } : { title: q.title ?? q.fileName.replace(/\.[^.]+$/, '') }),
        fileName: q.fileName,
        headerRow: q.headerRow,
        ...(q.sheet ? { sheet: q.sheet } : {}),
        ...(q.firstDataRow ? { firstDataRow: q.firstDataRow } : {}),
        ...(q.rowNumber ? { recordId: { rowNumber: true } } : q.id ? { recordId: { column: q.id } } : {}),
        ...(q.missing !== undefined ? { missing: q.missing.split(',') } : {}),
        mapping,
        checkOnly: q.checkOnly,
        waitSeconds: q.wait,
      });
      const id = outcome.datafileId;
      if (outcome.kind === 'refused')
        return c.json(
          { datafileId: id, status: 'DRAFT', errors: refusalBody(outcome.issues, locale), links: links(id) },
          422,
        );
      if (outcome.kind === 'checked')
        return c.json({ datafileId: id, status: 'CHECKED', estimate: outcome.estimate, links: links(id) }, 200);
      const answer = await progressAnswer(deps, viewer, id, q.wait, locale);
      return c.json({ ...answer.body, estimate: outcome.estimate }, answer.code);
    } catch (error) {
      if (error instanceof AppError) return refuse(c, error, locale);
      throw error;
    }
  };
  app.post(UPLOAD_ROUTE, (c) => upload(c, undefined));
  app.post(VERSION_ROUTE, (c) => upload(c, parseWith(DatafileParams, c.req.param()).datafileId));
  // After checkOnly: charge the estimate the script saw (ESTIMATE_CHANGED when it is not the current one).
  app.post(CONFIRM_ROUTE, async (c) => {
    const ctx = createContext(deps, c);
    const locale = await ctx.locale();
    try {
      const viewer = await ctx.viewer();
      if (!viewer) throw new AppError('UNAUTHENTICATED');
      const { datafileId } = parseWith(DatafileParams, c.req.param());
      const q = parseWith(ConfirmQuery, c.req.query());
      keepRequestOpen(c.env, c.req.raw);
      await confirmUpload(deps, viewer, { datafileId, creditAmount: q.creditAmount, status: 'PROCESSING' });
      const answer = await progressAnswer(deps, viewer, datafileId, q.wait, locale);
      return c.json({ ...answer.body, estimate: null }, answer.code);
    } catch (error) {
      if (error instanceof AppError) return refuse(c, error, locale);
      throw error;
    }
  });
  app.get(STATUS_ROUTE, async (c) => {
    const ctx = createContext(deps, c);
    const locale = await ctx.locale();
    try {
      const viewer = await ctx.viewer();
      if (!viewer) throw new AppError('UNAUTHENTICATED');
      const { datafileId } = parseWith(DatafileParams, c.req.param());
      const answer = await progressAnswer(deps, viewer, datafileId, 0, locale);
      return c.json({ ...answer.body, estimate: null }, answer.code);
    } catch (error) {
      if (error instanceof AppError) return refuse(c, error, locale);
      throw error;
    }
  });
}

const AUTH = ['apiKey', 'bearer'] as const;
const FILE_BODY = {
  contentTypes: ['application/octet-stream', 'text/csv'],
  description: 'The file’s bytes (not a form), streamed; at most UPLOAD_MAX_BYTES.',
};
const UPLOAD_RESPONSES = {
  200: {
    description: 'READY (waited), or CHECKED (checkOnly).',
    contentType: 'application/json',
    schema: UploadAnswer,
  },
  202: {
    description: 'Processing: poll GET /api/datafiles/{datafileId}.',
    contentType: 'application/json',
    schema: UploadAnswer,
  },
  422: {
    description: 'The file or its data points were refused (errors lists each, in the caller’s language).',
    contentType: 'application/json',
    schema: ErrorBody,
  },
  400: { description: 'A parameter or the file was refused.', contentType: 'application/json', schema: ErrorBody },
  401: { description: 'No valid API key or session.', contentType: 'application/json', schema: ErrorBody },
  402: { description: 'Not enough credits for the estimate.', contentType: 'application/json', schema: ErrorBody },
};

export const UPLOAD_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'post',
    path: UPLOAD_ROUTE,
    tag: 'uploads',
    summary: 'Upload a survey file as a new datafile: check, charge and process it in one call.',
    security: AUTH,
    query: UploadQuery,
    body: FILE_BODY,
    responses: UPLOAD_RESPONSES,
  },
  {
    method: 'post',
    path: VERSION_ROUTE,
    tag: 'uploads',
    summary: 'Upload a new version of a READY datafile (same columns); only records with new ids are charged.',
    security: AUTH,
    params: DatafileParams,
    query: UploadQuery,
    body: FILE_BODY,
    responses: UPLOAD_RESPONSES,
  },
  {
    method: 'post',
    path: CONFIRM_ROUTE,
    tag: 'uploads',
    summary: 'Confirm a draft checked with checkOnly: charge the estimate it answered and process it.',
    security: AUTH,
    params: DatafileParams,
    query: ConfirmQuery,
    responses: UPLOAD_RESPONSES,
  },
  {
    method: 'get',
    path: STATUS_ROUTE,
    tag: 'uploads',
    summary: 'Where the datafile’s upload stands (READY, PROCESSING with progress, ERROR with the refusal).',
    security: AUTH,
    params: DatafileParams,
    responses: {
      200: { description: 'READY.', contentType: 'application/json', schema: UploadAnswer },
      202: { description: 'Not ready yet.', contentType: 'application/json', schema: UploadAnswer },
      422: { description: 'The upload ended in ERROR.', contentType: 'application/json', schema: ErrorBody },
      404: { description: 'No such datafile, or not visible.', contentType: 'application/json', schema: ErrorBody },
    },
  },
];
