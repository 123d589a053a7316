// The export's work in a Worker thread: reading 100,000 interviews, re-cleaning them and writing a
// workbook takes seconds of CPU, which must not stall the API (docs/jobs.md).
import { runExport, type ExportJobInput } from '../export.service';
import type { WorkerStepContext } from '../../../jobs';

export async function run(input: ExportJobInput, ctx: WorkerStepContext) {
  return runExport({ blobs: ctx.blobs, scoring: await ctx.scoring() }, input, (percent) => ctx.progress(percent));
}
