import { storeUploadIdentities } from '../../duplicates';
import { AppError } from '../../../kernel/errors/errors';
import type { DbOrTx } from '../../../../db/client';
import { findJob, handleRequest, workerStep } from '../../../jobs';
import type { AppJobHandler } from '../../../kernel/deps';
import { judgeOpenEnded } from '../../open-ended-judge';
import { judgeCoherence } from '../../coherence-judge';
import { CHECKED_AT, DEFAULT_LIMITS, preparedFolder } from '../../../ingest';
import { refusalFactsOf } from '../../../kernel/errors/refusal-messages';
import { rejectSource } from '../upload-draft.service';
import {
  chargeUpload,
  failUpload,
  finishUpload,
  mirrorPrepareProgress,
  mirrorProgress,
  recordRefusal,
  uploadPlan,
  type UploadJobResult,
  type UploadPlan,
} from '../upload-job.service';
import { adoptPrepared, prepareRevision, removePrepared, stillWanted } from '../upload-prepare.service';
import {
  CHECKED_REQUEST,
  COHERENCE_REQUEST,
  JUDGE_REQUEST,
  UPLOAD_CHECK_JOB,
  UPLOAD_JOB,
  type CheckedUpload,
  type UploadCheckJobResult,
  type UploadCheckPayload,
  type UploadJobPayload,
} from './contract';
import type { run as checkStep } from './upload-check.step';
import type { run as processStep } from './upload-process.step';

/**
 * The memory limit of an upload's Worker steps (MB of the process's resident growth): above the
 * engine's own budget (`maxRssBytes`, 3 GiB), which collects garbage before it refuses a run and
 * refuses with PROCESSING_MEMORY, a reason the uploader can act on. The runner's default
 * (JOB_WORKER_MAX_MB, 2,048) samples the resident memory without collecting, the open-answer
 * classifier's thread included: a file of 300,000 interviews with three classified open questions
 * peaks at 1.8-1.9 GB of growth, so that limit failed such uploads at random with JOB_MEMORY_LIMIT
 * (not retried), also the reprocessing of an upload after a server restart.
 */
export const UPLOAD_STEP_MAX_MB = DEFAULT_LIMITS.maxRssBytes / (1024 * 1024) + 512;
const uploadStepLimits = { maxMemoryMb: UPLOAD_STEP_MAX_MB };

export const uploadProcessStep = workerStep<typeof processStep>(
  new URL('./upload-process.step.ts', import.meta.url),
  uploadStepLimits,
);
export const uploadCheckStep = workerStep<typeof checkStep>(
  new URL('./upload-check.step.ts', import.meta.url),
  uploadStepLimits,
);

/**
 * 'upload': processes a confirmed upload. The Worker step parses, validates, classifies,
 * scores and publishes the revision (its files are replaced on a retry, the manifest is written
 * last); then the main thread charges the new records once under upload:<datafileId>:<revision>;
 * the final transaction marks the datafile READY (or the upload ERROR) and notifies the uploader.
 * A server killed mid-way leaves the job to be taken again once its lease expired: the retry
 * rewrites the revision and the charge replays its first answer, so nothing is done twice.
 */
export const uploadJob: AppJobHandler<UploadJobPayload, UploadJobResult | null> = {
  kind: UPLOAD_JOB,
  heavy: true,
  maxAttempts: 3,
  backoff: { baseMs: 1_000, maxMs: 30_000 },
  async run(ctx) {
    const { deps } = ctx;
    const plan = withSourceTag(await uploadPlan(deps, ctx.payload.uploadId), ctx.payload.sourceTag);
    // Deleted meanwhile, or already finished by an earlier attempt whose final write landed: nothing to do.
    if (!plan || plan.status !== 'PROCESSING') return null;
    const judge = deps.env.oesJudge;
    const coherence = deps.env.coherenceJudge;
    // Prepared while step 3 was shown (upload-prepare.service.ts): publish it and charge.
    if (ctx.payload.preparedBy) {
      const prepared = await adoptPrepared(deps, plan, ctx.payload.preparedBy, ctx.signal, ctx.progress);
      if (prepared) {
        const { interviewCredits, files: _files, ...summary } = prepared;
        const charge = await chargeUpload(deps, plan, interviewCredits);
        await storeUploadIdentities(deps, plan);
        return { summary, ...charge, prepared: true };
      }
    }
    let processed: Awaited<ReturnType<typeof processStep>>;
    try {
      processed = await ctx.runInWorker(
        uploadProcessStep,
        {
          plan,
          judge: judge !== undefined,
          ...(coherence ? { coherence: { maxInterviews: coherence.maxInterviews } } : {}),
        },
        {
          progressRange: [0, 97],
          handlers: {
            ...(judge
              ? handleRequest(JUDGE_REQUEST, async ({ questions, offline }) => {
                  const verdicts = await judgeOpenEnded(
                    { db: deps.db, config: judge, clock: deps.clock, log: deps.log },
                    { questions, offline },
                  );
                  return { categories: verdicts.categories, sources: verdicts.sources };
                })
              : {}),
            ...(coherence
              ? handleRequest(COHERENCE_REQUEST, ({ interviews }) =>
                  judgeCoherence({ config: coherence, log: deps.log }, interviews),
                )
              : {}),
          },
        },
      );
    } catch (error) {
      if (error instanceof AppError) await recordRefusal(deps, plan.uploadId, error);
      throw error;
    }
    const charge = await chargeUpload(deps, plan, processed.interviewCredits);
    // Before the final transaction: a retry of the job stores them again, replacing the rows.
    await storeUploadIdentities(deps, plan);
    return { summary: processed.summary, ...charge };
  },
  onSucceeded: async (tx, job, result, deps) => {
    if (result) await finishUpload(tx, deps, job.payload.uploadId, result);
  },
  onFinalFailure: (tx, job, outcome, deps) =>
    failUpload(tx, deps, job.payload.uploadId, {
      code: outcome.state === 'FAILED' ? outcome.code : 'GENERAL_ERROR',
    }),
  onProgress: (db, job, percent) => mirrorProgress(db, job.payload.uploadId, percent),
};

/**
 * 'upload.check': the saved data points against the whole file and the credit estimate (step 2 ->
 * 3), in a Worker. A refusal is the check's answer (the job succeeds with it); a refusal of the file
 * itself also removes the stored file, so nothing of a hostile file stays. When preparing is on
 * (upload-prepare.service.ts) the same read goes on processing the upload into a folder of the next
 * revision: the check is published as the job's interim result the moment the parse has validated
 * the data points, and the job ends once the revision is prepared. A failure after the check keeps
 * the check (the upload job then processes the file itself); a cancelled or failed prepare, and one
 * no longer wanted at the end, leaves no folder behind.
 */
export const uploadCheckJob: AppJobHandler<UploadCheckPayload, UploadCheckJobResult> = {
  kind: UPLOAD_CHECK_JOB,
  heavy: true,
  // Someone waits on step 2 for its answer: the Worker's start (the engine's modules, the scoring
  // WASM) is done before the save of step 2, not after it.
  warmSteps: [uploadCheckStep],
  maxAttempts: 2,
  backoff: { baseMs: 500, maxMs: 5_000 },
  async run(ctx) {
    const { deps, job } = ctx;
    const plan = withSourceTag(await uploadPlan(deps, ctx.payload.uploadId), ctx.payload.sourceTag);
    if (!plan) throw new AppError('NO_DATAFILE_FOUND');
    const revision = await prepareRevision(deps, plan.uploadId);
    let checked: CheckedUpload | undefined;
    const removeFolder = () =>
      revision === undefined ? Promise.resolve() : removePrepared(deps, job.id, plan.uploadId, revision);
    try {
      // The Worker that read this datafile's file early, if there is one (upload-draft.service.ts).
      const earlyKey = plan.datafileId;
      if (revision === undefined)
        return { check: (await ctx.runInWorker(uploadCheckStep, { plan }, { earlyKey })).check };
      const out = await ctx.runInWorker(
        uploadCheckStep,
        { plan: { ...plan, revision }, folder: preparedFolder(job.id) },
        {
          earlyKey,
          handlers: handleRequest(CHECKED_REQUEST, async (check) => {
            checked = { check, ...(check.estimate ? { prepare: { revision } } : {}) };
            await ctx.report(checked);
            return null;
          }),
        },
      );
      if (out.failure)
        deps.log.error('upload: the prepare failed after the check; the upload job will process the file itself', {
          uploadId: plan.uploadId,
          jobId: job.id,
          failure: out.failure,
        });
      if (out.prepared && (await stillWanted(deps, job.id, plan.uploadId, revision, (id) => preparedByOf(deps.db, id))))
        return { check: out.check, prepare: { revision, done: true } };
      await removeFolder();
      return { check: out.check };
    } catch (error) {
      await removeFolder();
      // Cancelled, or another runner took over: that answer is the runner's.
      if (ctx.signal.aborted) throw error;
      // Past the check (a Worker limit or crash while preparing): the check stands, nothing is prepared.
      if (checked) {
        deps.log.error('upload: the prepare stopped after the check; the upload job will process the file itself', {
          uploadId: plan.uploadId,
          jobId: job.id,
          error: String(error),
        });
        return { check: checked.check };
      }
      if (!(error instanceof AppError)) throw error;
      await rejectSource(deps, plan.uploadId, error);
      return { refusal: refusalFactsOf(error.code, error.details) };
    }
  },
  // Past the check: the prepare's progress on an upload whose confirmation adopted it.
  onProgress: (db, job, percent) =>
    percent > CHECKED_AT
      ? mirrorPrepareProgress(db, job.id, job.payload.uploadId, percent, (id) => preparedByOf(db, id))
      : Promise.resolve(),
};

/** The plan reading only the version of the stored file with this tag (jobs/source-pin.ts). */
function withSourceTag<P extends { source: UploadPlan['source'] }>(plan: P | undefined, etag: string | undefined) {
  return plan && etag !== undefined ? { ...plan, source: { ...plan.source, etag } } : plan;
}

/** The check job an upload job adopted the prepare of (its payload's `preparedBy`). */
async function preparedByOf(db: DbOrTx, uploadJobId: string): Promise<string | undefined> {
  return (await findJob(db, UPLOAD_JOB, uploadJobId))?.payload.preparedBy;
}
