import type { AppJobHandler } from '../../../kernel/deps';
import { applyRetention, type RetentionResult } from '../retention.service';
import { RETENTION_JOB } from './contract';

/** Hourly: deleted datafiles past their grace period, expired exports and upload sources (retention.service.ts). */
export const retentionJob: AppJobHandler<Record<string, never>, RetentionResult> = {
  kind: RETENTION_JOB,
  maxAttempts: 3,
  run: ({ deps }) => applyRetention(deps),
};
