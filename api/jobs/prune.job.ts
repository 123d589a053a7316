import { pruneFinished } from './job-store';
import { jobKind, type JobEngineContext, type JobHandler } from './job-types';

export const PRUNE_JOBS_JOB = jobKind<Record<string, never>, { deleted: number }>('jobs.prune');

/** Deletes jobs finished more than JOB_RETENTION_DAYS ago (the schedule's per-slot rows would grow forever). */
export const pruneJobsJob: JobHandler<Record<string, never>, { deleted: number }, JobEngineContext> = {
  kind: PRUNE_JOBS_JOB,
  maxAttempts: 1,
  run: async ({ deps }) => ({
    deleted: await pruneFinished(
      deps.db,
      new Date(deps.clock.now().getTime() - deps.env.jobs.retentionDays * 86_400_000),
    ),
  }),
};
