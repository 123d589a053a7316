// What the upload job stores on the datafile after processing (spec section 3: datafile metadata and
// record summary) and charges (the exact credits of the new records).
import type { PipelineResult } from '../../../../scoring/index';
import { scoreStatsOf, type ScoreStat } from '../../datafiles/score-stats';
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
  source: { format: string; sheet?: string; headerRow: number; firstDataRow: number; delimiter?: string; encoding?: string; qualtrics?: boolean };
  files?: RevisionManifest['files'];
}

const anyValue = (a: Float64Array) => {
  for (let i = 0; i < a.length; i++) if (a[i] === a[i]) return true;
  return false;
};

export function summarise(s: {
  header: TableHeader; mapping: ColumnMapping; inputs: ScoreInputs; result: PipelineResult; stamp: RevisionStamp;
  creditsToCharge: number; newRecords: number; recordIdsDigest: string; chargedRecordIds: number;
}): UploadSummary {
  const { result, inputs } = s;
  const n = inputs.rows;
  let valid = 0;
  let sum = 0;
  let dp = 0;
  for (let i = 0; i < n; i++) {
    const c = result.combined[i]!;
    if (c === c) {
      valid++;
      sum += c;
    }
    dp += result.tsDataPoints[i]! + result.ibsDataPoints[i]! + result.oesDataPoints[i]! + result.projectiveDataPoints[i]!;
  }
  const kinds: [string, Float64Array][] = [['TS', result.ts], ['IBS', result.ibs], ['OES', result.oes], ['PS', result.ps], ['CS', result.cs], ['IS', result.is], ['SDS', result.sds]];
  const qualityScores = kinds.filter(([, a]) => anyValue(a)).map(([k]) => k);
  const h = s.header;
  return {
    datafileId: s.stamp.datafileId, revision: s.stamp.revision, scoringVersion: s.stamp.scoringVersion,
    numberOfRecords: n, numberOfValidRecords: valid, numberOfInvalidRecords: n - valid,
    numberOfDatapoints: inputs.durations.length + inputs.grids.length + inputs.open.length + inputs.projective.length,
    numberOfProjectiveQuestions: inputs.projective.length,
    qualityScores, numberOfQualityScores: qualityScores.length, dataPointsTotal: dp,
    credits: { total: result.totalCredits, toCharge: s.creditsToCharge, newRecords: s.newRecords, alreadyCharged: n - s.newRecords },
    chargedRecordIds: { count: s.chargedRecordIds, digest: s.recordIdsDigest },
    recordSummary: {
      totalNumberOfDataRecords: n, numberOfDataRecordsWithValidScore: valid, numberOfDataRecordsWithInvalidScore: n - valid,
      // Nothing is cleaned at upload: cleaning decides exclusions later.
      numberOfExcludedDataRecords: 0, numberOfIncludedDataRecords: n,
    },
    meanCombinedScore: valid ? sum / valid : null,
    scoreStats: scoreStatsOf(result),
    columns: h.columns.map((c) => c.name).filter((c) => c !== ''),
    source: {
      format: h.format, headerRow: h.headerRow, firstDataRow: h.firstDataRow,
      ...(h.sheet !== undefined ? { sheet: h.sheet } : {}), ...(h.delimiter ? { delimiter: h.delimiter } : {}),
      ...(h.encoding ? { encoding: h.encoding } : {}), ...(h.qualtrics ? { qualtrics: true } : {}),
    },
  };
}
