// The retention module's front door: its job kind for the composition root.
export { retentionJob } from './jobs/retention.jobs';
export { RETENTION_JOB } from './jobs/contract';
export { applyRetention, type RetentionResult } from './retention.service';
