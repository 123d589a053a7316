// A second (and third) process for tests/api/jobs/two-processes.test.ts: its own connection to the same
// database file and its own runner. It registers `test.effect`, whose run appends a row to the
// `effects` table (no unique key: a job run twice would show twice), says "ready", starts on "go"
// and exits once no job of that kind is queued or running.
import { sql } from 'drizzle-orm';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { silentLogger } from '../../api/lib/logger';
import { JobRunner, runnerSettings } from '../../api/jobs/job-runner';
import { writeTransaction } from '../../db/write-transaction';

const [databaseUrl, storageDir, name] = process.argv.slice(2) as [string, string, string];
const env = readEnv({
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  STORAGE_DIR: storageDir,
  JOB_INTERVAL_MINUTES: '0',
  JOB_CONCURRENCY: '4',
  JOB_POLL_MS: '20',
});
const deps = await createDeps(env, { log: silentLogger });
deps.jobs.register({
  kind: 'test.effect',
  async run(ctx) {
    await writeTransaction(deps.db, (tx) =>
      tx.run(sql`insert into effects (job_id, runner) values (${ctx.job.id}, ${name})`),
    );
    await new Promise((r) => setTimeout(r, 5 + Math.random() * 10));
    return name;
  },
});

await new Promise<void>((resolve) => {
  process.stdout.write('ready\n');
  process.stdin.on('data', (d) => d.toString().includes('go') && resolve());
});
const runner = new JobRunner(deps, runnerSettings(env, { schedule: false, kinds: ['test.effect'] })).start();
for (;;) {
  await new Promise((r) => setTimeout(r, 50));
  const [open] = await deps.db.all<{ n: number }>(
    sql`select count(*) as n from jobs where kind = 'test.effect' and state in ('QUEUED', 'RUNNING')`,
  );
  if (Number(open!.n) === 0) break;
}
await runner.stop();
deps.close();
process.exit(0);
