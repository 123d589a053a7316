import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createApp } from '../../api/app';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import pino from 'pino';
import { createLogger, silentLogger } from '../../api/lib/logger';
import { createDb, type DbDriver } from '../../db/client';
import { bareMeApp } from './db-bare';

/**
 * One HTTP server for `npm run bench:db`, on 127.0.0.1:<port>, over an existing database file:
 *   app  <libsql|client>    the real app (createApp, as api/server.ts serves it) through that driver;
 *   bare <libsql|bun:sqlite> a bare Hono route answering `me`'s question with hand-written SQL
 *                            through the raw driver: the ceiling for this machine.
 * A sixth argument writes the app's log lines to stdout as production does: `buffered` (createLogger's
 * own destination) or `sync` (one write per line, as before the buffered destination).
 * Prints "ready" once listening.
 */
const [mode, driver, file, portText, logMode] = process.argv.slice(2) as [string, string, string, string, string?];
const port = Number(portText);

async function appFetch() {
  const url = `file:${file}`;
  const env = readEnv({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    JOB_INTERVAL_MINUTES: '0',
    STORAGE_DIR: join(tmpdir(), 'sqp-bench-storage'),
  });
  const deps = await createDeps(env, {
    log:
      logMode === 'buffered'
        ? createLogger()
        : logMode === 'sync'
          ? createLogger({ destination: pino.destination({ fd: 1, sync: true }) })
          : silentLogger,
    handle: await createDb(url, undefined, { driver: driver as DbDriver }),
  });
  const { app } = createApp(deps, { webDist: join(tmpdir(), 'sqp-bench-no-web') });
  return app.fetch;
}

const fetch = mode === 'bare' ? bareMeApp(driver as 'libsql' | 'bun:sqlite', file).fetch : await appFetch();
Bun.serve({ hostname: '127.0.0.1', port, fetch: (req, server) => fetch(req, { server }) });
// With log lines on stdout, "ready" goes to stderr (the bench reads it there).
if (logMode) console.error('ready');
else console.log('ready');
// A clean exit on SIGTERM, so `bun --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
