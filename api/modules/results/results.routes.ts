// The binary columns route (docs/results.md, "The binary columns route"): a datafile's interview columns as Arrow
// IPC, so the result page loads 100,000 interviews in one request and a script can do the same.
//
//   GET /api/datafiles/{datafileId}/columns?file=scores|raw|all|cleaning&columns=a,b[&offset=0&limit=100]
//   GET /api/datafiles/{datafileId}/columns?preset=score-table (the result page's table: every score column and
//   the raw total duration as raw:<name>, chosen by the server, so the page asks before its query has answered)
//   (file=cleaning: the saved cleaning's decision per interview, in the revision's row order: record_id, kept,
//   primary_reason, reasons; refused with DATAFILE_NOT_CLEANED when the published revision has no saved cleaning)
//   Authorization: Bearer <session token>   or   X-API-Key: <API key>
//
// Same rule as the GraphQL calls (requireDatafile 'see'): a datafile the caller may not see answers
// 404 NO_DATAFILE_FOUND exactly like a missing id. Compression is HTTP content coding (zstd, br or gzip per
// Accept-Encoding, body-encoding.ts): browsers, curl --compressed, requests and polars decode it themselves, while
// Arrow's own buffer compression (LZ4/ZSTD) has no codec built into apache-arrow JS (21.x only has
// a registry to plug one in), so the browser would need another package to read it.
import type { Context, Hono } from 'hono';
import { Field, RecordBatch, Schema, Table, tableFromIPC } from 'apache-arrow';
import type { Deps } from '../../kernel/deps';
import { sha256Hex } from '../../lib/crypto';
import { DEFAULT_LOCALE, localeFromHeader, type Locale } from '../../lib/i18n';
import { createContext } from '../../graphql/context';
import type { ErrorCode } from '../../kernel/errors/error-codes';
import { AppError, messageOf } from '../../kernel/errors/errors';
import { recordEndpointHit } from '../monitoring';
import { requireDatafile } from '../datafiles';
import { loadSavedCleaning } from '../cleaning';
import { readManifest, readRevisionColumns, revisionFileKey, type RevisionManifest } from '../../ingest/index';
import * as z from 'zod';
import { ErrorBody, parseWith, type RouteDoc } from '../../lib/openapi';
import { arrowBody, chooseEncoding } from './body-encoding';
import { MAX_RANGED_COLUMNS, MAX_RANGED_ROWS, readColumnRanges } from './column-ranges';
import { releasedAtEnd, RequestGone, takeRequestSlot } from './columns-slots';
import { cachedBody, keptWhenWhole } from './body-cache';
import { datapointsOf } from '../uploads';
import { presentWeighting } from './results.presenter';

export const COLUMNS_ROUTE = '/api/datafiles/:datafileId/columns';
export const ARROW_STREAM_TYPE = 'application/vnd.apache.arrow.stream';
/** Prefix of raw.arrow's columns when both files are asked for (`file=all`): score names never contain a colon. */
export const RAW_PREFIX = 'raw:';
/** At most this many names in `columns` (a datafile has a few hundred columns at most). */
const MAX_COLUMNS = 2000;

const STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  NO_DATAFILE_FOUND: 404,
  SCORES_NOT_AVAILABLE: 404,
  DATAFILE_NOT_CLEANED: 404,
  DATAPOINT_NOT_FOUND: 400,
  INVALID_PARAMETERS: 400,
  SERVER_BUSY: 503,
  TOO_MANY_REQUESTS: 429,
};

/** `known`: the caller's language when the route already resolved the viewer (else Accept-Language, else German). */
export function refuse(c: Context, error: AppError, known?: Locale) {
  const locale = known ?? localeFromHeader(c.req.header('accept-language')) ?? DEFAULT_LOCALE;
  const body = { errors: [{ message: messageOf(error, locale), extensions: { code: error.code, ...error.details } }] };
  const retry = error.details.retryAfterSeconds;
  return c.json(body, (STATUS[error.code] ?? 400) as 400, retry ? { 'retry-after': String(retry) } : {});
}

type FileChoice = 'scores' | 'raw' | 'all' | 'cleaning';

type Rows = { offset: number; limit: number };

type ColumnsSelection = {
  file: FileChoice;
  columns: string[] | undefined;
  rows: Rows | undefined;
  preset: 'score-table' | undefined;
};

const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .optional();

export const ColumnsQuery = z.object({
  file: z
    .enum(['scores', 'raw', 'all', 'cleaning'])
    .default('scores')
    .describe(
      "scores.arrow, raw.arrow, both (raw columns as raw:<name>), or the saved cleaning's decisions of the published revision.",
    ),
  columns: z.string().optional().describe('Comma-separated column names (default: all).'),
  offset: wholeNumber.describe('First interview of a slice (0-based).'),
  limit: wholeNumber.describe('Interviews in the slice.'),
  preset: z
    .enum(['score-table'])
    .optional()
    .describe(
      'score-table: the columns the result page shows, chosen by the server: every score column of the published revision and, when it has a total duration, that raw column as raw:<name> (implies file=all; not with columns).',
    ),
});

function parseQuery(c: Context): ColumnsSelection {
  const q = parseWith(ColumnsQuery, c.req.query(), {
    file: 'COLUMN_FILE_UNKNOWN',
    offset: 'ROW_RANGE_INVALID',
    limit: 'ROW_RANGE_INVALID',
    preset: 'COLUMN_PRESET_UNKNOWN',
  });
  const { offset, limit, preset } = q;
  if (preset && (q.columns !== undefined || (c.req.query('file') ?? 'all') !== 'all'))
    throw new AppError('INVALID_PARAMETERS', { reason: 'PRESET_WITH_COLUMNS', field: 'preset', value: preset });
  const file = preset ? 'all' : q.file;
  // A slice of interviews (the result page opens one interview's answers without loading every row).
  const rows =
    offset === undefined && limit === undefined
      ? undefined
      : { offset: offset ?? 0, limit: limit ?? Number.MAX_SAFE_INTEGER };
  const list = q.columns;
  if (list === undefined || list.trim() === '') return { file, columns: undefined, rows, preset };
  const columns = [
    ...new Set(
      list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (columns.length > MAX_COLUMNS)
    throw new AppError('INVALID_PARAMETERS', { reason: 'TOO_MANY_COLUMNS_ASKED', limit: MAX_COLUMNS });
  return { file, columns, rows, preset };
}

/**
 * The result page's score table (preset=score-table): the revision's score columns and its raw total
 * duration, as the page would name them from getDatafile (scoreColumns, and the DURATION data point of
 * role TOTAL when rawColumns has its column).
 */
async function scoreTableColumns(
  deps: Pick<Deps, 'db'>,
  file: { publishedUploadId: string | null },
  manifest: RevisionManifest | null,
): Promise<string[]> {
  if (!manifest) throw new AppError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_NOT_PUBLISHED' });
  const points = file.publishedUploadId ? await datapointsOf(deps.db, file.publishedUploadId) : [];
  const duration = points.find((p) => p.dataPointType === 'DURATION' && p.settings.role === 'TOTAL')?.columns[0];
  const raw = duration && manifest.files.raw.columns.includes(duration) ? [RAW_PREFIX + duration] : [];
  return [...manifest.files.scores.columns, ...raw];
}

/** The weights the scores file was written with, as the page names them (key=value, comma-separated). */
function weightsHeader(file: Parameters<typeof presentWeighting>[0]): string {
  return presentWeighting(file, [])
    .datafileWeighting.map((w) => `${w.key}=${w.value}`)
    .join(',');
}

/** raw.arrow's fields renamed raw:<name> (same data, same field metadata). */
function prefixed(table: Table): Table {
  const schema = new Schema(
    table.schema.fields.map((f) => new Field(RAW_PREFIX + f.name, f.type, f.nullable, f.metadata)),
    table.schema.metadata,
  );
  return new Table(
    schema,
    table.batches.map((b) => new RecordBatch(schema, b.data)),
  );
}

/**
 * What a body is built from, read once per request (its ETag names it): the decisions file of the saved
 * cleaning of the published revision (written by the worksheet's save), or the revision's manifest,
 * which names the scores file of the saved weights.
 */
type BodySource = { decisionsKey: string; savedAt: string } | { manifest: RevisionManifest | null };

async function bodySource(
  deps: Pick<Deps, 'blobs' | 'db'>,
  file: { id: string; revision: number; isCleaned: boolean },
  choice: FileChoice,
): Promise<BodySource> {
  if (choice !== 'cleaning') return { manifest: await readManifest(deps.blobs, file.id, file.revision) };
  const saved = await loadSavedCleaning(deps.db, file.id);
  // A reset cleaning (resetDatafileCleaning) keeps the settings for the worksheet but has no cleaned data.
  if (!saved || !file.isCleaned || saved.revision !== file.revision || !saved.decisionsKey)
    throw new AppError('DATAFILE_NOT_CLEANED', { reason: 'NO_SAVED_CLEANING_FOR_REVISION' });
  return { decisionsKey: saved.decisionsKey, savedAt: saved.savedAt };
}

/**
 * The columns of one of the revision's files. A few named columns of raw.arrow are read by their byte
 * ranges (column-ranges.ts: the result page asks it for one column of fifty), and a few rows (the
 * interview dialog's one) from the record batches holding them only, already cut (`sliced`);
 * anything else, or a file that reader does not take, is read whole.
 */
async function revisionColumns(
  deps: Pick<Deps, 'blobs'>,
  datafile: { id: string; revision: number },
  file: 'raw' | 'scores',
  columns: string[] | undefined,
  manifest: RevisionManifest | null,
  rows: Rows | undefined,
): Promise<{ table: Table; sliced: boolean }> {
  const { id, revision } = datafile;
  if (manifest && rows && rows.limit <= MAX_RANGED_ROWS) {
    // A few rows (the interview dialog's one): only the record batches holding them are read.
    const key = revisionFileKey(manifest, id, revision, file);
    const ranged = await readColumnRanges(deps.blobs, key, columns?.length ? columns : undefined, rows);
    if (ranged) return { table: ranged, sliced: true };
  } else if (file === 'raw' && manifest && columns && columns.length > 0 && columns.length <= MAX_RANGED_COLUMNS) {
    const ranged = await readColumnRanges(deps.blobs, revisionFileKey(manifest, id, revision, 'raw'), columns);
    if (ranged) return { table: ranged, sliced: false };
  }
  return { table: await readRevisionColumns(deps.blobs, id, revision, file, columns, manifest), sliced: false };
}

/** The body's table, cut to `rows` when asked (as the whole table's slice would give them). */
async function selectedTable(
  deps: Pick<Deps, 'blobs'>,
  datafile: { id: string; revision: number },
  file: FileChoice,
  columns: string[] | undefined,
  source: BodySource,
  rows: Rows | undefined,
): Promise<Table> {
  const cut = (read: { table: Table; sliced: boolean }) =>
    rows && !read.sliced ? read.table.slice(rows.offset, rows.offset + rows.limit) : read.table;
  if ('decisionsKey' in source) {
    const bytes = await deps.blobs.getBytes(source.decisionsKey);
    if (!bytes) throw new AppError('DATAFILE_NOT_CLEANED', { reason: 'NO_SAVED_CLEANING_FOR_REVISION' });
    return cut({ table: columns ? tableFromIPC(bytes).select(columns) : tableFromIPC(bytes), sliced: false });
  }
  const { manifest } = source;
  if (file === 'raw' || file === 'scores')
    return cut(await revisionColumns(deps, datafile, file, columns, manifest, rows));
  const scoreNames = columns?.filter((c) => !c.startsWith(RAW_PREFIX));
  const rawNames = columns?.filter((c) => c.startsWith(RAW_PREFIX)).map((c) => c.slice(RAW_PREFIX.length));
  // Both files are read at once: the reads wait on the disk or the bucket, not on this thread.
  const [scores, raw] = await Promise.all([
    !columns || scoreNames!.length > 0 ? revisionColumns(deps, datafile, 'scores', scoreNames, manifest, rows) : null,
    !columns || rawNames!.length > 0
      ? revisionColumns(deps, datafile, 'raw', rawNames, manifest, rows).then((r) => ({
          ...r,
          table: prefixed(r.table),
        }))
      : null,
  ]);
  // Both files hold the interviews in the same row order; assign() lines up their record batches.
  // Read whole, they are joined and then cut, as always; when either was cut while read, both are.
  if (scores && raw && !scores.sliced && !raw.sliced)
    return cut({ table: scores.table.assign(raw.table), sliced: false });
  if (scores && raw) return cut(scores).assign(cut(raw));
  return cut((scores ?? raw)!);
}

export function registerResultRoutes(app: Hono, deps: Deps): void {
  app.get(COLUMNS_ROUTE, async (c) => {
    try {
      const viewer = await createContext(deps, c).viewer();
      if (!viewer) throw new AppError('UNAUTHENTICATED');
      const file = await requireDatafile(deps.db, viewer, c.req.param('datafileId'), 'see');
      const query = parseQuery(c);
      if (file.revision === 0) throw new AppError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_NOT_PUBLISHED' });
      // A revision's answers never change once published: the ETag names the revision, the selection
      // and the files the body is built from. The scores file follows the datafile's saved weights (a
      // save with new weights, or the start-up job that reweights saves from before weights reached the
      // scores, names another in the manifest); the decisions change with every save and are gone after
      // a reset (refused here, before any 304), so their ETag names the save.
      const source = await bodySource(deps, file, query.file);
      if (query.preset && 'manifest' in source) query.columns = await scoreTableColumns(deps, file, source.manifest);
      const named =
        'decisionsKey' in source
          ? `${source.decisionsKey}\n${source.savedAt}`
          : JSON.stringify(source.manifest?.files ?? null);
      const weights = JSON.stringify(file.weightingMethod?.datafileWeighting ?? []);
      const etag = `"${file.id}.${file.revision}.${query.file}.${sha256Hex([...(query.columns ?? ['*']), query.rows ? `${query.rows.offset}+${query.rows.limit}` : '', named, weights].join('\n')).slice(0, 16)}"`;
      const encoding = chooseEncoding(c.req.header('accept-encoding'));
      const headers: Record<string, string> = {
        'content-type': ARROW_STREAM_TYPE,
        'cache-control': 'private, no-cache',
        etag,
        vary: 'Accept-Encoding, Authorization, X-API-Key',
        'x-datafile-revision': String(file.revision),
        'x-scoring-version': file.scoringVersion ?? '',
        'x-datafile-weights': weightsHeader(file),
        'content-disposition': `attachment; filename="${file.id}-r${file.revision}-${query.file}.arrows"`,
      };
      if (encoding) headers['content-encoding'] = encoding;
      if (c.req.header('if-none-match') === etag) {
        recordEndpointHit(deps, 'results.columns');
        return c.body(null, 304, headers);
      }
      // A whole body built before for the same ETag and coding (body-cache.ts); slices are not kept.
      const cacheKey = query.rows ? null : `${etag} ${encoding ?? 'identity'}`;
      const kept = () => {
        const cached = cacheKey ? cachedBody(cacheKey) : undefined;
        if (!cached) return null;
        recordEndpointHit(deps, 'results.columns');
        return c.body(cached as never, 200, { ...headers, 'content-length': String(cached.byteLength) });
      };
      const early = kept();
      if (early) return early;
      // The place is held until the body's last byte has left (columns-slots.ts).
      const release = await takeRequestSlot(c, viewer.userId);
      // Built meanwhile by a request that held a place before this one (a burst of the same request).
      const meanwhile = kept();
      if (meanwhile) {
        release();
        return meanwhile;
      }
      let body;
      try {
        // The slice of rows asked is cut while reading (a few rows read only their record batches).
        const table = await selectedTable(deps, file, query.file, query.columns, source, query.rows);
        const encoded = arrowBody(table, encoding);
        body = cacheKey ? keptWhenWhole(cacheKey, encoded.body) : encoded.body;
        if (encoded.length !== undefined) headers['content-length'] = String(encoded.length);
      } catch (error) {
        release();
        throw error;
      }
      recordEndpointHit(deps, 'results.columns');
      return c.body(releasedAtEnd(body, release) as never, 200, headers);
    } catch (error) {
      // The client went away while it waited for a place: the answer reaches nobody (499 in the log, as proxies say it).
      if (error instanceof RequestGone) return c.body(null, 499 as never);
      if (error instanceof AppError && error.code === 'DATAPOINT_NOT_FOUND' && !error.details.reason) {
        recordEndpointHit(deps, 'results.columns', { refused: true });
        return refuse(c, new AppError(error.code, { ...error.details, reason: 'COLUMN_NOT_IN_REVISION' }));
      }
      if (error instanceof AppError) {
        recordEndpointHit(deps, 'results.columns', { refused: true });
        return refuse(c, error);
      }
      throw error;
    }
  });
}

/** The refusals of a request that would wait past the places of its user or of the process (columns-slots.ts). */
export const BUSY_RESPONSES = {
  429: {
    description:
      'This user has as many requests waiting as they may (TOO_MANY_DATA_REQUESTS): send again after Retry-After.',
    contentType: 'application/json',
    schema: ErrorBody,
  },
  503: {
    description: 'The server has as many requests waiting as it takes (SERVER_BUSY): send again after Retry-After.',
    contentType: 'application/json',
    schema: ErrorBody,
  },
} as const;

export const COLUMNS_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: COLUMNS_ROUTE,
    tag: 'results',
    summary: 'A datafile’s interview columns (raw answers, scores) as an Arrow IPC stream.',
    security: ['apiKey', 'bearer'],
    params: z.object({ datafileId: z.string() }),
    query: ColumnsQuery,
    responses: {
      200: {
        description: 'Arrow IPC stream (zstd/br/gzip per Accept-Encoding), ETag per revision.',
        contentType: ARROW_STREAM_TYPE,
      },
      304: { description: 'Not modified (If-None-Match).' },
      400: {
        description: 'A parameter or column name was refused.',
        contentType: 'application/json',
        schema: ErrorBody,
      },
      401: { description: 'No valid API key or session.', contentType: 'application/json', schema: ErrorBody },
      404: {
        description: 'No such datafile, or no published revision.',
        contentType: 'application/json',
        schema: ErrorBody,
      },
      ...BUSY_RESPONSES,
    },
  },
];
