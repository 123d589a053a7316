// Processing ahead of the confirmation. When the check of step 2 -> 3 found nothing, the check job
// enqueues 'upload.prepare': while the user reads step 3 (summary, estimate, balance), a Worker
// processes the upload exactly as the upload job would, into a folder of the revision the
// confirmation will hand out (processing/prepare.ts). The confirmation adopts that job when it is
// running or done and made for the same data points and revision; the upload job then waits for it
// if it still runs, checks the fingerprint, publishes and charges. Anything else (a mapping saved
// again, a prepare still queued, a failed one, a changed input) falls back to processing at
// confirmation, as before. With the AI judge configured nothing is prepared: no judge calls are
// spent on a draft that may never be confirmed; UPLOAD_PREPARE=false turns it off.
import type { Deps } from '../../deps';
import type { JobRow } from '../../../db/schema';
import * as repo from '../datafiles/datafile-uploads.repo';
import { revisionPrefix } from './blob';
import { mappingHash } from './datapoints';
import { preparedFolder, publishPrepared, readPrepared } from './processing/prepare';
import type { ProcessedUpload } from './processing/process';
import type { UploadPlan } from './upload-job.service';

export const UPLOAD_PREPARE_JOB = 'upload.prepare';

export type UploadPreparePayload = { uploadId: string; checkJobId: string; mappingHash: string; revision: number };

/** How often the upload job looks at a prepare that still runs in another process. */
const WAIT_POLL_MS = 100;

/**
 * Enqueues the prepare of a check that found nothing (once per check: a retried check finds the
 * first one). The revision is the one the confirmation will hand out next. Undefined when nothing is
 * prepared (the AI judge is configured, or the upload is gone).
 */
export async function enqueuePrepare(deps: Deps, uploadId: string, checkJobId: string, hash: string): Promise<string | undefined> {
  if (!deps.env.uploadPrepare || deps.env.oesJudge) return undefined;
  const upload = await repo.findUpload(deps.db, uploadId);
  const file = upload && (await repo.findDatafile(deps.db, upload.datafileId));
  if (!upload || !file) return undefined;
  const payload: UploadPreparePayload = { uploadId, checkJobId, mappingHash: hash, revision: file.lastRevision + 1 };
  const { id } = await deps.jobs.enqueue(UPLOAD_PREPARE_JOB, payload, { dedupeKey: `${UPLOAD_PREPARE_JOB}:${checkJobId}` });
  return id;
}

/**
 * The plan a prepare job runs, or undefined when it should not run any more: the upload was
 * confirmed without it, its data points were saved again (another check), or another revision was
 * handed out meanwhile.
 */
export async function preparePlan(deps: Deps, payload: UploadPreparePayload, plan: (UploadPlan & { status: repo.UploadRow['status'] }) | undefined): Promise<UploadPlan | undefined> {
  if (!plan || (plan.status !== 'DRAFT' && plan.status !== 'ERROR')) return undefined;
  const [upload, file, points] = await Promise.all([repo.findUpload(deps.db, payload.uploadId), repo.findDatafile(deps.db, plan.datafileId), repo.datapointsOf(deps.db, payload.uploadId)]);
  if (!upload || !file || upload.checkJobId !== payload.checkJobId || mappingHash(points) !== payload.mappingHash || file.lastRevision + 1 !== payload.revision) return undefined;
  const { status: _status, ...rest } = plan;
  return { ...rest, revision: payload.revision };
}

/** The prepare job the upload's current check started, if any. */
export async function prepareJobOf(deps: Deps, upload: Pick<repo.UploadRow, 'checkJobId'>): Promise<JobRow | undefined> {
  if (!upload.checkJobId) return undefined;
  const check = await deps.jobs.get(upload.checkJobId);
  const id = (check?.result as { prepareJobId?: string } | null | undefined)?.prepareJobId;
  return id ? deps.jobs.get(id) : undefined;
}

/**
 * Whether the confirmation handing out `revision` for these data points can take over this prepare:
 * one still running, or one done that wrote a revision (not one that found itself unwanted).
 */
export function adoptable(job: JobRow | undefined, revision: number, hash: string): job is JobRow {
  if (!job || (job.state !== 'RUNNING' && job.state !== 'SUCCEEDED')) return false;
  if (job.state === 'SUCCEEDED' && (job.result as { prepared?: boolean } | null)?.prepared !== true) return false;
  const p = job.payload as UploadPreparePayload;
  return p.revision === revision && p.mappingHash === hash;
}

/** A prepare no one will use: stopped if it runs (it then removes its folder itself), its folder removed. */
export async function discardPrepare(deps: Deps, job: JobRow | undefined): Promise<void> {
  if (!job) return;
  if (job.state === 'QUEUED' || job.state === 'RUNNING') await deps.jobs.cancel(job.id).catch(() => undefined);
  await removePrepared(deps, job);
}

/** Removes the folder a prepare job wrote (nothing when its datafile is gone). */
export async function removePrepared(deps: Pick<Deps, 'db' | 'blobs'>, job: JobRow): Promise<void> {
  const p = job.payload as UploadPreparePayload;
  const upload = await repo.findUpload(deps.db, p.uploadId);
  if (!upload) return;
  await deps.blobs.deletePrefix(revisionPrefix(upload.datafileId, p.revision) + preparedFolder(job.id)).catch(() => undefined);
}

/**
 * The upload job's side: waits while the prepare still runs (in another process: in this one the
 * single Worker slot keeps the upload job queued until it ends; a prepare whose lease ran out is not
 * waited for), then publishes the prepared revision when it is complete and made from exactly this
 * plan. Undefined when the upload job has to process the file itself.
 */
export async function adoptPrepared(deps: Deps, plan: UploadPlan, jobId: string, signal: AbortSignal, onProgress: (percent: number) => Promise<void>): Promise<ProcessedUpload | undefined> {
  for (;;) {
    const job = await deps.jobs.get(jobId);
    if (!job) return undefined;
    const live = job.state === 'RUNNING' && job.leaseExpiresAt !== null && Date.parse(job.leaseExpiresAt) > deps.clock.now().getTime();
    if (!live) {
      if (job.state !== 'SUCCEEDED') return undefined;
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
