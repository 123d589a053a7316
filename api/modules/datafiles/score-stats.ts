// What the dashboard keeps of a revision's scores (db/schema/datafile-score-stats.ts), computed in the
// upload job's Worker from the pipeline's score columns. Pure: no database, so it runs off the main thread.
import { roundScore } from '../../../scoring/bands';
import type { PipelineResult } from '../../../scoring/index';
import type { ScoreStatKind } from '../../../db/schema/datafile-score-stats';

/** One score kind of one revision: interviews with the score, their sum, and the count per benchmark band. */
export type ScoreStat = { kind: ScoreStatKind; count: number; sum: number; bands: [number, number, number, number] };

/** Benchmark band of a score (spec section 9) on its rounded integer, as the traffic light (scoring.md section 2): 0..3. */
export function benchmarkBand(score: number): 0 | 1 | 2 | 3 | null {
  const v = roundScore(score);
  if (v === null) return null;
  return v >= 80 ? 3 : v >= 60 ? 2 : v >= 40 ? 1 : 0;
}

function statOf(kind: ScoreStatKind, scores: Float64Array): ScoreStat {
  const bands: [number, number, number, number] = [0, 0, 0, 0];
  let count = 0;
  let sum = 0;
  for (let i = 0; i < scores.length; i++) {
    const band = benchmarkBand(scores[i]!);
    if (band === null) continue;
    count++;
    sum += scores[i]!;
    bands[band]++;
  }
  return { kind, count, sum, bands };
}

/** The stats of every kind that has at least one value (a kind nobody has gets no row: its average is null, not 0). */
export function scoreStatsOf(result: Pick<PipelineResult, 'combined' | 'ts' | 'ibs' | 'oes' | 'ps' | 'cs' | 'is' | 'sds' | 'consistency'>): ScoreStat[] {
  const columns: [ScoreStatKind, Float64Array][] = [
    ['COMBINED', result.combined], ['TS', result.ts], ['IBS', result.ibs], ['OES', result.oes], ['PS', result.ps],
    ['CS', result.cs], ['IS', result.is], ['SDS', result.sds], ['CON', result.consistency],
  ];
  return columns.map(([kind, scores]) => statOf(kind, scores)).filter((s) => s.count > 0);
}
