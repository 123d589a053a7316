// The check of step 2's data points against the whole file, and the credit estimate of step 3, in a
// Worker thread (a large file takes seconds; the API keeps answering).
import { checkUpload } from '../../modules/uploads/index';
import type { UploadPlan } from '../../modules/uploads/upload-job.service';
import type { WorkerStepContext } from '../worker-step';

export async function run(input: { plan: UploadPlan }, ctx: WorkerStepContext) {
  const { plan } = input;
  return checkUpload({
    blobs: ctx.blobs,
    scoring: await ctx.scoring(),
    source: plan.source,
    options: plan.options,
    mapping: plan.mapping,
    datafileId: plan.datafileId,
    ...(plan.previous ? { previous: plan.previous } : {}),
    onProgress: (percent) => ctx.progress(percent),
  });
}
