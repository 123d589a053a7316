// Writers of raw.arrow (row batches as they are parsed) and scores.arrow (the scoreAll result in
// 64k-row batches).
import { Float64, Int32, Int8, Schema, Utf8, type Data } from 'apache-arrow';
import { CATEGORY_NAMES, type ClassificationResult, type PipelineResult } from '../../../../scoring/index';
import type { UploadBlobStore } from '../blob';
import { numericValue, type ScoreInputs } from '../validate/collector';
import type { RowBatch } from '../types';
import { ArrowBlobFile, field, float64Data, int32Data, int8Data, utf8Data } from './arrow-io';
import { FIELD_META, GRID_LABEL_CATEGORIES, LAYOUT_VERSION, META, SCORE_COLUMNS, type RawPlan, type RevisionStamp } from './layout';

export class RawWriter {
  readonly #file: ArrowBlobFile;
  rows = 0;
  constructor(blobs: UploadBlobStore, key: string, schema: Schema, readonly plan: RawPlan) {
    this.#file = new ArrowBlobFile(blobs, key, schema);
  }

  async write(batch: RowBatch): Promise<void> {
    const n = batch.rows.length;
    const children: Data[] = [int32Data(Int32Array.from(batch.rowNumbers))];
    for (const { index, numeric } of this.plan) {
      if (numeric) {
        const v = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          const c = batch.rows[i]![index] ?? null;
          v[i] = typeof c === 'number' ? c : c === null ? Number.NaN : numericValue(c) ?? Number.NaN;
        }
        children.push(float64Data(v));
      } else {
        const v: (string | null)[] = new Array(n);
        for (let i = 0; i < n; i++) {
          const c = batch.rows[i]![index] ?? null;
          v[i] = c === null || (typeof c === 'number' && Number.isNaN(c)) ? null : typeof c === 'number' ? String(c) : c;
        }
        children.push(utf8Data(v));
      }
    }
    this.rows += n;
    await this.#file.write(children, n);
  }

  close(): Promise<{ size: number }> {
    return this.#file.close();
  }

  abort(): void {
    this.#file.abort();
  }
}

const BATCH = 65536;

/** Total data points per interview (every score's measurements), the quantity credits are charged on. */
export function totalDataPoints(r: PipelineResult): Float64Array {
  const n = r.credits.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = r.tsDataPoints[i]! + r.ibsDataPoints[i]! + r.oesDataPoints[i]! + r.projectiveDataPoints[i]!;
  return out;
}

/** Writes scores.arrow from one scoreAll result (and the open-ended classification behind it). */
export async function writeScores(
  blobs: UploadBlobStore, key: string, stamp: RevisionStamp, inputs: ScoreInputs, result: PipelineResult, classification: ClassificationResult | undefined,
  /** Per question and record: 1 where the category came from the AI judge, 0 from the offline rules (absent: all offline). */
  sources?: readonly Uint8Array[],
): Promise<{ size: number; columns: string[] }> {
  const C = SCORE_COLUMNS;
  const cats = JSON.stringify(CATEGORY_NAMES);
  const f = (name: string, label: string, extra: Record<string, string> = {}) => field(name, new Float64(), { [FIELD_META.label]: label, ...extra });
  const cols: { field: ReturnType<typeof field>; slice: (a: number, b: number) => Data }[] = [];
  const num = (name: string, label: string, values: Float64Array) => cols.push({ field: f(name, label), slice: (a, b) => float64Data(values.subarray(a, b)) });
  cols.push({ field: field(C.recordId, new Utf8(), { [FIELD_META.label]: 'Record ID' }), slice: (a, b) => utf8Data(inputs.ids.slice(a, b)) });
  num(C.ts, 'Time-Score', result.ts);
  num(C.tsDataPoints, 'Time-Score data points', result.tsDataPoints);
  num(C.extremelySlow, 'Extremely slow (1 = over 10x the median)', result.extremelySlow);
  inputs.grids.forEach((g, gi) => {
    const names = C.grid(g.dp.id);
    num(names.score, `Grid score: ${g.dp.title ?? g.dp.id}`, result.grids[gi]!.scores);
    const labels = result.grids[gi]!.labels;
    cols.push({
      field: field(names.label, new Int8(), { [FIELD_META.label]: `Grid label: ${g.dp.title ?? g.dp.id}`, [FIELD_META.categories]: GRID_LABEL_CATEGORIES, [FIELD_META.dataPoint]: g.dp.id }),
      slice: (a, b) => int8Data(new Int8Array(labels.buffer, labels.byteOffset + a, b - a).slice()),
    });
  });
  num(C.ibs, 'Item battery score (IBS)', result.ibs);
  num(C.ibsDataPoints, 'IBS data points', result.ibsDataPoints);
  // The consistency score (issue 17), for files with item batteries: the cleaning rule 'con' (worksheet
  // and server) reads it, the result page shows its tab.
  if (inputs.grids.length > 0) {
    num(C.con, 'Consistency score (CON)', result.consistency);
    num(C.conDataPoints, 'CON data points', result.consistencyDataPoints);
  }
  inputs.open.forEach((o, q) => {
    const names = C.open(o.dp.column);
    const category = classification!.categories[q]!;
    const cluster = classification!.clusters[q]!;
    cols.push({
      field: field(names.category, new Int32(), { [FIELD_META.label]: `Open-ended category: ${o.dp.questionTitle}`, [FIELD_META.categories]: cats, [FIELD_META.dataPoint]: o.dp.column }),
      slice: (a, b) => int32Data(category.slice(a, b), (v) => v === 0),
    });
    cols.push({
      field: field(names.duplicateOf, new Int32(), { [FIELD_META.label]: 'Row index (0-based) of the earliest answer this one duplicates' }),
      slice: (a, b) => int32Data(cluster.slice(a, b), (v) => v < 0),
    });
    // Which verdicts the AI judge gave (1) and which the offline rules (0); null where nothing was scored.
    const source = sources?.[q];
    cols.push({
      field: field(names.source, new Int8(), { [FIELD_META.label]: 'Category source (0 = offline rules, 1 = AI judge)', [FIELD_META.categories]: JSON.stringify({ 0: 'Offline rules', 1: 'AI judge' }) }),
      slice: (a, b) => int8Data(Int8Array.from({ length: b - a }, (_, k) => (source ? source[a + k]! : 0)), (_v, k) => category[a + k] === 0),
    });
  });
  num(C.oes, 'Open-Ended-Score (OES)', result.oes);
  num(C.oesDataPoints, 'OES data points', result.oesDataPoints);
  num(C.badAnswers, 'Answers in categories 6, 7, 10, 11, 12, 13', result.badAnswers);
  num(C.ps, 'Prediction-Score (PS)', result.ps);
  num(C.cs, 'Certainty-Score (CS)', result.cs);
  num(C.is, 'Information-Score (IS)', result.is);
  num(C.sds, 'Social-Desirability-Score (SDS)', result.sds);
  num(C.projectiveDataPoints, 'Projective questions scored', result.projectiveDataPoints);
  num(C.combined, 'Combined score', result.combined);
  num(C.nSubscores, 'Subscores in the combined score', result.nSubscores);
  num(C.dataPoints, 'Data points (all scores)', totalDataPoints(result));
  num(C.credits, 'Credits (4..10)', result.credits);
  const meta = new Map<string, string>([
    [META.layout, LAYOUT_VERSION], [META.content, 'scores'], [META.scoringVersion, stamp.scoringVersion],
    [META.datafileId, stamp.datafileId], [META.revision, String(stamp.revision)], [META.rows, String(inputs.rows)],
  ]);
  const schema = new Schema(cols.map((c) => c.field), meta);
  const file = new ArrowBlobFile(blobs, key, schema);
  try {
    const n = inputs.rows;
    for (let a = 0; a < n || (n === 0 && a === 0); a += BATCH) {
      const b = Math.min(n, a + BATCH);
      await file.write(cols.map((c) => c.slice(a, b)), b - a);
      if (n === 0) break;
    }
    const { size } = await file.close();
    return { size, columns: cols.map((c) => c.field.name) };
  } catch (error) {
    file.abort();
    throw error;
  }
}
