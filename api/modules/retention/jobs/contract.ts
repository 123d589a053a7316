// The retention feature's job contract: the 'storage.retention' kind and its result.
import { jobKind } from '../../../jobs';
import type { RetentionResult } from '../retention.service';

/** 'storage.retention': removes what outlived its retention period from the store (retention.service.ts). */
export const RETENTION_JOB = jobKind<Record<string, never>, RetentionResult>('storage.retention');
