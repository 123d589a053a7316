// The exports feature's job contract: the 'export' kind, its payload and its result.
import { jobKind, type JobRowOf } from '../../../jobs';
import type { ExportJobInput, ExportOutput } from '../export.service';

export type ExportJobPayload = { input: ExportJobInput; requestedBy: string };

/** 'export': one file of a datafile's revision with the cleaning snapshotted at request time. */
export const EXPORT_JOB = jobKind<ExportJobPayload, ExportOutput>('export');

export type ExportJobRow = JobRowOf<ExportJobPayload, ExportOutput>;
