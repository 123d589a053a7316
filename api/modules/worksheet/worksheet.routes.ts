// The worksheet's binary columns route: a revision's score columns (and quota characteristics) as
// Arrow IPC, guarded by the datafile policy like the GraphQL calls (datapath.md "Reading results").
// The smallest route the worksheet needs until the results module's general Arrow route lands; the
// two are meant to be folded into one.
import type { Hono } from 'hono';
import { gzipSync } from 'node:zlib';
import { cleaningColumnNames, RECORD_ID_COLUMN } from '../../../scoring/index';
import type { Deps } from '../../deps';
import { createContext } from '../../graphql/context';
import { AppError, messageOf } from '../../graphql/errors';
import { DEFAULT_LOCALE } from '../../lib/i18n';
import { requireDatafile } from '../datafiles/datafiles.policy';
import { readManifest, revisionColumnsIpc } from '../uploads/index';
import { groupingColumnsOf } from './worksheet.service';

/** `:file` is scores.arrow or raw.arrow. */
export const WORKSHEET_COLUMNS_PATH = '/api/datafiles/:datafileId/worksheet/:file';

/** A binary route answers errors with their HTTP status (GraphQL answers 200 with the code). */
const statusOf = (code: string) => ({ UNAUTHENTICATED: 401, UNAUTHORIZED: 403, NO_DATAFILE_FOUND: 404 } as Record<string, number>)[code] ?? 409;

export function registerWorksheetRoutes(app: Hono, deps: Deps): void {
  app.get(WORKSHEET_COLUMNS_PATH, async (c) => {
    const which = ({ 'scores.arrow': 'scores', 'raw.arrow': 'raw' } as const)[c.req.param('file') as 'scores.arrow'];
    if (!which) return c.notFound();
    const ctx = createContext(deps, c);
    try {
      const viewer = await ctx.viewer();
      if (!viewer) throw new AppError('UNAUTHENTICATED');
      const file = await requireDatafile(deps.db, viewer, c.req.param('datafileId'), 'see');
      if (file.revision < 1) throw new AppError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_NOT_PUBLISHED' });
      // A revision may lack score columns (no projective questions): ask only for the ones it has.
      const manifest = await readManifest(deps.blobs, file.id, file.revision);
      if (!manifest) throw new AppError('SCORES_NOT_AVAILABLE', { reason: 'REVISION_NOT_PUBLISHED' });
      let columns: string[];
      if (which === 'scores') {
        const have = new Set(manifest.files.scores.columns);
        columns = [RECORD_ID_COLUMN, ...cleaningColumnNames()].filter((n) => have.has(n));
      } else {
        const allowed = new Set(await groupingColumnsOf(deps, file));
        const have = new Set(manifest.files.raw.columns);
        columns = (c.req.query('columns') ?? '').split(',').filter((n) => n && allowed.has(n) && have.has(n));
        if (columns.length === 0) throw new AppError('INVALID_PARAMETERS', { reason: 'UNKNOWN_COLUMN', column: c.req.query('columns') ?? '' });
      }
      const ipc = await revisionColumnsIpc(deps.blobs, file.id, file.revision, which, columns);
      const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      const body = gzip ? new Uint8Array(gzipSync(ipc, { level: 1 })) : ipc;
      return c.body(body as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/vnd.apache.arrow.stream',
        'cache-control': 'private, no-store',
        'x-revision': String(file.revision),
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const locale = (await ctx.locale().catch(() => DEFAULT_LOCALE));
      return c.json({ errors: [{ message: messageOf(error, locale), extensions: { code: error.code, ...error.details } }] }, statusOf(error.code) as 400);
    }
  });
}
