import { workerStep } from '../../../jobs';
import type { AppJobHandler } from '../../../kernel/deps';
import { identityEvidenceOf } from '../../duplicates';
import type { ExportOutput } from '../export.service';
import { EXPORT_JOB, type ExportJobPayload } from './contract';
import type { run as exportStep } from './export.step';

export const exportStepHandle = workerStep<typeof exportStep>(new URL('./export.step.ts', import.meta.url));

/**
 * 'export': one file of a datafile's revision with the cleaning snapshotted at request
 * time. Idempotent: the blob key derives from the input, so a retry overwrites its own file. The
 * result (key, file name, counts) is what getExportJob signs a download link from.
 */
export const exportJob: AppJobHandler<ExportJobPayload, ExportOutput> = {
  kind: EXPORT_JOB,
  heavy: true,
  maxAttempts: 2,
  backoff: { baseMs: 1_000, maxMs: 10_000 },
  run: async (ctx) => {
    const { input } = ctx.payload;
    // The Worker has no database: a reconciliation pack's identities are read here and handed over.
    if (!input.reconciliation) return ctx.runInWorker(exportStepHandle, input);
    const evidence = await identityEvidenceOf(ctx.deps, input.reconciliation.companyId, input.datafileId);
    return ctx.runInWorker(exportStepHandle, { ...input, evidence });
  },
};
