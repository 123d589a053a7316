import type { Env } from '../env';
import type { JobSystem } from '../jobs/job-system';
import { demoFinishJob } from '../demo/demo-finish.jobs';
import { exportJob } from '../modules/exports/jobs/export.jobs';
import { calendarJob, mailOutboxJob, pruneJobsJob } from '../modules/credits/jobs/calendar.jobs';
import { noopTestJob, slowTestJob } from '../jobs/test-kinds/test-kinds';
import { uploadCheckJob, uploadJob } from '../modules/uploads/jobs/upload.jobs';
import { livePublishJob, liveRespondentJob } from '../modules/live-import/jobs/live.jobs';

/** Every job kind of the product, registered on deps.jobs at start; the recurring ones get their schedule. */
export function registerJobKinds(jobs: JobSystem, env: Env): void {
  jobs.register(calendarJob);
  jobs.register(mailOutboxJob);
  jobs.register(pruneJobsJob);
  jobs.register(uploadJob);
  jobs.register(uploadCheckJob);
  jobs.register(exportJob);
  jobs.register(liveRespondentJob);
  jobs.register(livePublishJob);
  jobs.register(demoFinishJob);
  if (env.jobIntervalMinutes > 0) {
    jobs.every(calendarJob.kind, env.jobIntervalMinutes * 60_000);
    jobs.every(mailOutboxJob.kind, env.jobIntervalMinutes * 60_000);
    jobs.every(pruneJobsJob.kind, 60 * 60_000);
  }
  if (env.jobs.testKinds) {
    jobs.register(slowTestJob);
    jobs.register(noopTestJob);
  }
}
