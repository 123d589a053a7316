// The upload job's CPU-heavy step, in a Worker thread: parse, validate, classify the open answers
// (asking the main thread's AI judge when configured), score, write the revision's Arrow files and
// publish them. It returns the summary and each new record's credits; the main thread charges. The
// prepare job runs the same step with a folder: the revision is prepared there, not published.
import { prepareUpload, processUpload, type ProcessUploadInput, type UploadBlobStore } from '../../../ingest';
import { COHERENCE_REQUEST, JUDGE_REQUEST } from './contract';
import { interviewsOf } from '../../coherence-judge';
import type { CoherenceColumns, CoherenceQuestion } from '../../../ingest';
import type { UploadPlan } from '../upload-job.service';
import type { WorkerStepContext } from '../../../jobs';
import { startOpenEndedWorker } from '../../../../scoring/open-ended-worker';
import { withPinnedSource } from './source-pin';

/**
 * `folder`: prepare the revision there (ahead of the confirmation, processing/prepare.ts) instead of
 * publishing it. `coherence`: the coherence judge is on, reading at most this many interviews.
 */
export type UploadProcessInput = {
  plan: UploadPlan;
  judge: boolean;
  coherence?: { maxInterviews: number };
  folder?: string;
};

export function run(input: UploadProcessInput, ctx: WorkerStepContext) {
  return withPinnedSource(ctx.blobs, input.plan.source, (blobs) => processStep(input, ctx, blobs));
}

async function processStep(input: UploadProcessInput, ctx: WorkerStepContext, blobs: UploadBlobStore) {
  const { plan, folder } = input;
  const engine: ProcessUploadInput = {
    blobs,
    scoring: await ctx.scoring(),
    source: plan.source,
    options: plan.options,
    mapping: plan.mapping,
    datafileId: plan.datafileId,
    revision: plan.revision,
    ...(plan.previous ? { previous: plan.previous } : {}),
    ...(plan.weights ? { weights: plan.weights } : {}),
    onProgress: (percent) => ctx.progress(percent),
    // The open answers are classified on a thread of their own while the file is parsed.
    openEndedWorker: startOpenEndedWorker,
    ...(input.judge
      ? {
          judge: async (questions, offline) =>
            ctx.request(JUDGE_REQUEST, {
              questions: questions.map((q) => ({
                text: q.text,
                keywords: q.keywords ?? [],
                allowedLanguages: q.allowedLanguages ?? [],
                answers: q.answers,
              })),
              offline: { categories: offline.categories, unsure: offline.unsure },
            }),
        }
      : {}),
    ...(input.coherence ? { coherence: coherenceOf(ctx, input.coherence.maxInterviews) } : {}),
  };
  const processed = folder === undefined ? await processUpload(engine) : await prepareUpload({ ...engine, folder });
  const { interviewCredits, files: _files, ...summary } = processed;
  return { summary, interviewCredits };
}

/** Selects the interviews, asks the main thread's coherence judge, and lays its verdicts out per row. */
function coherenceOf(ctx: WorkerStepContext, maxInterviews: number) {
  return async (open: readonly CoherenceQuestion[], rows: number): Promise<CoherenceColumns> => {
    const interviews = interviewsOf(open, rows, maxInterviews);
    const outcome = interviews.length
      ? await ctx.request(COHERENCE_REQUEST, { interviews })
      : { verdicts: [], failed: 0 };
    const scores = new Float64Array(rows).fill(Number.NaN);
    const dataPoints = new Float64Array(rows).fill(Number.NaN);
    const read = new Map(interviews.map((i) => [i.id, i.answers.length]));
    const contradictions: (string | null)[] = Array.from({ length: rows }, () => null);
    for (const v of outcome.verdicts) {
      scores[v.row] = v.score;
      dataPoints[v.row] = read.get(v.row) ?? Number.NaN;
      if (v.contradictions.length) contradictions[v.row] = JSON.stringify(v.contradictions);
    }
    return {
      scores,
      dataPoints,
      contradictions,
      counts: { asked: interviews.length, judged: outcome.verdicts.length, failed: outcome.failed },
    };
  };
}
