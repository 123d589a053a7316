import { AppError } from '../../graphql/errors';
import { judgeOpenEnded, type JudgeInputQuestion, type OfflineVerdicts } from '../../modules/open-ended-judge/judge.service';
import { chargeUpload, failUpload, finishUpload, mirrorPrepareProgress, mirrorProgress, recordRefusal, uploadPlan, type UploadJobResult } from '../../modules/uploads/upload-job.service';
import { rejectSource, UPLOAD_CHECK_JOB, UPLOAD_JOB, type UploadCheckJobResult, type UploadCheckPayload } from '../../modules/uploads/upload-draft.service';
import type { UploadJobPayload } from '../../modules/uploads/upload-confirm.service';
import { adoptPrepared, enqueuePrepare, preparePlan, removePrepared, UPLOAD_PREPARE_JOB, type UploadPreparePayload } from '../../modules/uploads/upload-prepare.service';
import { preparedFolder } from '../../modules/uploads/index';
import { refusalFactsOf } from '../../modules/uploads/messages';
import type { JobHandler } from '../job-types';
import { workerStep } from '../worker-step';
import type { run as checkStep } from './upload-check.step';
import type { run as processStep } from './upload-process.step';

export const uploadProcessStep = workerStep<typeof processStep>(new URL('./upload-process.step.ts', import.meta.url));
export const uploadCheckStep = workerStep<typeof checkStep>(new URL('./upload-check.step.ts', import.meta.url));

/**
 * 'upload' (issue 11): processes a confirmed upload. The Worker step parses, validates, classifies,
 * scores and publishes the revision (its files are replaced on a retry, the manifest is written
 * last); then the main thread charges the new records once under upload:<datafileId>:<revision>;
 * the final transaction marks the datafile READY (or the upload ERROR) and notifies the uploader.
 * A server killed mid-way leaves the job to be taken again once its lease expired: the retry
 * rewrites the revision and the charge replays its first answer, so nothing is done twice.
 */
export const uploadJob: JobHandler<UploadJobPayload, UploadJobResult | null> = {
  kind: UPLOAD_JOB,
  heavy: true,
  maxAttempts: 3,
  backoff: { baseMs: 1_000, maxMs: 30_000 },
  async run(ctx) {
    const { deps } = ctx;
    const plan = await uploadPlan(deps, ctx.payload.uploadId);
    // Deleted meanwhile, or already finished by an earlier attempt whose final write landed: nothing to do.
    if (!plan || plan.status !== 'PROCESSING') return null;
    const judge = deps.env.oesJudge;
    // Prepared while step 3 was shown (upload-prepare.service.ts): publish it and charge.
    if (ctx.payload.preparedBy) {
      const prepared = await adoptPrepared(deps, plan, ctx.payload.preparedBy, ctx.signal, ctx.progress);
      if (prepared) {
        const { interviewCredits, files: _files, ...summary } = prepared;
        const charge = await chargeUpload(deps, plan, interviewCredits);
        return { summary, ...charge, prepared: true };
      }
    }
    let processed: Awaited<ReturnType<typeof processStep>>;
    try {
      processed = await ctx.runInWorker(uploadProcessStep, { plan, judge: judge !== undefined }, {
        progressRange: [0, 97],
        ...(judge
          ? {
              handlers: {
                judge: async (payload) => {
                  const { questions, offline } = payload as { questions: JudgeInputQuestion[]; offline: OfflineVerdicts };
                  const verdicts = await judgeOpenEnded({ db: deps.db, config: judge, clock: deps.clock, log: deps.log }, { questions, offline });
                  return { categories: verdicts.categories, sources: verdicts.sources };
                },
              },
            }
          : {}),
      });
    } catch (error) {
      if (error instanceof AppError) await recordRefusal(deps, plan.uploadId, error);
      throw error;
    }
    const charge = await chargeUpload(deps, plan, processed.interviewCredits);
    return { summary: processed.summary, ...charge };
  },
  onSucceeded: async (tx, job, result, deps) => {
    if (result) await finishUpload(tx, deps, (job.payload as UploadJobPayload).uploadId, result);
  },
  onFinalFailure: (tx, job, outcome, deps) => failUpload(tx, deps, (job.payload as UploadJobPayload).uploadId, { code: outcome.state === 'FAILED' ? outcome.code : 'GENERAL_ERROR' }),
  onProgress: (db, job, percent) => mirrorProgress(db, (job.payload as UploadJobPayload).uploadId, percent),
};

/**
 * 'upload.check': the saved data points against the whole file and the credit estimate (step 2 ->
 * 3), in a Worker. A refusal is the check's answer (the job succeeds with it); a refusal of the file
 * itself also removes the stored file, so nothing of a hostile file stays.
 */
export const uploadCheckJob: JobHandler<UploadCheckPayload, UploadCheckJobResult> = {
  kind: UPLOAD_CHECK_JOB,
  heavy: true,
  maxAttempts: 2,
  backoff: { baseMs: 500, maxMs: 5_000 },
  async run(ctx) {
    const plan = await uploadPlan(ctx.deps, ctx.payload.uploadId);
    if (!plan) throw new AppError('NO_DATAFILE_FOUND');
    try {
      const check = await ctx.runInWorker(uploadCheckStep, { plan });
      // Nothing found: the revision is prepared while the user reads step 3.
      const prepareJobId = !check.issues.length && check.estimate ? await enqueuePrepare(ctx.deps, plan.uploadId, ctx.job.id, ctx.payload.mappingHash) : undefined;
      return { check, ...(prepareJobId ? { prepareJobId } : {}) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await rejectSource(ctx.deps, plan.uploadId, error);
      return { refusal: refusalFactsOf(error.code, error.details) };
    }
  },
};

/**
 * 'upload.prepare' (upload-prepare.service.ts): processes a checked upload ahead of its confirmation
 * into a folder of the revision the confirmation will hand out. One attempt: a prepare that did not
 * finish is not waited for, the upload job processes the file itself. A prepare no longer wanted
 * (confirmed without it, data points saved again, another revision handed out) does nothing; a
 * cancelled or failed one removes its folder.
 */
export const uploadPrepareJob: JobHandler<UploadPreparePayload, { prepared: boolean }> = {
  kind: UPLOAD_PREPARE_JOB,
  heavy: true,
  maxAttempts: 1,
  async run(ctx) {
    const plan = await preparePlan(ctx.deps, ctx.payload, await uploadPlan(ctx.deps, ctx.payload.uploadId));
    if (!plan) return { prepared: false };
    try {
      await ctx.runInWorker(uploadProcessStep, { plan, judge: false, folder: preparedFolder(ctx.job.id) });
      return { prepared: true };
    } catch (error) {
      await removePrepared(ctx.deps, ctx.job);
      throw error;
    }
  },
  onProgress: (db, job, percent) => mirrorPrepareProgress(db, job, percent),
};
