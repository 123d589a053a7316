import { createApp, createOpsApp } from './app';
import { createDeps } from './compose/create-deps';
import { enqueueStartupJobs } from './compose/job-kinds';
import { readEnv } from './env';
import { startJobLoop } from './jobs/job-loop';
import { seedDemo } from './demo';
import { createMetrics } from './lib/metrics';
import { flushEndpointHits } from './modules/monitoring/endpoint-hits';
import type { Lifecycle } from './observability';
import { hasOperator } from './modules/users';

/**
 * The only Bun-specific file: migrate, seed a new database (never in production), serve, run jobs.
 * Role `server` (npm start) answers HTTP and runs JOB_CONCURRENCY jobs; role `worker` (npm run
 * worker) runs jobs only, with /healthz, /readyz and /metrics on METRICS_PORT when it is set.
 */
export async function runProcess(role: 'server' | 'worker'): Promise<void> {
  const env = readEnv();
  if (role === 'worker' && env.jobs.concurrency === 0)
    throw new Error('A worker with JOB_CONCURRENCY=0 would run nothing: set JOB_CONCURRENCY to 1 or more');
  const deps = await createDeps(env, { metrics: createMetrics({ processMetrics: true }) });
  if (!env.isProduction && role === 'server') {
    const { seeded, jobs } = await seedDemo(deps);
    if (seeded) {
      // The demo datafiles are made by the upload pipeline and then cleaned (demo-finish): their jobs run in the job loop below.
      deps.log.info('seeded demo data into the new database', { demoJobs: jobs.length });
    }
  }
  // Before the job loop starts, so its first claim finds them.
  await enqueueStartupJobs(deps);
  const lifecycle: Lifecycle = { stopping: false };
  const server =
    role === 'server'
      ? (() => {
          const { app } = createApp(deps, { lifecycle });
          return Bun.serve({
            port: env.port,
            hostname: process.env.HOST ?? '0.0.0.0',
            // Bun refuses bodies over 128 MB by default; signed uploads stream up to UPLOAD_MAX_BYTES to disk
            // (files.routes.ts checks each kind's own cap), everything else stays small.
            maxRequestBodySize: env.uploadMaxBytes + 1024 * 1024,
            fetch: (req, srv) => app.fetch(req, { server: srv }),
          });
        })()
      : undefined;
  const ops =
    env.metrics.port !== undefined
      ? Bun.serve({ port: env.metrics.port, hostname: env.metrics.host, fetch: createOpsApp(deps, lifecycle).fetch })
      : undefined;
  const stopJobs = startJobLoop(deps);

  // A remote database URL may carry a token: the log and the banner show it without.
  const database = env.databaseUrl.startsWith('file:') ? env.databaseUrl : env.databaseUrl.replace(/\/\/.*@/, '//…@');
  deps.log.info(role === 'server' ? 'serving' : 'running jobs', {
    role,
    ...(server ? { url: env.publicUrl, port: server.port } : {}),
    ...(ops ? { metricsPort: ops.port } : {}),
    database,
    storage: env.s3 ? `s3://${env.s3.bucket}` : env.storageDir,
    jobConcurrency: env.jobs.concurrency,
    ...(env.smtpUrl ? {} : { mail: 'no SMTP_URL set: mails stay in the outbox table' }),
  });
  if (server) {
    // A production install has no demo accounts (nothing is seeded there), so its banner names none;
    // until it has an operator it says how to make the first one.
    const demoAccounts = env.isProduction
      ? (await hasOperator(deps.db))
        ? ''
        : '\n  No operator yet: npm run admin:create-operator -- --email <address> (docs/configuration.md)'
      : `
  Demo accounts (password Demo-1234):
    superadmin@example.com  SUPER_ADMIN
    admin@example.com       ADMIN (owner of Demo Research GmbH)
    employee@example.com    EMPLOYEE`;
    const mailNote = env.smtpUrl
      ? ''
      : `\n  Mail: no SMTP_URL set, mails are kept in the outbox table${env.nodeEnv === 'development' ? ' and printed here' : ''}`;
    console.log(`
  Survey Quality Platform is running at ${env.publicUrl} (port ${server.port})
  Database: ${database}${mailNote}
${demoAccounts}
`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from now on; the listener closes, requests in flight run to their end.
    lifecycle.stopping = true;
    deps.log.info('stopping', { signal, graceSeconds: env.shutdownGraceSeconds });
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const requestsDone = server
      ? Promise.race([
          server.stop(false).then(() => true),
          new Promise<boolean>(
            (resolve) => (timer = setTimeout(() => resolve(false), env.shutdownGraceSeconds * 1000)),
          ),
        ])
      : Promise.resolve(true);
    // Jobs get a few seconds to finish; the rest go back to the queue with their lease released, so
    // another process takes them at once (not after JOB_LEASE_SECONDS).
    const jobsDone = stopJobs().catch((error) => deps.log.error('stopping the job runner failed', error));
    const finished = await requestsDone;
    clearTimeout(timer);
    if (!finished) {
      deps.log.error('requests still running after the grace period: closing their connections');
      await server?.stop(true);
    }
    await jobsDone;
    // Live endpoint counts wait in memory for a few seconds: write them before the process ends.
    await flushEndpointHits(deps).catch((error) => deps.log.error('writing live endpoint counts failed', error));
    await ops?.stop(true);
    deps.log.info('stopped', { signal, ms: Math.round(performance.now() - started) });
    deps.close();
    // Log lines are written in blocks (api/lib/logger.ts): the last access lines reach stdout first.
    await deps.log.flush?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A fatal error is logged as a line with its stack, and the buffered lines written, before the process ends.
  const fatal = (what: string) => (error: unknown) => {
    deps.log.error(`fatal: ${what}`, error);
    void (deps.log.flush?.() ?? Promise.resolve()).then(() => process.exit(1));
  };
  process.on('uncaughtException', fatal('uncaught exception'));
  process.on('unhandledRejection', fatal('unhandled rejection'));
}

if (import.meta.main) await runProcess('server');
