import { createApp } from './app';
import { createDeps } from './compose/create-deps';
import { readEnv } from './env';
import { startJobLoop } from './jobs/job-loop';
import { seedDemo } from './demo';
import { flushEndpointHits } from './modules/monitoring/endpoint-hits';
import { hasOperator } from './modules/users';

/** The only Bun-specific file: migrate, seed a new database (never in production), serve, run jobs. */
const env = readEnv();
const deps = await createDeps(env);
if (!env.isProduction) {
  const { seeded, jobs } = await seedDemo(deps);
  if (seeded) {
    // The demo datafiles are made by the upload pipeline and then cleaned (demo-finish): their jobs run in the job loop below.
    deps.log.info(`Seeded demo data into the new database (${jobs.length} demo jobs: uploads, then cleaning)`);
  }
}
const { app } = createApp(deps);
const server = Bun.serve({
  port: env.port,
  hostname: process.env.HOST ?? '0.0.0.0',
  // Bun refuses bodies over 128 MB by default; signed uploads stream up to UPLOAD_MAX_BYTES to disk
  // (files.routes.ts checks each kind's own cap), everything else stays small.
  maxRequestBodySize: env.uploadMaxBytes + 1024 * 1024,
  fetch: (req, srv) => app.fetch(req, { server: srv }),
});
const stopJobs = startJobLoop(deps);

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
  Database: ${env.databaseUrl}${mailNote}
${demoAccounts}
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  server.stop();
  // Unfinished jobs go back to the queue for another process (or the next start).
  await stopJobs().catch((error) => deps.log.error('stopping the job runner failed', error));
  // Live endpoint counts wait in memory for a few seconds: write them before the process ends.
  await flushEndpointHits(deps).catch((error) => deps.log.error('writing live endpoint counts failed', error));
  deps.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
