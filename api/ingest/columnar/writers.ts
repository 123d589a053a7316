// Writers of raw.arrow (row batches as they are parsed) and scores.arrow (one record batch per
// scored chunk of rows).
import { Float64, Int32, Int8, Schema, Utf8, type Data } from 'apache-arrow';
import { CATEGORY_NAMES, EFFORT_NAMES, type ClassificationResult, type PipelineResult } from '../../../scoring/index';
import type { UploadBlobStore } from '../blob';
import { numericValue, type ScoreInputs } from '../validate/collector';
import type { RowBatch } from '../types';
import { ArrowBlobFile, field, float64Data, int32Data, int8Data, utf8Data } from './arrow-io';
import {
  BEHAVIOUR_CATEGORY_NAMES,
  FIELD_META,
  GRID_LABEL_CATEGORIES,
  LAYOUT_VERSION,
  META,
  SCORE_COLUMNS,
  type RawPlan,
  type RevisionStamp,
} from './layout';

/** Bytes of encoded raw columns the check that prepares holds back at most before it writes anyway. */
export const RAW_HOLD_BYTES = 128 * 1024 * 1024;

/**
 * Writes raw.arrow one record batch per parsed batch of rows, each column encoded once into one
 * buffer. With `hold` (bytes), the encoded batches wait in memory until `release()` or `close()`,
 * or until they would pass `hold`, then everything is written as without: the check that prepares
 * a revision holds them (up to RAW_HOLD_BYTES) until its estimate is out, since the Arrow writer
 * and the store's writes took a third of the parse thread's time before it.
 */
export class RawWriter {
  readonly #file: ArrowBlobFile;
  #held: { children: Data[]; rows: number }[] = [];
  #heldBytes = 0;
  #hold: number;
  rows = 0;
  constructor(
    blobs: UploadBlobStore,
    key: string,
    schema: Schema,
    readonly plan: RawPlan,
    options: { hold?: number } = {},
  ) {
    this.#file = new ArrowBlobFile(blobs, key, schema);
    this.#hold = options.hold ?? 0;
  }

  async write(batch: RowBatch): Promise<void> {
    const n = batch.rows.length;
    const children: Data[] = [int32Data(Int32Array.from(batch.rowNumbers))];
    for (const { index, numeric } of this.plan) {
      if (numeric) {
        const v = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          const c = batch.rows[i]![index] ?? null;
          v[i] = typeof c === 'number' ? c : c === null ? Number.NaN : (numericValue(c) ?? Number.NaN);
        }
        children.push(float64Data(v));
      } else {
        const v: (string | null)[] = new Array(n);
        for (let i = 0; i < n; i++) {
          const c = batch.rows[i]![index] ?? null;
          v[i] =
            c === null || (typeof c === 'number' && Number.isNaN(c)) ? null : typeof c === 'number' ? String(c) : c;
        }
        children.push(utf8Data(v));
      }
    }
    this.rows += n;
    const bytes = children.reduce((sum, c) => sum + c.byteLength, 0);
    if (this.#heldBytes + bytes <= this.#hold) {
      this.#held.push({ children, rows: n });
      this.#heldBytes += bytes;
      return;
    }
    await this.release();
    await this.#file.write(children, n);
  }

  /** Writes what was held back, and every later batch as it comes. */
  async release(): Promise<void> {
    this.#hold = 0;
    const held = this.#held;
    this.#held = [];
    this.#heldBytes = 0;
    for (const { children, rows } of held) await this.#file.write(children, rows);
  }

  /** Bytes of encoded batches waiting to be written. */
  get heldBytes(): number {
    return this.#heldBytes;
  }

  async close(): Promise<{ size: number }> {
    await this.release();
    return this.#file.close();
  }

  abort(): void {
    this.#held = [];
    this.#heldBytes = 0;
    this.#file.abort();
  }
}

/** Total data points per interview (every score's measurements), the quantity credits are charged on. */
export function totalDataPoints(r: PipelineResult): Float64Array {
  const n = r.credits.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++)
    out[i] = r.tsDataPoints[i]! + r.ibsDataPoints[i]! + r.oesDataPoints[i]! + r.projectiveDataPoints[i]!;
  return out;
}

/** One row range of scores: the pipeline's result for rows [start, start + n) and their record ids. */
interface ScoredRange {
  result: PipelineResult;
  start: number;
  ids: readonly string[];
}

/** Per row: the coherence score (NaN = none: not read or failed) and the contradictions as JSON (null = none); with the counts. */
export type CoherenceColumns = {
  scores: Float64Array;
  /** Open answers the judge read per row (NaN where it gave no score). */
  dataPoints: Float64Array;
  contradictions: (string | null)[];
  counts: CoherenceCounts;
};
/** Interviews read, scored, and failed (time limit, HTTP error, malformed reply, refusal). */
export type CoherenceCounts = { asked: number; judged: number; failed: number };

type ScoreColumn = { field: ReturnType<typeof field>; data: (r: ScoredRange) => Data };

/**
 * Writes scores.arrow one row range at a time (a record batch each), as the chunks are scored: the
 * file never needs the whole result in memory. `inputs` gives the shape (grids, open questions, rows).
 */
export class ScoresWriter {
  readonly #cols: ScoreColumn[];
  readonly #file: ArrowBlobFile;

  constructor(
    blobs: UploadBlobStore,
    key: string,
    stamp: RevisionStamp,
    inputs: Pick<ScoreInputs, 'rows' | 'grids' | 'open' | 'behaviourCategories'>,
    classification: ClassificationResult | undefined,
    /** Per question and record: 1 where the category came from the AI judge, 0 from the offline rules (absent: all offline). */
    sources?: readonly Uint8Array[],
    /** The coherence judge's columns, when it ran (the cleaning rule 'coh' reads the score). */
    coherence?: CoherenceColumns,
  ) {
    const C = SCORE_COLUMNS;
    const cats = JSON.stringify(CATEGORY_NAMES);
    const cols: ScoreColumn[] = [];
    const num = (name: string, label: string, values: (r: PipelineResult) => Float64Array) =>
      cols.push({
        field: field(name, new Float64(), { [FIELD_META.label]: label }),
        data: (r) => float64Data(values(r.result)),
      });
    const rows = (r: ScoredRange) => ({ a: r.start, b: r.start + r.result.credits.length });
    cols.push({
      field: field(C.recordId, new Utf8(), { [FIELD_META.label]: 'Record ID' }),
      data: (r) => utf8Data(r.ids),
    });
    num(C.ts, 'Time-Score', (r) => r.ts);
    num(C.tsDataPoints, 'Time-Score data points', (r) => r.tsDataPoints);
    num(C.extremelySlow, 'Extremely slow (1 = over 10x the median)', (r) => r.extremelySlow);
    inputs.grids.forEach((g, gi) => {
      const names = C.grid(g.dp.id);
      num(names.score, `Grid score: ${g.dp.title ?? g.dp.id}`, (r) => r.grids[gi]!.scores);
      cols.push({
        field: field(names.label, new Int8(), {
          [FIELD_META.label]: `Grid label: ${g.dp.title ?? g.dp.id}`,
          [FIELD_META.categories]: GRID_LABEL_CATEGORIES,
          [FIELD_META.dataPoint]: g.dp.id,
        }),
        data: (r) => {
          const labels = r.result.grids[gi]!.labels;
          return int8Data(new Int8Array(labels.buffer, labels.byteOffset, labels.length).slice());
        },
      });
    });
    num(C.ibs, 'Item battery score (IBS)', (r) => r.ibs);
    num(C.ibsDataPoints, 'IBS data points', (r) => r.ibsDataPoints);
    // The consistency score, for files with item batteries: the cleaning rule 'con' (worksheet
    // and server) reads it, the result page shows its tab.
    if (inputs.grids.length > 0) {
      num(C.con, 'Consistency score (CON)', (r) => r.consistency);
      num(C.conDataPoints, 'CON data points', (r) => r.consistencyDataPoints);
    }
    inputs.open.forEach((o, q) => {
      const names = C.open(o.dp.column);
      const category = classification!.categories[q]!;
      const cluster = classification!.clusters[q]!;
      cols.push({
        field: field(names.category, new Int32(), {
          [FIELD_META.label]: `Open-ended category: ${o.dp.questionTitle}`,
          [FIELD_META.categories]: cats,
          [FIELD_META.dataPoint]: o.dp.column,
        }),
        data: (r) => {
          const { a, b } = rows(r);
          return int32Data(category.slice(a, b), (v) => v === 0);
        },
      });
      cols.push({
        field: field(names.duplicateOf, new Int32(), {
          [FIELD_META.label]: 'Row index (0-based) of the earliest answer this one duplicates',
        }),
        data: (r) => {
          const { a, b } = rows(r);
          return int32Data(cluster.slice(a, b), (v) => v < 0);
        },
      });
      // Which verdicts the AI judge gave (1) and which the offline rules (0); null where nothing was scored.
      const source = sources?.[q];
      cols.push({
        field: field(names.source, new Int8(), {
          [FIELD_META.label]: 'Category source (0 = offline rules, 1 = AI judge)',
          [FIELD_META.categories]: JSON.stringify({ 0: 'Offline rules', 1: 'AI judge' }),
        }),
        data: (r) => {
          const { a, b } = rows(r);
          return int8Data(
            Int8Array.from({ length: b - a }, (_, k) => (source ? source[a + k]! : 0)),
            (_v, k) => category[a + k] === 0,
          );
        },
      });
      // Effort and the AI suspect reasons (scoring/text-ai.ts); null where nothing was scored.
      const effort = classification!.effort[q]!;
      cols.push({
        field: field(names.effort, new Int8(), {
          [FIELD_META.label]: `Effort: ${o.dp.questionTitle}`,
          [FIELD_META.categories]: JSON.stringify(EFFORT_NAMES),
          [FIELD_META.dataPoint]: o.dp.column,
        }),
        data: (r) => {
          const { a, b } = rows(r);
          return int8Data(effort.slice(a, b), (v) => v === 0);
        },
      });
      const reasons = classification!.aiReasons[q]!;
      cols.push({
        field: field(names.aiReasons, new Int8(), {
          [FIELD_META.label]: 'AI suspect reasons (bits: 1 pasted or filled, 2 typed too fast, 4 paraphrase group)',
        }),
        data: (r) => {
          const { a, b } = rows(r);
          return int8Data(Int8Array.from(reasons.subarray(a, b)), (_v, k) => category[a + k] === 0);
        },
      });
    });
    num(C.oes, 'Open-Ended-Score (OES)', (r) => r.oes);
    num(C.oesDataPoints, 'OES data points', (r) => r.oesDataPoints);
    num(C.badAnswers, 'Answers in categories 6, 7, 10, 11, 12, 13, 14', (r) => r.badAnswers);
    // The behaviour score, for files with paradata columns: a category per answer, BAS per interview
    // (null where an interview has no paradata); the cleaning rule 'bas' reads it.
    const behaviour = inputs.behaviourCategories ?? [];
    behaviour.forEach((b) => {
      const title = inputs.open.find((o) => o.dp.column === b.question)?.dp.questionTitle ?? b.question;
      cols.push({
        field: field(C.behaviour(b.question), new Int8(), {
          [FIELD_META.label]: `Behaviour category: ${title}`,
          [FIELD_META.categories]: BEHAVIOUR_CATEGORY_NAMES,
          [FIELD_META.dataPoint]: b.question,
        }),
        data: (r) => {
          const { a, b: end } = rows(r);
          return int8Data(Int8Array.from(b.categories.subarray(a, end)), (v) => v === 0);
        },
      });
    });
    if (behaviour.length) {
      num(C.bas, 'Behaviour score (BAS)', (r) => r.bas);
      num(C.basDataPoints, 'BAS data points', (r) => r.basDataPoints);
    }
    if (coherence) {
      cols.push({
        field: field(C.coh, new Float64(), { [FIELD_META.label]: 'Coherence score (COH)' }),
        data: (r) => float64Data(coherence.scores.slice(rows(r).a, rows(r).b)),
      });
      cols.push({
        field: field(C.cohDataPoints, new Float64(), { [FIELD_META.label]: 'COH data points (open answers read)' }),
        data: (r) => float64Data(coherence.dataPoints.slice(rows(r).a, rows(r).b)),
      });
      cols.push({
        field: field(C.cohContradictions, new Utf8(), {
          [FIELD_META.label]: 'Contradictions (JSON: questions and explanation)',
        }),
        data: (r) => utf8Data(coherence.contradictions.slice(rows(r).a, rows(r).b)),
      });
    }
    num(C.ps, 'Prediction-Score (PS)', (r) => r.ps);
    num(C.cs, 'Certainty-Score (CS)', (r) => r.cs);
    num(C.is, 'Information-Score (IS)', (r) => r.is);
    num(C.sds, 'Social-Desirability-Score (SDS)', (r) => r.sds);
    num(C.projectiveDataPoints, 'Projective questions scored', (r) => r.projectiveDataPoints);
    num(C.combined, 'Combined score', (r) => r.combined);
    num(C.nSubscores, 'Subscores in the combined score', (r) => r.nSubscores);
    num(C.dataPoints, 'Data points (all scores)', totalDataPoints);
    num(C.credits, 'Credits (4..10)', (r) => r.credits);
    const meta = new Map<string, string>([
      [META.layout, LAYOUT_VERSION],
      [META.content, 'scores'],
      [META.scoringVersion, stamp.scoringVersion],
      [META.datafileId, stamp.datafileId],
      [META.revision, String(stamp.revision)],
      [META.rows, String(inputs.rows)],
    ]);
    this.#cols = cols;
    this.#file = new ArrowBlobFile(
      blobs,
      key,
      new Schema(
        cols.map((c) => c.field),
        meta,
      ),
    );
  }

  get columns(): string[] {
    return this.#cols.map((c) => c.field.name);
  }

  /** The scores of rows [start, start + result rows), in order; `ids` are their record ids. */
  write(result: PipelineResult, start: number, ids: readonly string[]): Promise<void> {
    const range = { result, start, ids };
    return this.#file.write(
      this.#cols.map((c) => c.data(range)),
      result.credits.length,
    );
  }

  async close(): Promise<{ size: number; columns: string[] }> {
    const { size } = await this.#file.close();
    return { size, columns: this.columns };
  }

  abort(): void {
    this.#file.abort();
  }
}
