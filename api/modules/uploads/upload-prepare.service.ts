// Processing ahead of the confirmation. The check of step 2 -> 3 ('upload.check') reads the file as
// processing does: once the parse has validated the data points it publishes the check and its
// estimate as the job's interim result (step 3 shows them), then goes on processing the upload
// exactly as the upload job would, into a folder of the revision the confirmation will hand out
// (processing/prepare.ts). The confirmation adopts that job when it is still running or done and
// was made for the same data points and revision; the upload job then waits for it if it still runs,
// checks the fingerprint, publishes and charges. Anything else (a mapping saved again, a check
// waiting for its retry, a failed prepare, a changed input) falls back to processing at
// confirmation, as before. With the AI judge configured the check only checks: no judge calls are
// spent on a draft that may never be confirmed; UPLOAD_PREPARE=false turns it off.
import type { Deps } from '../../kernel/deps';
import type { JobRowOf } from '../../jobs';
import * as repo from './uploads.repo';
import { revisionPrefix } from '../../ingest';
import { preparedFolder, publishPrepared, readPrepared } from '../../ingest';
import type { ProcessedUpload } from '../../ingest';
import type { UploadPlan } from './upload-job.service';
import {
  UPLOAD_CHECK_JOB,
  type CheckedUpload,
  type UploadCheckJobResult,
  type UploadCheckPayload,
} from './jobs/contract';

type CheckJob = JobRowOf<UploadCheckPayload, UploadCheckJobResult>;

/**
 * The check job's result (interim while it runs, then final): the check, and `prepare` when it
 * prepares the revision `revision` (`done` once the folder holds all of it).
 */
export type { CheckedUpload };

/** How often the upload job looks at a prepare that still runs in another process. */
const WAIT_POLL_MS = 100;

/**
 * The revision a starting check prepares (the one the confirmation will hand out next), or
 * undefined when it only checks: preparing is off, the AI judge (or the coherence judge) is configured,
 * or the upload is no longer a draft.
 */
export async function prepareRevision(deps: Pick<Deps, 'db' | 'env'>, uploadId: string): Promise<number | undefined> {
  // The judges answer from the main thread of the upload job; a prepared revision would skip them.
  if (!deps.env.uploadPrepare || deps.env.oesJudge || deps.env.coherenceJudge) return undefined;
  const upload = await repo.findUpload(deps.db, uploadId);
  const file = upload && (await repo.findDatafile(deps.db, upload.datafileId));
  if (!upload || !file || (upload.status !== 'DRAFT' && upload.status !== 'ERROR')) return undefined;
  return file.lastRevision + 1;
}

/**
 * Whether a prepared revision is still of use once its check job ends: the upload is still the
 * draft this check belongs to and the revision is still the next one, or the confirmation adopted
 * it (`adoptedBy` reads the upload job's `preparedBy`).
 */
export async function stillWanted(
  deps: Pick<Deps, 'db'>,
  checkJobId: string,
  uploadId: string,
  revision: number,
  adoptedBy: (uploadJobId: string) => Promise<string | undefined>,
): Promise<boolean> {
  const upload = await repo.findUpload(deps.db, uploadId);
  const file = upload && (await repo.findDatafile(deps.db, upload.datafileId));
  if (!upload || !file) return false;
  if (upload.status === 'DRAFT' || upload.status === 'ERROR')
    return upload.checkJobId === checkJobId && file.lastRevision + 1 === revision;
  return (
    upload.status === 'PROCESSING' &&
    upload.revision === revision &&
    upload.jobId !== null &&
    (await adoptedBy(upload.jobId)) === checkJobId
  );
}

/** The upload's current check job (the one that may prepare its revision), if any. */
export async function prepareJobOf(
  deps: Pick<Deps, 'jobs'>,
  upload: Pick<repo.UploadRow, 'checkJobId'>,
): Promise<CheckJob | undefined> {
  return upload.checkJobId ? deps.jobs.find(UPLOAD_CHECK_JOB, upload.checkJobId) : undefined;
}

const prepareOf = (job: CheckJob): CheckedUpload['prepare'] =>
  job.result && 'check' in job.result ? job.result.prepare : undefined;

/**
 * Whether the confirmation handing out `revision` for these data points can take over this check's
 * prepare: one still running past its check, or one done that wrote the whole revision.
 */
export function adoptable(job: CheckJob | undefined, revision: number, hash: string): job is CheckJob {
  const prepare = job && prepareOf(job);
  if (!job || !prepare || prepare.revision !== revision || job.payload.mappingHash !== hash) return false;
  return job.state === 'RUNNING' || (job.state === 'SUCCEEDED' && prepare.done === true);
}

/**
 * A prepare no one will use: its folder removed when it is done; with `stop`, a check still queued
 * or running is cancelled (it then removes its folder itself). The confirmation does not stop one:
 * its check still answers step 3 if the upload comes back to it, and a running one finds itself
 * unwanted at its end (`stillWanted`).
 */
export async function discardPrepare(
  deps: Pick<Deps, 'blobs' | 'db' | 'jobs'>,
  job: CheckJob | undefined,
  options: { stop: boolean },
): Promise<void> {
  if (!job) return;
  if (options.stop && (job.state === 'QUEUED' || job.state === 'RUNNING'))
    await deps.jobs.cancel(job.id).catch(() => undefined);
  const prepare = prepareOf(job);
  if (prepare?.done) await removePrepared(deps, job.id, job.payload.uploadId, prepare.revision);
}

/** Removes the folder a check job prepared (nothing when its datafile is gone). */
export async function removePrepared(
  deps: Pick<Deps, 'db' | 'blobs'>,
  jobId: string,
  uploadId: string,
  revision: number,
): Promise<void> {
  const upload = await repo.findUpload(deps.db, uploadId);
  if (!upload) return;
  await deps.blobs
    .deletePrefix(revisionPrefix(upload.datafileId, revision) + preparedFolder(jobId))
    .catch(() => undefined);
}

/**
 * The upload job's side: waits while the check still prepares (in another process: in this one the
 * single Worker slot keeps the upload job queued until it ends; a check whose lease ran out is not
 * waited for), then publishes the prepared revision when it is complete and made from exactly this
 * plan. Undefined when the upload job has to process the file itself.
 */
export async function adoptPrepared(
  deps: Deps,
  plan: UploadPlan,
  jobId: string,
  signal: AbortSignal,
  onProgress: (percent: number) => Promise<void>,
): Promise<ProcessedUpload | undefined> {
  for (;;) {
    const job = await deps.jobs.find(UPLOAD_CHECK_JOB, jobId);
    if (!job) return undefined;
    const live =
      job.state === 'RUNNING' &&
      job.leaseExpiresAt !== null &&
      Date.parse(job.leaseExpiresAt) > deps.clock.now().getTime();
    if (!live) {
      if (job.state !== 'SUCCEEDED' || prepareOf(job)?.done !== true) return undefined;
      break;
    }
    await onProgress(Math.min(96, job.progress));
    signal.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
  const folder = preparedFolder(jobId);
  const prepared = await readPrepared(deps.blobs, folder, { ...plan, scoringVersion: deps.scoring.version });
  if (!prepared) return undefined;
  await publishPrepared(deps.blobs, plan.datafileId, plan.revision, folder);
  return prepared;
}
