// What the upload job stores on the datafile after processing (its metadata and
// record summary) and charges (the exact credits of the new records).
import type { PipelineResult } from '../../../scoring/index';
import { ScoreStatsAccumulator, type ScoreStat } from './score-stats';
import type { RevisionManifest } from '../columnar/reader';
import type { RevisionStamp } from '../columnar/layout';
import type { ColumnMapping, TableHeader } from '../types';
import type { ScoreInputs } from '../validate/collector';

export interface UploadSummary {
  datafileId: string;
  revision: number;
  scoringVersion: string;
  numberOfRecords: number;
  /** Records with a combined score / without one (nothing scorable). */
  numberOfValidRecords: number;
  numberOfInvalidRecords: number;
  /** Scored data points defined by the mapping: duration metrics, grids, open questions, projective questions. */
  numberOfDatapoints: number;
  numberOfProjectiveQuestions: number;
  /** Score kinds with at least one value: TS, IBS, OES, PS, CS, IS, SDS. */
  qualityScores: string[];
  numberOfQualityScores: number;
  /** Measurements behind all scores of all records (sum of data points). */
  dataPointsTotal: number;
  credits: {
    /** Sum of credits (4..10 each) over every record of the file. */
    total: number;
    /** What to charge now: records not charged by an earlier revision. */
    toCharge: number;
    newRecords: number;
    alreadyCharged: number;
  };
  /** Sorted 64-bit hashes of every charged record id (record-ids.bin): count and SHA-256. */
  chargedRecordIds: { count: number; digest: string };
  recordSummary: {
    totalNumberOfDataRecords: number;
    numberOfDataRecordsWithValidScore: number;
    numberOfDataRecordsWithInvalidScore: number;
    numberOfExcludedDataRecords: number;
    numberOfIncludedDataRecords: number;
  };
  /** Mean combined score over the records that have one (null when none). */
  meanCombinedScore: number | null;
  /** Per score kind: interviews scored, sum, benchmark band counts (the dashboard's figures, kept in datafile_score_stats). */
  scoreStats: ScoreStat[];
  /** Header names, in file order: the structure a re-upload must match. */
  columns: string[];
  source: {
    format: string;
    sheet?: string;
    headerRow: number;
    firstDataRow: number;
    delimiter?: string;
    encoding?: string;
    qualtrics?: boolean;
  };
  files?: RevisionManifest['files'];
}

const KINDS = [
  ['TS', 'ts'],
  ['IBS', 'ibs'],
  ['OES', 'oes'],
  ['PS', 'ps'],
  ['CS', 'cs'],
  ['IS', 'is'],
  ['SDS', 'sds'],
] as const;

/** What the summary needs of the scores, added up row range by row range as the chunks are scored. */
export class ResultTotals {
  valid = 0;
  combinedSum = 0;
  dataPoints = 0;
  /** The file's credits, as scoreChunked adds them up. */
  totalCredits = 0;
  readonly #kinds = new Set<string>();
  readonly stats = new ScoreStatsAccumulator();

  add(r: PipelineResult): void {
    const n = r.combined.length;
    for (let i = 0; i < n; i++) {
      const c = r.combined[i]!;
      if (c === c) {
        this.valid++;
        this.combinedSum += c;
      }
      this.dataPoints += r.tsDataPoints[i]! + r.ibsDataPoints[i]! + r.oesDataPoints[i]! + r.projectiveDataPoints[i]!;
    }
    for (const [kind, column] of KINDS) {
      if (this.#kinds.has(kind)) continue;
      const a = r[column];
      for (let i = 0; i < a.length; i++) {
        if (a[i] === a[i]) {
          this.#kinds.add(kind);
          break;
        }
      }
    }
    this.stats.add(r);
  }

  /** Score kinds with at least one value, in the order TS, IBS, OES, PS, CS, IS, SDS. */
  qualityScores(): string[] {
    return KINDS.map(([k]) => k).filter((k) => this.#kinds.has(k));
  }
}

export function summarise(s: {
  header: TableHeader;
  mapping: ColumnMapping;
  inputs: ScoreInputs;
  totals: ResultTotals;
  stamp: RevisionStamp;
  creditsToCharge: number;
  newRecords: number;
  recordIdsDigest: string;
  chargedRecordIds: number;
}): UploadSummary {
  const { totals, inputs } = s;
  const n = inputs.rows;
  const valid = totals.valid;
  const qualityScores = totals.qualityScores();
  const h = s.header;
  return {
    datafileId: s.stamp.datafileId,
    revision: s.stamp.revision,
    scoringVersion: s.stamp.scoringVersion,
    numberOfRecords: n,
    numberOfValidRecords: valid,
    numberOfInvalidRecords: n - valid,
    numberOfDatapoints: inputs.durations.length + inputs.grids.length + inputs.open.length + inputs.projective.length,
    numberOfProjectiveQuestions: inputs.projective.length,
    qualityScores,
    numberOfQualityScores: qualityScores.length,
    dataPointsTotal: totals.dataPoints,
    credits: {
      total: totals.totalCredits,
      toCharge: s.creditsToCharge,
      newRecords: s.newRecords,
      alreadyCharged: n - s.newRecords,
    },
    chargedRecordIds: { count: s.chargedRecordIds, digest: s.recordIdsDigest },
    recordSummary: {
      totalNumberOfDataRecords: n,
      numberOfDataRecordsWithValidScore: valid,
      numberOfDataRecordsWithInvalidScore: n - valid,
      // Nothing is cleaned at upload: cleaning decides exclusions later.
      numberOfExcludedDataRecords: 0,
      numberOfIncludedDataRecords: n,
    },
    meanCombinedScore: valid ? totals.combinedSum / valid : null,
    scoreStats: totals.stats.stats(),
    columns: h.columns.map((c) => c.name).filter((c) => c !== ''),
    source: {
      format: h.format,
      headerRow: h.headerRow,
      firstDataRow: h.firstDataRow,
      ...(h.sheet !== undefined ? { sheet: h.sheet } : {}),
      ...(h.delimiter ? { delimiter: h.delimiter } : {}),
      ...(h.encoding ? { encoding: h.encoding } : {}),
      ...(h.qualtrics ? { qualtrics: true } : {}),
    },
  };
}
