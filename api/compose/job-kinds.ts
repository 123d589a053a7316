import { demoFinishJob } from '../demo/demo-finish.jobs';
import type { Env } from '../env';
import type { JobSystem } from '../jobs';
import { pruneJobsJob } from '../jobs/prune.job';
import { noopTestJob, slowTestJob } from '../jobs/test-kinds/test-kinds';
import type { Deps } from '../kernel/deps';
import { authPruneJob, passwordResetJob } from '../modules/auth/jobs/auth.jobs';
import { calendarJob } from '../modules/contracts/jobs/calendar.jobs';
import { exportJob } from '../modules/exports/jobs/export.jobs';
import { livePublishJob, liveRespondentJob } from '../modules/live-import/jobs/live.jobs';
import { mailOutboxJob } from '../modules/mail/jobs/mail-outbox.jobs';
import { uploadCheckJob, uploadJob } from '../modules/uploads/jobs/upload.jobs';
import { retentionJob } from '../modules/retention';
import { enqueueReweightSaved, reweightSavedJob } from '../modules/worksheet/jobs/reweight-saved.jobs';

/**
 * Every job kind of the product, registered on deps.jobs at start; the recurring ones get their
 * schedule. Each feature owns its kinds (api/modules/<x>/jobs/); the engine's own is the pruning.
 */
export function registerJobKinds(jobs: JobSystem<Deps>, env: Env): void {
  jobs.register(calendarJob);
  jobs.register(mailOutboxJob);
  jobs.register(pruneJobsJob);
  jobs.register(uploadJob);
  jobs.register(uploadCheckJob);
  jobs.register(exportJob);
  jobs.register(liveRespondentJob);
  jobs.register(livePublishJob);
  jobs.register(demoFinishJob);
  jobs.register(retentionJob);
  jobs.register(passwordResetJob);
  jobs.register(authPruneJob);
  jobs.register(reweightSavedJob);
  if (env.jobIntervalMinutes > 0) {
    jobs.every(calendarJob.kind, env.jobIntervalMinutes * 60_000);
    jobs.every(mailOutboxJob.kind, env.jobIntervalMinutes * 60_000);
    jobs.every(pruneJobsJob.kind, 60 * 60_000);
    jobs.every(retentionJob.kind, 60 * 60_000);
    jobs.every(authPruneJob.kind, 60 * 60_000);
  }
  if (env.jobs.testKinds) {
    jobs.register(slowTestJob);
    jobs.register(noopTestJob);
  }
}

/**
 * The one-off jobs every process enqueues when it starts (server.ts): each has a dedupe key of its
 * own, so a second start or a second process enqueues nothing more, and the job loop runs them once.
 */
export async function enqueueStartupJobs(deps: Pick<Deps, 'jobs'>): Promise<void> {
  await enqueueReweightSaved(deps);
}
