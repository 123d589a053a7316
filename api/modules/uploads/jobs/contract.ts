// The upload feature's job contract: the kinds it runs, their payloads and results, and the dedupe
// key of an upload job. Services enqueue and read these jobs through it, the handlers in
// upload.jobs.ts implement it, and nothing else names the strings.
import type { CheckUploadResult, JudgedCategories, UploadSummary } from '../../../ingest';
import { jobKind, workerRequest } from '../../../jobs';
import type { RefusalFacts } from '../../../kernel/errors/refusal-messages';
import type { JudgeInputQuestion, OfflineVerdicts } from '../../open-ended-judge';
import type { CoherenceInterview, CoherenceOutcome } from '../../coherence-judge';

/**
 * `preparedBy`: the check job whose prepared revision the upload job publishes when it is complete
 * (upload-prepare.service.ts). `sourceTag`: the stored file's tag the check priced (jobs/source-pin.ts);
 * processing refuses a file with another one.
 */
export type UploadJobPayload = { uploadId: string; preparedBy?: string; sourceTag?: string };

/** What the upload job keeps as its result (small JSON): the summary without the per-record credits; `prepared` when it published a revision prepared at step 3. */
export type UploadJobResult = {
  summary: Omit<UploadSummary, 'files'>;
  chargeId: string | null;
  credits: number;
  prepared?: boolean;
};

/** The check job's payload: the data points it checked, by hash, and the tag of the stored file it reads (jobs/source-pin.ts). */
export type UploadCheckPayload = { uploadId: string; mappingHash: string; sourceTag?: string };

/** A check, and the revision it prepares (published as the job's interim result while it prepares). */
export type CheckedUpload = { check: CheckUploadResult; prepare?: { revision: number; done?: boolean } };

/** The check job's result: the check (and its prepare), or the refusal of the file. */
export type UploadCheckJobResult = CheckedUpload | { refusal: RefusalFacts & { details?: Record<string, unknown> } };

/** 'upload': processes a confirmed upload and charges it. */
export const UPLOAD_JOB = jobKind<UploadJobPayload, UploadJobResult | null>('upload');

/** 'upload.check': step 2 -> 3's check and estimate, and the prepare of the next revision. */
export const UPLOAD_CHECK_JOB = jobKind<UploadCheckPayload, UploadCheckJobResult>('upload.check');

/** The dedupe key of an upload job, and the charge key of its revision (one charge per revision, ever). */
export const chargeKeyOf = (datafileId: string, revision: number) => `upload:${datafileId}:${revision}`;

/** The process step asks the main thread's AI judge (which caches its verdicts in the database). */
export const JUDGE_REQUEST = workerRequest<
  { questions: JudgeInputQuestion[]; offline: OfflineVerdicts },
  JudgedCategories
>('judge');

/** The process step asks the main thread's coherence judge about the interviews it selected. */
export const COHERENCE_REQUEST = workerRequest<{ interviews: CoherenceInterview[] }, CoherenceOutcome>('coherence');

/** The check step hands the main thread its check the moment it is known (published as the job's interim result). */
export const CHECKED_REQUEST = workerRequest<CheckUploadResult, null>('checked');
