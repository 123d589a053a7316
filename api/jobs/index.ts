// The job engine's front door: what features and the composition root use to declare, register,
// enqueue and run job kinds. The engine knows no feature and no app context: it is generic over the
// context its handlers get (the app's Deps), so nothing here imports api/modules or api/kernel.
export {
  findJob,
  jobKind,
  type JobContext,
  type JobEngineContext,
  type JobEvent,
  type JobHandler,
  type JobKind,
  type JobOutcome,
  type JobRow,
  type JobRowOf,
  type JobSystem,
  type EnqueueOptions,
  type Schedule,
} from './job-types';
export { JobCancelledError, JobLeaseLostError, RetryableJobError } from './job-errors';
export { createJobSystem } from './job-system';
export { JobRunner, runnerSettings, type RunnerSettings } from './job-runner';
export { runJobsUntilIdle, runJobsUntilSettled, startJobLoop } from './job-loop';
export { pruneJobsJob, PRUNE_JOBS_JOB } from './prune.job';
export { jobByDedupeKey } from './job-store';
export {
  workerStep,
  type RunInWorkerOptions,
  type WorkerRequestHandlers,
  type WorkerStep,
  type WorkerStepContext,
} from './worker-step';
