// The function the upload job calls inside its Worker: parse -> validate -> classify open answers ->
// score everything with the facade -> write the revision's Arrow files -> publish (manifest last)
// -> the summary the job needs to charge and to mark the datafile READY. Every step is repeatable:
// the revision's prefix is cleared first, and a failure clears it again, so no half-written
// revision stays visible and a retry starts clean.
import {
  DEFAULT_WEIGHTS,
  type ChunkedPipelineShape,
  type ClassificationResult,
  type CombinedWeights,
  type OpenQuestion,
  type OpenQuestionConfig,
  type PipelineChunk,
  type PipelineResult,
} from '../../../scoring/index';
import type { OpenEndedWorker } from '../../../scoring/open-ended-worker';
import { revisionPrefix, type UploadBlobStore } from '../blob';
import { uploadError } from '../../kernel/errors/upload-errors';
import { Budget, folderOf, progressReporter } from './budget';
import type {
  JudgedCategories,
  ParsedUpload,
  ProcessedUpload,
  ProcessPhase,
  ProcessUploadInput,
  UploadScoring,
} from './process-types';
import { withLimits } from '../limits';
import { openUpload } from '../parse/index';
import type { TableHeader, TableSource } from '../types';
import { createCollector, type Collector, type ScoreInputs } from '../validate/collector';
import type { ValidationIssue } from '../validate/mapping';
import {
  MANIFEST_FILE,
  RAW_FILE,
  RECORD_IDS_FILE,
  SCORES_FILE,
  LAYOUT_VERSION,
  rawLayout,
  type RevisionStamp,
} from '../columnar/layout';
import { readManifest, revisionFileKey, type RevisionManifest } from '../columnar/reader';
import { RAW_HOLD_BYTES, RawWriter, ScoresWriter, totalDataPoints } from '../columnar/writers';
import { CHUNK_ROWS, SpillFile, type ChunkedF64 } from '../columnar/spill';
import { HELD_ROWS_BYTES, HeldRows } from './held-rows';
import { containedIn, digestOf, fromBytes, sortedUnique, union, toBytes } from './record-ids';
import { compareStructure, structureIssue } from './structure';
import { aiParadataColumns, aiParadataRows, classifyBehaviour } from './behaviour';
import { ResultTotals, summarise, type UploadSummary } from './summary';

export type { JudgedCategories, ParsedUpload, ProcessedUpload, ProcessPhase, ProcessUploadInput, UploadScoring };

/** The first issue as a thrown catalogue error (the job stores its code and details). */
export function throwIssue(issue: ValidationIssue): never {
  const { code, ...details } = issue;
  throw uploadError(code, details);
}

/** Rows of open answers sent to the classifier's thread at a time (fewer, larger messages). */
const FEED_ROWS = 8192;

/**
 * Hands the open answers collected so far to the classifier's thread, FEED_ROWS at a time (all with
 * `last`), with the same rows of their paradata for the AI suspect rules (processing/behaviour.ts).
 */
function openFeed(
  worker: OpenEndedWorker | undefined,
  collector: Collector,
  open: readonly Pick<ScoreInputs['open'][number], 'dp'>[],
) {
  let sent = 0;
  let paradata: ReturnType<typeof aiParadataColumns> | undefined;
  return (last = false) => {
    if (!worker) return;
    const columns = collector.openAnswers();
    const n = columns[0]?.length ?? 0;
    if (n === sent || (!last && n - sent < FEED_ROWS)) return;
    paradata ??= aiParadataColumns(open, collector.behaviourColumns());
    const rows = paradata.some(Boolean) ? aiParadataRows(paradata, sent, n) : undefined;
    worker.add(
      columns.map((c) => c.slice(sent, n)),
      rows,
    );
    sent = n;
  };
}

/**
 * Validates and streams the rows: raw.arrow is written while parsing (unless dry run), and the open
 * answers go to the classifier's thread (with `openEndedWorker`): as they come, or, when a check
 * waits for the parse (`onParsed`), all at once after it has its answer. On two cores shared with the
 * API the classifier's thread took the parse's CPU, and step 3's estimate came about as late as the
 * classification; now it comes after the parse and the validation, and the classifier runs while
 * step 3 is read.
 */
async function parsePass(
  table: TableSource,
  input: ProcessUploadInput,
  stamp: RevisionStamp,
  budget: Budget,
  report: (p: number, ph: ProcessPhase) => void,
  spill: SpillFile,
) {
  const collector = createCollector(table.header, input.mapping, { collect: true, spill });
  if (collector.early.length) {
    await input.onParsed?.({ header: table.header, issues: collector.early });
    throwIssue(collector.early[0]!);
  }
  const { schema, plan } = rawLayout(table.header, input.mapping, stamp);
  const prefix = revisionPrefix(input.datafileId, input.revision) + folderOf(input);
  const open = input.mapping.dataPoints.filter((d) => d.type === 'OPEN_ENDED');
  const openInputs = open.map((dp) => ({ dp }));
  const startWorker = () =>
    open.length && input.openEndedWorker ? input.openEndedWorker(open.map(openQuestionConfig)) : undefined;
  let worker = input.onParsed ? undefined : startWorker();
  let feed = openFeed(worker, collector, openInputs);
  // A check that prepares holds raw.arrow's batches back until its estimate is out (RawWriter).
  const raw = input.dryRun
    ? undefined
    : new RawWriter(input.blobs, prefix + RAW_FILE, schema, plan, input.onParsed ? { hold: RAW_HOLD_BYTES } : {});
  // ... and before that, the rows themselves, not yet encoded (held-rows.ts).
  const held = new HeldRows(input.heldRowsBytes ?? HELD_ROWS_BYTES, raw !== undefined && input.onParsed !== undefined);
  const writeHeld = async () => {
    for (const b of held.take()) await raw!.write(b);
  };
  try {
    for await (const batch of table.batches()) {
      collector.accept(batch);
      feed();
      if (raw && !held.hold(batch)) {
        await writeHeld();
        await raw.write(batch);
      }
      budget.check();
      report(60 * (table.progress?.() ?? 0), 'parse');
    }
    const result = collector.finish();
    if (result.issues.length) {
      await input.onParsed?.({ header: table.header, issues: result.issues });
      throwIssue(result.issues[0]!);
    }
    if (input.onParsed) {
      await input.onParsed({ header: table.header, issues: [], inputs: result.inputs! });
      budget.settle();
      worker = startWorker();
      feed = openFeed(worker, collector, openInputs);
    }
    feed(true);
    // The classifier's thread has its answers: the held rows are encoded while it classifies.
    if (raw) await writeHeld();
    const rawFile = raw ? await raw.close() : { size: 0 };
    return { inputs: result.inputs!, rawFile, rawColumns: schema.fields.map((f) => f.name), worker };
  } catch (error) {
    raw?.abort();
    worker?.terminate();
    throw error;
  }
}

/** What the classifier needs of an open question besides its answers. */
const openQuestionConfig = (dp: ScoreInputs['open'][number]['dp']): OpenQuestionConfig => ({
  text: dp.questionTitle,
  keywords: dp.keywords ?? [],
  allowedLanguages: dp.languages ?? [],
  duplicateDetection: dp.duplicateCheck !== false,
  ...(dp.topicCheck !== undefined ? { topicCheck: dp.topicCheck } : {}),
});

/**
 * The open questions with their answers and, for the AI suspect rules, their paradata (left out with
 * `paradata: false` when the classifier's thread was fed them already: a copy of every row is not needed).
 */
export function openQuestionsOf(inputs: ScoreInputs, options: { paradata?: boolean } = {}): OpenQuestion[] {
  const columns = options.paradata === false ? [] : aiParadataColumns(inputs.open, inputs.behaviour);
  const paradata = aiParadataRows(columns, 0, inputs.rows);
  return inputs.open.map(({ dp, answers }, q) => ({
    ...openQuestionConfig(dp),
    answers,
    ...(paradata[q] ? { paradata: paradata[q] } : {}),
  }));
}

/**
 * The offline classification of the open questions (from the classifier's thread when the parse fed
 * one), and the AI judge's verdicts over it when one is configured.
 */
async function classifyAndJudge(
  input: ProcessUploadInput,
  questions: OpenQuestion[],
  worker: OpenEndedWorker | undefined,
): Promise<{ classification?: ClassificationResult; sources?: Uint8Array[] }> {
  if (!questions.length) return {};
  const offline = worker ? await worker.finish() : input.scoring.classifyOpenEnded(questions);
  const judged = input.judge ? await input.judge(questions, offline) : undefined;
  return judged
    ? { classification: { ...offline, categories: judged.categories }, sources: judged.sources }
    : { classification: offline };
}

/**
 * Credits to charge: each record's credits (4..10 from the scoring core) unless its id was charged by
 * an earlier revision (record-ids.bin of `previous`). `hashes` are the record ids' hashes in row
 * order (ScoreInputs.idHashes). Returns the new records' credits in row order and the union of
 * charged ids this revision stores.
 */
export async function newRecordCredits(
  blobs: UploadBlobStore,
  datafileId: string,
  previousRevision: number | undefined,
  hashes: BigUint64Array,
  credits: Uint8Array,
) {
  let previous: BigUint64Array = new BigUint64Array(0);
  if (previousRevision !== undefined) {
    const manifest = await readManifest(blobs, datafileId, previousRevision);
    const bytes = await blobs.getBytes(revisionFileKey(manifest, datafileId, previousRevision, 'recordIds'));
    if (bytes) previous = fromBytes(bytes);
  }
  const known = containedIn(previous, hashes);
  const fresh = new Uint8Array(hashes.length);
  let n = 0;
  let total = 0;
  for (let i = 0; i < hashes.length; i++) {
    if (!known[i]) {
      fresh[n++] = credits[i]!;
      total += credits[i]!;
    }
  }
  return {
    interviewCredits: fresh.slice(0, n),
    creditsToCharge: total,
    newRecords: n,
    charged: union(previous, sortedUnique(hashes)),
  };
}

export interface ScoreCollectedOptions {
  onChunk?: (result: PipelineResult, start: number, ids: readonly string[]) => Promise<void> | void;
  weights?: CombinedWeights;
  /**
   * false skips the consistency score (its whole-sample fit and its per-row distances): the estimate
   * does, because a record's credits count the data points of durations, grids, open answers and
   * projective questions only (scoring's `credits`), never the consistency score's.
   */
  consistency?: boolean;
  /** false leaves the summary's sums and score statistics out (the estimate needs only the credits): `totals` then holds `totalCredits` alone. */
  totals?: boolean;
}

/**
 * Scores the collected inputs chunk by chunk (scoring's `scoreChunked`: whole-sample statistics
 * first, then one row range at a time; the same numbers as one `scoreAll` over the whole file).
 * `openCategories` come from the classifier, the judge or the estimate's presence codes. Each
 * chunk's scores go to `onChunk` with its first row and record ids; what stays is one byte of
 * credits per record and the summary's totals.
 */
export async function scoreCollected(
  scoring: UploadScoring,
  inputs: ScoreInputs,
  openCategories: readonly Int32Array[] | undefined,
  options: ScoreCollectedOptions = {},
): Promise<{ credits: Uint8Array; totals: ResultTotals }> {
  const { onChunk, weights, consistency } = options;
  const sums = options.totals !== false;
  const n = inputs.rows;
  const behaviour = inputs.behaviourCategories ?? [];
  const durations = [...inputs.durations].sort((a, b) => (a.role === 'TOTAL' ? -1 : 0) - (b.role === 'TOTAL' ? -1 : 0));
  const shape: ChunkedPipelineShape = {
    rows: n,
    ...(consistency === false ? { consistency: false } : {}),
    ...(weights ? { weights } : {}),
    ...(durations.length
      ? { durations: { columns: durations.length, totalIndex: durations[0]!.role === 'TOTAL' ? 0 : -1 } }
      : {}),
    grids: inputs.grids.map((g) => ({
      items: g.items.length,
      ...(g.dp.min !== undefined ? { min: g.dp.min } : {}),
      ...(g.dp.max !== undefined ? { max: g.dp.max } : {}),
      patterns: g.dp.randomised !== true,
    })),
    ...(openCategories ? { openQuestions: openCategories.length } : {}),
    ...(behaviour.length ? { behaviourQuestions: behaviour.length } : {}),
    projective: inputs.projective.map((p) => ({
      predictions: p.predictions.length,
      ...(p.dp.options !== undefined ? { options: p.dp.options } : {}),
      purpose: p.dp.algorithms.includes('SDS') ? ('social-desirability' as const) : ('information' as const),
    })),
  };
  // One read buffer per column, reused chunk after chunk and pass after pass: scoreChunked copies or
  // consumes a chunk before it asks for the next one.
  const buffers = new Map<ChunkedF64, Float64Array>();
  const read = (col: ChunkedF64, c: number) => {
    let buffer = buffers.get(col);
    if (!buffer && col.spill) buffers.set(col, (buffer = new Float64Array(CHUNK_ROWS)));
    return col.chunk(c, buffer);
  };
  function* chunks(): Generator<PipelineChunk> {
    for (let c = 0, start = 0; start < n; c++, start += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, n - start);
      yield {
        rows,
        ...(durations.length ? { durations: durations.map((d) => read(d.values, c)) } : {}),
        grids: inputs.grids.map((g) => g.items.map((it) => read(it, c))),
        ...(openCategories ? { openCategories: openCategories.map((cat) => cat.subarray(start, start + rows)) } : {}),
        ...(behaviour.length
          ? { behaviourCategories: behaviour.map((b) => b.categories.subarray(start, start + rows)) }
          : {}),
        projective: inputs.projective.map((p) => ({
          choice: read(p.vote, c),
          predictions: p.predictions.map((pr) => read(pr, c)),
        })),
      };
    }
  }
  const credits = new Uint8Array(n);
  const totals = new ResultTotals();
  const { totalCredits } = await scoring.scoreChunked(shape, chunks, async (result, start) => {
    credits.set(result.credits, start);
    if (sums) totals.add(result);
    if (onChunk) await onChunk(result, start, inputs.ids.chunk(start / CHUNK_ROWS));
  });
  totals.totalCredits = totalCredits;
  return { credits, totals };
}

/**
 * Processes one stored upload into a published revision and returns what the job needs (counts,
 * exact credits, charged record ids). Throws an AppError with a catalogue code on any refusal;
 * nothing of the revision is left behind then.
 */
export async function processUpload(input: ProcessUploadInput): Promise<ProcessedUpload> {
  const limits = withLimits(input.limits);
  // A check waiting for its estimate collects garbage only when memory is high (budget.ts).
  const budget = new Budget(limits, { quiet: input.onParsed !== undefined });
  const report = progressReporter(input.onProgress);
  const stamp: RevisionStamp = {
    datafileId: input.datafileId,
    revision: input.revision,
    scoringVersion: input.scoring.version,
  };
  const prefix = revisionPrefix(input.datafileId, input.revision) + folderOf(input);
  const blobs = input.blobs;
  report(0, 'parse');
  if (!input.dryRun) await blobs.deletePrefix(prefix);
  // The numeric score inputs and the record ids go to a temporary file while the parse runs and come
  // back one 64k-row chunk at a time for scoring: memory does not grow with the file.
  const spill = new SpillFile(input.tempDir);
  let scores: ScoresWriter | undefined;
  try {
    const table = await openUpload(blobs, input.source.key, input.source.format, input.options, limits);
    if (input.previous) {
      const issue = input.onParsed && structureIssue(input.previous.columns, table.header);
      if (issue) await input.onParsed!({ header: table.header, issues: [issue] });
      compareStructure(input.previous.columns, table.header);
    }
    const { inputs, rawFile, rawColumns, worker } = await parsePass(table, input, stamp, budget, report, spill);
    report(60, 'classify');
    const { classification, sources } = await classifyAndJudge(
      input,
      openQuestionsOf(inputs, { paradata: !worker }),
      worker,
    );
    classifyBehaviour(input.scoring, inputs);
    const coherence =
      input.coherence && !input.dryRun && inputs.open.length > 1
        ? await input.coherence(
            inputs.open.map((o) => ({ column: o.dp.column, title: o.dp.questionTitle, answers: o.answers })),
            inputs.rows,
          )
        : undefined;
    // The answers' texts are not needed past the classifier and the behaviour categories.
    for (const q of inputs.open) q.answers = [];
    budget.check();
    report(75, 'score');
    if (!input.dryRun)
      scores = new ScoresWriter(blobs, prefix + SCORES_FILE, stamp, inputs, classification, sources, coherence);
    const writer = scores;
    const { credits, totals } = await scoreCollected(input.scoring, inputs, classification?.categories, {
      onChunk: async (result, start, ids) => {
        if (writer) await writer.write(result, start, ids);
        budget.check();
        report(75 + (20 * (start + result.credits.length)) / inputs.rows, 'score');
      },
      ...(input.weights ? { weights: input.weights } : {}),
    });
    // Credits: every record's credits (4..10) from the scoring core; a re-upload charges only ids
    // not charged by an earlier revision.
    const { interviewCredits, creditsToCharge, newRecords, charged } = await newRecordCredits(
      blobs,
      input.datafileId,
      input.previous?.revision,
      inputs.idHashes,
      credits,
    );
    const summary = summarise({
      header: table.header,
      mapping: input.mapping,
      inputs,
      totals,
      stamp,
      creditsToCharge,
      newRecords,
      recordIdsDigest: await digestOf(charged),
      chargedRecordIds: charged.length,
    });
    if (input.dryRun || !writer) {
      report(100, 'done');
      return { ...summary, interviewCredits };
    }
    report(95, 'write');
    const scoresFile = await writer.close();
    scores = undefined;
    const idsBytes = toBytes(charged);
    await blobs.put(prefix + RECORD_IDS_FILE, idsBytes, { contentType: 'application/octet-stream' });
    report(97, 'publish');
    const manifest: RevisionManifest = {
      layoutVersion: LAYOUT_VERSION,
      datafileId: input.datafileId,
      revision: input.revision,
      scoringVersion: input.scoring.version,
      rows: inputs.rows,
      createdAt: (input.now?.() ?? new Date()).toISOString(),
      ...(coherence ? { coherence: coherence.counts } : {}),
      ...(input.weights ? { weights: { ...DEFAULT_WEIGHTS, ...input.weights } } : {}),
      files: {
        raw: { key: prefix + RAW_FILE, size: rawFile.size, columns: rawColumns },
        scores: { key: prefix + SCORES_FILE, size: scoresFile.size, columns: scoresFile.columns },
        recordIds: { key: prefix + RECORD_IDS_FILE, size: idsBytes.length },
      },
    };
    // Published (or, in a folder, prepared): the manifest is the last object written.
    await blobs.put(prefix + MANIFEST_FILE, new TextEncoder().encode(JSON.stringify(manifest)), {
      contentType: 'application/json',
    });
    report(100, 'done');
    return { ...summary, files: manifest.files, interviewCredits };
  } catch (error) {
    scores?.abort();
    if (!input.dryRun) await blobs.deletePrefix(prefix).catch(() => undefined);
    throw error;
  } finally {
    spill.close();
  }
}

export type { UploadSummary, TableHeader };
export { totalDataPoints };
