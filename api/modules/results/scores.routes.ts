// Scores without a saved cleaning, for scripts (docs/scripts.md):
//
//   GET /api/datafiles/{datafileId}/scores?format=csv|arrow|parquet|sss[&delimiter=,|;][&bom=true]
//   X-API-Key: <API key>   (or Authorization: Bearer <session token>)
//
// Right after READY: every interview with its raw columns, its scores and the decision of the
// scoring core's default rules (DEFAULT_RULES), built by the exports' own table (decision texts in
// the caller's language, reason codes that do not change with it). A saved cleaning is not used
// here: a cleaned export is the export job's (DATAFILE_NOT_CLEANED until one is saved). CSV is
// plain UTF-8 without byte-order mark by default, so read.csv and pandas read the header as written.
import type { Hono } from 'hono';
import * as z from 'zod';
import { DEFAULT_RULES } from '../../../scoring/index';
import type { Deps } from '../../kernel/deps';
import { createContext } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { ErrorBody, parseWith, type RouteDoc } from '../../lib/openapi';
import { readRevisionColumns } from '../../ingest/index';
import { releasedAtEnd, RequestGone, takeRequestSlot } from './columns-slots';
import { cleanRevision } from '../cleaning';
import { requireDatafile } from '../datafiles';
import {
  arrowExportTable,
  buildExportTable,
  csvExportStream,
  PARQUET_CONTENT_TYPE,
  parquetOfTable,
  TRIPLE_S_CONTENT_TYPE,
  tripleSZip,
} from '../exports';
import { recordEndpointHit } from '../monitoring';
import { ARROW_STREAM_TYPE, BUSY_RESPONSES, refuse } from './results.routes';
import { arrowBody, chooseEncoding } from './body-encoding';

export const SCORES_ROUTE = '/api/datafiles/:datafileId/scores';

const ScoresParams = z.object({ datafileId: z.string().min(1).max(64) });

export const ScoresQuery = z.object({
  format: z
    .enum(['csv', 'arrow', 'parquet', 'sss'])
    .default('csv')
    .describe(
      'csv (UTF-8), arrow (Arrow IPC stream), parquet (Parquet, Snappy-compressed) or sss (Triple-S 2.0: a zip of the XML metadata and the fixed-width data, labelled in the caller’s language).',
    ),
  delimiter: z.enum([',', ';']).default(',').describe('CSV only: the field separator.'),
  bom: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('CSV only: a leading byte-order mark (Excel wants it; scripts do not).'),
});

export function registerScoresRoutes(app: Hono, deps: Deps): void {
  app.get(SCORES_ROUTE, async (c) => {
    const ctx = createContext(deps, c);
    try {
      const viewer = await ctx.viewer();
      if (!viewer) throw new AppError('UNAUTHENTICATED');
      const { datafileId } = parseWith(ScoresParams, c.req.param());
      const query = parseWith(ScoresQuery, c.req.query());
      const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
      if (file.revision === 0) throw new AppError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_NOT_PUBLISHED' });
      // As the columns route: a place among the bodies built at once, held until the last byte has left.
      const release = await takeRequestSlot(c, viewer.userId);
      const send = (body: ReadableStream<Uint8Array> | Uint8Array, headers: Record<string, string>) =>
        c.body(releasedAtEnd(body, release) as never, 200, headers);
      try {
        const [raw, scores] = await Promise.all([
          readRevisionColumns(deps.blobs, file.id, file.revision, 'raw'),
          readRevisionColumns(deps.blobs, file.id, file.revision, 'scores'),
        ]);
        const decisions = cleanRevision(deps.scoring, scores, DEFAULT_RULES);
        const headers: Record<string, string> = {
          'cache-control': 'private, no-cache',
          vary: 'Accept-Encoding, Accept-Language, Authorization, X-API-Key',
          'x-datafile-revision': String(file.revision),
          'x-scoring-version': file.scoringVersion ?? '',
        };
        recordEndpointHit(deps, 'results.scores');
        if (query.format === 'arrow') {
          const encoding = chooseEncoding(c.req.header('accept-encoding'));
          if (encoding) headers['content-encoding'] = encoding;
          headers['content-type'] = ARROW_STREAM_TYPE;
          headers['content-disposition'] = `attachment; filename="${file.id}-r${file.revision}-scores.arrows"`;
          const { body, length } = arrowBody(arrowExportTable(raw, scores, decisions), encoding);
          if (length !== undefined) headers['content-length'] = String(length);
          return send(body, headers);
        }
        if (query.format === 'parquet') {
          // Compressed inside (Snappy per column chunk): no Content-Encoding on top.
          headers['content-type'] = PARQUET_CONTENT_TYPE;
          headers['content-disposition'] = `attachment; filename="${file.id}-r${file.revision}-scores.parquet"`;
          const body = await parquetOfTable(arrowExportTable(raw, scores, decisions));
          return send(body, headers);
        }
        if (query.format === 'sss') {
          // The SPSS shape (coded decisions, score bands) with every digit of the scores, as the .sav has.
          const baseName = `${file.id}-r${file.revision}-scores`;
          const table = buildExportTable(raw, scores, decisions, await ctx.locale(), 'sav');
          headers['content-type'] = TRIPLE_S_CONTENT_TYPE;
          headers['content-disposition'] = `attachment; filename="${baseName}-triple-s.zip"`;
          const body = tripleSZip(table, { scoreDecimals: null, title: file.title, baseName });
          return send(body, headers);
        }
        const table = buildExportTable(raw, scores, decisions, await ctx.locale());
        headers['content-type'] = 'text/csv; charset=utf-8';
        headers['content-disposition'] = `attachment; filename="${file.id}-r${file.revision}-scores.csv"`;
        // Scripts read columns by name: the technical names, which do not change with the language.
        const options = { delimiter: query.delimiter, bom: query.bom, columnNames: 'technical' as const };
        return send(csvExportStream(table, options), headers);
      } catch (error) {
        release();
        throw error;
      }
    } catch (error) {
      // The client went away while it waited for a place: the answer reaches nobody (499 in the log, as proxies say it).
      if (error instanceof RequestGone) return c.body(null, 499 as never);
      if (error instanceof AppError) {
        recordEndpointHit(deps, 'results.scores', { refused: true });
        // An API key's user reads refusals in their stored language when the script sends no Accept-Language.
        return refuse(c, error, await ctx.locale());
      }
      throw error;
    }
  });
}

export const SCORES_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: SCORES_ROUTE,
    tag: 'results',
    summary:
      'Every interview with its raw columns, scores and the decision of the default rules (kept or removed, reason codes), without a saved cleaning.',
    description:
      'Columns: the uploaded ones, then the scores (combined, ts, ibs, oes, ...), then decision (kept/removed in the caller’s language), reason, reason_code and reason_codes (stable codes). Arrow and Parquet have kept (1/0) instead of decision, and the fields’ labels in their schema; Triple-S has the SPSS shape (decision coded 1 kept / 0 removed, score bands) with labels and code texts in the caller’s language.',
    security: ['apiKey', 'bearer'],
    params: ScoresParams,
    query: ScoresQuery,
    responses: {
      200: {
        description: 'CSV, an Arrow IPC stream (zstd/br/gzip per Accept-Encoding), a Parquet file or a Triple-S zip.',
        contentType: 'text/csv',
      },
      401: { description: 'No valid API key or session.', contentType: 'application/json', schema: ErrorBody },
      404: {
        description: 'No such datafile (or not visible), or no published revision yet (SCORES_NOT_AVAILABLE).',
        contentType: 'application/json',
        schema: ErrorBody,
      },
      ...BUSY_RESPONSES,
    },
  },
];
