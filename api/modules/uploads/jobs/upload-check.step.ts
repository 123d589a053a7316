// The check of step 2's data points against the whole file, and the credit estimate of step 3, in a
// Worker thread (a large file takes seconds; the API keeps answering). With `folder` it goes on
// processing the file into that folder of the next revision once the check is reported
// (processing/prepare.ts, `checkAndPrepare`): the main thread's 'checked' handler publishes the check.
import {
  CHECKED_AT,
  checkAndPrepare,
  checkUpload,
  startEarlyParse,
  takeEarlyParse,
  type CheckUploadResult,
  type EarlySource,
  type UploadBlobStore,
} from '../../../ingest';
import { CHECKED_REQUEST } from './contract';
import type { UploadPlan } from '../upload-job.service';
import type { WorkerStepContext } from '../../../jobs';
import { startOpenEndedWorker } from '../../../../scoring/open-ended-worker';
import { withPinnedSource } from './source-pin';

/** Where processing's parse ends (processing/process.ts reports it as 0..60). */
const PARSE_END = 60;

export type UploadCheckInput = { plan: UploadPlan; folder?: string };
export type UploadCheckOutput = { check: CheckUploadResult; prepared?: boolean; failure?: string };

export function run(input: UploadCheckInput, ctx: WorkerStepContext): Promise<UploadCheckOutput> {
  return withPinnedSource(ctx.blobs, input.plan.source, (blobs) => checkStep(input, ctx, blobs));
}

/**
 * While step 2 is read (its preview asked, `deps.jobs.warm(UPLOAD_CHECK_JOB, source)`), this idle Worker
 * starts reading the stored file; the check that runs here next takes the rows when they are of its
 * datafile and the same stored object (parse/early.ts), and reads the file itself otherwise.
 */
export function early(source: EarlySource, ctx: { blobs: UploadBlobStore }): Promise<void> {
  // Settles once the read stopped (end of file, the held-rows cap, a refusal): the standby watches it until then.
  return startEarlyParse(source, ctx.blobs).settled();
}

async function checkStep(
  input: UploadCheckInput,
  ctx: WorkerStepContext,
  blobs: UploadBlobStore,
): Promise<UploadCheckOutput> {
  const { plan, folder } = input;
  const [scoring, table] = await Promise.all([
    ctx.scoring(),
    takeEarlyParse(
      { datafileId: plan.datafileId, key: plan.source.key, format: plan.source.format, options: plan.options },
      plan.source.etag,
      ctx.blobs,
    ),
  ]);
  const common = {
    blobs,
    scoring,
    source: plan.source,
    options: plan.options,
    mapping: plan.mapping,
    datafileId: plan.datafileId,
    ...(plan.previous ? { previous: plan.previous } : {}),
    ...(plan.weights ? { weights: plan.weights } : {}),
    ...(table ? { table } : {}),
  };
  if (folder === undefined)
    return { check: await checkUpload({ ...common, onProgress: (percent) => ctx.progress(percent) }) };
  let checked = false;
  return checkAndPrepare(
    {
      ...common,
      revision: plan.revision,
      folder,
      openEndedWorker: startOpenEndedWorker,
      onProgress: (percent) =>
        ctx.progress(
          checked
            ? CHECKED_AT + ((100 - CHECKED_AT) * (percent - PARSE_END)) / (100 - PARSE_END)
            : Math.min(CHECKED_AT, (CHECKED_AT * percent) / PARSE_END),
        ),
    },
    async (check) => {
      checked = true;
      await ctx.request(CHECKED_REQUEST, check);
    },
  );
}
