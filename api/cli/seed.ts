import { createDeps } from '../compose/create-deps';
import { readEnv } from '../env';
import { runJobsUntilSettled } from '../jobs/job-loop';
import { seedDemo } from '../demo';

// `npm run db:seed`: demo data into the configured database (refused in production; a no-op when users exist).
const env = readEnv();
if (env.isProduction) {
  console.error('Refusing to seed demo data with NODE_ENV=production.');
  process.exit(1);
}
const deps = await createDeps(env);
// The demo datafiles go through the upload pipeline (a job each), then two are cleaned and one's
// report published (a demo-finish job each); wait for all of them here.
const { seeded, jobs } = await seedDemo(deps);
const settled = jobs.length ? await runJobsUntilSettled(deps, jobs) : [];
for (const job of settled.filter((j) => j.state !== 'SUCCEEDED'))
  console.error(`Demo job ${job.kind} ${job.state}: ${job.errorCode ?? ''} ${job.errorDetail ?? ''}`);
const datafiles = settled.filter((j) => j.kind === 'upload').length;
console.log(
  seeded
    ? `Seeded demo data into ${env.databaseUrl} (${datafiles} demo datafiles, ${settled.length - datafiles} cleaned)`
    : 'The database already has users; nothing seeded.',
);
deps.close();
