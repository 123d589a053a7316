// Steps 1 and 2 read the stored upload off the event loop (upload-read.step.ts in a Worker, with
// the job limits, a few at a time per process: api/jobs/off-thread.ts). A read past a limit refuses
// the file like the engine's own budget does, so it is removed at once.
import type { Deps } from '../../kernel/deps';
import { uploadError } from '../../kernel/errors/upload-errors';
import { blobStoreConfig } from '../../infra/blob-store';
import { runOffThread, workerStep, WorkerLimitError } from '../../jobs';
import type { run as readStep, UploadReadInput, UploadReadOutput } from './upload-read.step';

const uploadReadStep = workerStep<typeof readStep>(new URL('./upload-read.step.ts', import.meta.url));

/** A request waits at most this long for its read, whatever JOB_WORKER_TIMEOUT_SECONDS allows a job. */
const REQUEST_READ_MAX_MS = 60_000;

export async function readUpload(
  deps: Pick<Deps, 'env' | 'appSecret'>,
  input: UploadReadInput,
): Promise<UploadReadOutput> {
  const timeoutMs = Math.min(deps.env.jobs.workerTimeoutSeconds * 1000, REQUEST_READ_MAX_MS);
  try {
    return await runOffThread(uploadReadStep, input, {
      timeoutMs,
      maxMemoryMb: deps.env.jobs.workerMaxMb,
      blobConfig: blobStoreConfig(deps.env, deps.appSecret),
    });
  } catch (error) {
    if (error instanceof WorkerLimitError)
      throw uploadError(
        'UPLOAD_FILE_LIMITS_EXCEEDED',
        error.code === 'JOB_TIME_LIMIT'
          ? { reason: 'PROCESSING_TIME', limit: timeoutMs }
          : { reason: 'PROCESSING_MEMORY', limit: deps.env.jobs.workerMaxMb * 1024 * 1024 },
      );
    throw error;
  }
}
