// Upload step 2 -> 3: the confirmed data points against the whole file, and the credit estimate of
// step 3, in one read that writes nothing. Unlike processing it gathers every problem (a list per
// column for step 2) instead of stopping at the first, and it skips the open-ended classifier: an
// answer's credits depend only on whether it is there (a data point), not on its category, so the
// estimate scores every filled answer as category 1 and gets the same credits the charge will.
import { uploadError } from '../../kernel/errors/upload-errors';
import { withLimits, type UploadLimits } from '../limits';
import { openUpload } from '../parse/index';
import type { UploadBlobStore } from '../blob';
import type { ColumnMapping, ReadOptions, TableHeader, UploadFormat } from '../types';
import { createCollector, type ScoreInputs } from '../validate/collector';
import type { ValidationIssue } from '../validate/mapping';
import { newRecordCredits, scoreCollected, type UploadScoring } from './process';
import { SpillFile } from '../columnar/spill';
import { structureIssue } from './structure';

export interface CheckUploadInput {
  blobs: UploadBlobStore;
  scoring: UploadScoring;
  source: { key: string; format: UploadFormat };
  options: ReadOptions;
  mapping: ColumnMapping;
  datafileId: string;
  /** Re-upload: the published revision (its columns must match; its charged ids are not estimated again). */
  previous?: { revision: number; columns: readonly string[] };
  limits?: Partial<UploadLimits>;
  /** Where the score inputs wait between the parse and the scoring (default: the system's temporary folder). */
  tempDir?: string;
  /** 0..100, at most every few hundred milliseconds. */
  onProgress?: (percent: number) => void;
}

export interface UploadEstimate {
  numberOfRecords: number;
  /** Records whose id no earlier revision charged, and the credits they cost (what the job will charge). */
  newRecords: number;
  credits: number;
  /** Credits of every record (4..10 each), charged before or not. */
  creditsAllRecords: number;
  numberOfDatapoints: number;
}

export interface CheckUploadResult {
  /** Every refusal of the data points against the file; empty when it can be processed. */
  issues: ValidationIssue[];
  /** Only when there is no issue. */
  estimate?: UploadEstimate;
  source: Pick<TableHeader, 'format' | 'sheet' | 'headerRow' | 'firstDataRow' | 'delimiter' | 'encoding' | 'qualtrics'>;
}

/** Any character that `trim()` keeps: the regular expression's \s is the same set (white space and line terminators). */
const NOT_BLANK = /\S/;

/**
 * Open answers as the estimate scores them: 1 where filled (a data point), 0 where empty or blank.
 * Tested in place, not trimmed: a copy per answer and a callback per cell cost 50 ms of the
 * estimate at 300,000 answers, the loop 7 ms (up to 97 ms cold on a busy machine, the regular
 * expression per answer; an answer starting with a printable ASCII character needs none).
 */
function presenceCategories(inputs: ScoreInputs): Int32Array[] {
  return inputs.open.map(({ answers }) => {
    const out = new Int32Array(answers.length);
    for (let i = 0; i < answers.length; i++) {
      const a = answers[i];
      if (a === null || a === undefined) continue;
      // Nearly every answer starts with a printable ASCII character: no regular expression for those.
      const first = a.charCodeAt(0);
      out[i] = (first > 32 && first < 127) || NOT_BLANK.test(a) ? 1 : 0;
    }
    return out;
  });
}

/** What the check reports of how the file was read. */
export const sourceOf = (h: TableHeader): CheckUploadResult['source'] => ({
  format: h.format,
  sheet: h.sheet,
  headerRow: h.headerRow,
  firstDataRow: h.firstDataRow,
  delimiter: h.delimiter,
  encoding: h.encoding,
  qualtrics: h.qualtrics,
});

/**
 * The credit estimate of parsed, valid inputs: every filled open answer scored as a data point.
 * `presenceTaken` runs once the answers' presence is read (the check drops the texts there).
 */
export async function estimateOf(
  input: Pick<CheckUploadInput, 'blobs' | 'scoring' | 'datafileId' | 'previous'>,
  inputs: ScoreInputs,
  presenceTaken?: () => void,
): Promise<UploadEstimate> {
  const categories = inputs.open.length ? presenceCategories(inputs) : undefined;
  presenceTaken?.();
  // Only the credits are shown: the consistency score adds no data point to them, and the summary's
  // sums and score statistics (every score of every row banded) are processing's.
  const { credits, totals } = await scoreCollected(input.scoring, inputs, categories, {
    consistency: false,
    totals: false,
  });
  const { creditsToCharge, newRecords } = await newRecordCredits(
    input.blobs,
    input.datafileId,
    input.previous?.revision,
    inputs.idHashes,
    credits,
  );
  return {
    numberOfRecords: inputs.rows,
    newRecords,
    credits: creditsToCharge,
    creditsAllRecords: totals.totalCredits,
    numberOfDatapoints: inputs.durations.length + inputs.grids.length + inputs.open.length + inputs.projective.length,
  };
}

/**
 * Checks a mapping against the whole stored file and estimates the credits. A refusal of the file
 * itself (hostile, corrupt, over a cap) is thrown as the engine's AppError; problems of the data
 * points come back as `issues`.
 */
export async function checkUpload(input: CheckUploadInput): Promise<CheckUploadResult> {
  const limits = withLimits(input.limits);
  const started = performance.now();
  const table = await openUpload(input.blobs, input.source.key, input.source.format, input.options, limits);
  const h = table.header;
  const source = sourceOf(h);
  if (input.previous) {
    const issue = structureIssue(input.previous.columns, h);
    if (issue) return { source, issues: [issue] };
  }
  // As in processing, the numeric inputs and ids wait in a temporary file: memory stays flat.
  const spill = new SpillFile(input.tempDir);
  try {
    const collector = createCollector(h, input.mapping, { collect: true, spill });
    if (collector.early.length) return { source, issues: collector.early };
    let last = 0;
    for await (const batch of table.batches()) {
      collector.accept(batch);
      const now = performance.now();
      if (now - started > limits.maxMillis)
        throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
          reason: 'PROCESSING_TIME',
          limit: limits.maxMillis,
          value: Math.round(now - started),
        });
      if (input.onProgress && now - last > 200) {
        last = now;
        input.onProgress(90 * (table.progress?.() ?? 0));
      }
    }
    const result = collector.finish();
    if (result.issues.length || !result.inputs) return { source, issues: result.issues };
    const inputs = result.inputs;
    // The answers' texts are not needed past their presence.
    const estimate = await estimateOf(input, inputs, () => {
      for (const q of inputs.open) q.answers = [];
    });
    input.onProgress?.(100);
    return { source, issues: [], estimate };
  } finally {
    spill.close();
  }
}
