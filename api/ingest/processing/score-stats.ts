// What the dashboard keeps of a revision's scores (db/schema/datafile-score-stats.ts), computed in the
// upload job's Worker from the pipeline's score columns. Pure: no database, so it runs off the main thread.
import { roundScore } from '../../../scoring/bands';
import type { PipelineResult } from '../../../scoring/index';
import type { ScoreStatKind } from '../../../db/schema/datafile-score-stats';

/** One score kind of one revision: interviews with the score, their sum, and the count per benchmark band. */
export type ScoreStat = { kind: ScoreStatKind; count: number; sum: number; bands: [number, number, number, number] };

/** Benchmark band of a score on its rounded integer, as the traffic light draws it: 0 (0-39), 1 (40-59), 2 (60-79), 3 (80-100). */
export function benchmarkBand(score: number): 0 | 1 | 2 | 3 | null {
  const v = roundScore(score);
  if (v === null) return null;
  return v >= 80 ? 3 : v >= 60 ? 2 : v >= 40 ? 1 : 0;
}

type StatColumns = Pick<
  PipelineResult,
  'combined' | 'ts' | 'ibs' | 'oes' | 'ps' | 'cs' | 'is' | 'sds' | 'consistency' | 'bas'
>;

const KINDS: [ScoreStatKind, keyof StatColumns][] = [
  ['COMBINED', 'combined'],
  ['TS', 'ts'],
  ['IBS', 'ibs'],
  ['OES', 'oes'],
  ['PS', 'ps'],
  ['CS', 'cs'],
  ['IS', 'is'],
  ['SDS', 'sds'],
  ['CON', 'consistency'],
  ['BAS', 'bas'],
];

/** The stats over results that arrive in row ranges (an upload scored chunk by chunk): the same sums as one pass. */
export class ScoreStatsAccumulator {
  readonly #stats: ScoreStat[] = KINDS.map(([kind]) => ({ kind, count: 0, sum: 0, bands: [0, 0, 0, 0] }));

  add(result: StatColumns): void {
    KINDS.forEach(([, column], k) => {
      const stat = this.#stats[k]!;
      const scores = result[column];
      for (let i = 0; i < scores.length; i++) {
        const band = benchmarkBand(scores[i]!);
        if (band === null) continue;
        stat.count++;
        stat.sum += scores[i]!;
        stat.bands[band]++;
      }
    });
  }

  /** The stats of every kind that has at least one value (a kind nobody has gets no row: its average is null, not 0). */
  stats(): ScoreStat[] {
    return this.#stats.filter((s) => s.count > 0).map((s) => ({ ...s, bands: [...s.bands] as ScoreStat['bands'] }));
  }
}

/** The stats of every kind that has at least one value (a kind nobody has gets no row: its average is null, not 0). */
export function scoreStatsOf(result: StatColumns): ScoreStat[] {
  const acc = new ScoreStatsAccumulator();
  acc.add(result);
  return acc.stats();
}

/**
 * The combined score's stat alone, for a revision whose combined score was computed again under a
 * datafile's weights (columnar/reweight.ts); null when no interview has one.
 */
export function combinedStatOf(combined: Float64Array): ScoreStat | null {
  const acc = new ScoreStatsAccumulator();
  const none = new Float64Array(0);
  acc.add({
    combined,
    ts: none,
    ibs: none,
    oes: none,
    ps: none,
    cs: none,
    is: none,
    sds: none,
    consistency: none,
    bas: none,
  });
  return acc.stats()[0] ?? null;
}
