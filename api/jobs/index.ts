// The job engine's front door for features: what they use to declare their job kinds, run Worker
// steps and read their jobs. It stays light (no runner, no loop, no blob store adapter), so importing
// a feature does not load the engine's runtime; the composition root (api/compose) and the commands
// take the runner, the loop and the system from their own files. The engine knows no feature and no
// app context: it is generic over the context its handlers get (the app's Deps).
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
export { runOffThread } from './off-thread';
export { readUntil } from './job-wait';
export {
  handleRequest,
  workerRequest,
  workerStep,
  type WorkerRequest,
  type RunInWorkerOptions,
  type WorkerRequestHandlers,
  type WorkerStep,
  type WorkerStepContext,
  WorkerLimitError,
} from './worker-step';
