// The reconciliation pack for scripts (docs/scripts.md): the same pack the export dialog writes as
// a job, answered at once. A pack lists only the removed interviews, so it stays small.
//
//   GET /api/datafiles/{datafileId}/reconciliation?format=csv|xlsx[&language=de|en][&source=S][&delimiter=,|;]
//   X-API-Key: <API key>   (or Authorization: Bearer <session token>)
//
// Who may see the datafile may ask; the identities read are the datafile's organisation's only.
import type { Hono } from 'hono';
import * as z from 'zod';
import type { Deps } from '../../kernel/deps';
import { createContext } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { ErrorBody, parseWith, type RouteDoc } from '../../lib/openapi';
import type { UploadBlobStore } from '../../ingest/index';
import { identityEvidenceOf } from '../duplicates';
import { exportInputFor, runExport } from '../exports';
import { recordEndpointHit } from '../monitoring';
import { RequestGone, takeRequestSlot } from './columns-slots';
import { BUSY_RESPONSES, refuse } from './results.routes';

export const RECONCILIATION_ROUTE = '/api/datafiles/:datafileId/reconciliation';

const Params = z.object({ datafileId: z.string().min(1).max(64) });

export const ReconciliationQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (UTF-8 with a byte-order mark) or xlsx (three sheets).'),
  language: z
    .enum(['de', 'en'])
    .optional()
    .describe('Headers, sheet names, reasons and categories (default: the caller’s).'),
  source: z
    .string()
    .max(100)
    .optional()
    .describe('One sample source by name; empty: the interviews that named none; absent: every source.'),
  delimiter: z.enum([',', ';']).default(',').describe('CSV only: the field separator.'),
});

/** A blob store that reads the revision from the real one and keeps the one file written in memory. */
function capturing(blobs: UploadBlobStore) {
  let written: Uint8Array | null = null;
  const store: UploadBlobStore = {
    get: (key) => blobs.get(key),
    getBytes: (key) => blobs.getBytes(key),
    stat: (key) => blobs.stat(key),
    // An export writes one file and deletes nothing: the route keeps the revision untouched.
    delete: () => Promise.reject(new Error('reconciliation route: nothing may be deleted')),
    deletePrefix: () => Promise.reject(new Error('reconciliation route: nothing may be deleted')),
    ...(blobs.getRange ? { getRange: (key: string, a: number, b: number) => blobs.getRange!(key, a, b) } : {}),
    put: async (_key, body) => {
      written = body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
      return { size: written.length };
    },
  };
  return { store, bytes: () => written! };
}

export function registerReconciliationRoutes(app: Hono, deps: Deps): void {
  app.get(RECONCILIATION_ROUTE, async (c) => {
    const ctx = createContext(deps, c);
    try {
      const viewer = await ctx.viewer();
      if (!viewer) throw new AppError('UNAUTHENTICATED');
      const { datafileId } = parseWith(Params, c.req.param());
      const query = parseWith(ReconciliationQuery, c.req.query());
      const { input, companyId } = await exportInputFor(deps, viewer, {
        datafileId,
        format: query.format === 'xlsx' ? 'RECONCILIATION' : 'RECONCILIATION_CSV',
        language: query.language ?? null,
        csvSeparator: query.delimiter,
        sampleSource: query.source ?? null,
      });
      // As the columns and scores routes: the pack reads the revision's files whole, so it takes a place
      // among the bodies built at once; the body is built in memory, so the place is free once it is.
      const release = await takeRequestSlot(c, viewer.userId);
      const out = capturing(deps.blobs);
      let result;
      try {
        const evidence = await identityEvidenceOf(deps, companyId, datafileId);
        result = await runExport({ blobs: out.store, scoring: deps.scoring }, { ...input, evidence });
      } finally {
        release();
      }
      recordEndpointHit(deps, 'results.reconciliation');
      return c.body(out.bytes() as Uint8Array<ArrayBuffer>, 200, {
        'content-type': result.contentType,
        'content-disposition': `attachment; filename="${result.fileName}"`,
        'cache-control': 'private, no-cache',
        vary: 'Accept-Language, Authorization, X-API-Key',
        'x-removed-records': String(result.removed),
      });
    } catch (error) {
      // The client went away while it waited for a place: the answer reaches nobody (499 in the log, as proxies say it).
      if (error instanceof RequestGone) return c.body(null, 499 as never);
      if (error instanceof AppError) {
        recordEndpointHit(deps, 'results.reconciliation', { refused: true });
        return refuse(c, error, await ctx.locale());
      }
      throw error;
    }
  });
}

export const RECONCILIATION_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: RECONCILIATION_ROUTE,
    tag: 'results',
    summary:
      'The reconciliation pack of a cleaned datafile: every removed interview with its reason, the reason’s category in the industry’s removal-reason frame and the evidence, for a sample supplier.',
    description:
      'Needs a saved cleaning (DATAFILE_NOT_CLEANED until then). CSV columns: record ID, sample source, reason code, reason, all reason codes, industry code, industry category, interview length, median length, length / median, flagged open answers, grid pattern, behaviour score, duplicate of. The xlsx adds a sheet of counts per source and reason and the map of reason codes to industry codes (docs/exports-and-report.md).',
    security: ['apiKey', 'bearer'],
    params: Params,
    query: ReconciliationQuery,
    responses: {
      200: { description: 'CSV (UTF-8 with a byte-order mark) or an xlsx workbook.', contentType: 'text/csv' },
      401: { description: 'No valid API key or session.', contentType: 'application/json', schema: ErrorBody },
      404: {
        description:
          'No such datafile (or not visible), no published revision (SCORES_NOT_AVAILABLE) or no saved cleaning (DATAFILE_NOT_CLEANED).',
        contentType: 'application/json',
        schema: ErrorBody,
      },
      ...BUSY_RESPONSES,
    },
  },
];
