// Whether a file is cleaned the same with or without careless rows beside its genuine ones: the
// genuine rows of each planted survey scored in a file of their own (a clean file) against the same
// rows scored beside the planted ones. The calibration of the scores must not depend on how many
// careless rows share the file, so both should remove about the same genuine respondents.
import type { PipelineResult, Scoring } from '../../scoring/index.ts';
import { lognormalOf, loadDataset, realDurations } from './detection-data.ts';
import { plantSurvey, type PlantedSurvey } from './detection-plant.ts';
import { removedBy, scorePlanted } from './detection-real.ts';

/** The genuine rows of a planted survey alone. */
function genuineOnly(survey: PlantedSurvey): PlantedSurvey {
  const keep = survey.kinds.flatMap((k, i) => (k === 'genuine' ? [i] : []));
  const pick = (c: Float64Array) => Float64Array.from(keep, (i) => c[i]!);
  return {
    dataset: survey.dataset,
    kinds: keep.map(() => 'genuine'),
    grids: survey.grids.map((page) => page.map(pick)),
    durations: survey.durations.map(pick),
    carelessEnd: new Int8Array(keep.length).fill(-1),
  };
}

export interface CleanFileFigures {
  key: string;
  /** Genuine removed beside the planted rows, and in the clean file. */
  planted: number;
  clean: number;
  /** 90th percentile of the absolute change of a genuine interview's consistency score between the two files. */
  conShift: number;
}

export function cleanFileFigures(s: Scoring, key: string, seed = 1): CleanFileFigures {
  const survey = plantSurvey(loadDataset(key), seed, lognormalOf(realDurations()));
  const alone = genuineOnly(survey);
  const r: PipelineResult = scorePlanted(s, survey);
  const c: PipelineResult = scorePlanted(s, alone);
  const removed = removedBy(s, r);
  const removedClean = removedBy(s, c);
  let planted = 0,
    clean = 0,
    g = 0;
  const shifts: number[] = [];
  survey.kinds.forEach((k, i) => {
    if (k !== 'genuine') return;
    planted += removed[i]!;
    clean += removedClean[g]!;
    const a = r.consistency[i]!,
      b = c.consistency[g]!;
    if (!Number.isNaN(a) && !Number.isNaN(b)) shifts.push(Math.abs(a - b));
    g++;
  });
  shifts.sort((x, y) => x - y);
  return {
    key,
    planted: planted / g,
    clean: clean / g,
    conShift: shifts[Math.floor(0.9 * (shifts.length - 1))] ?? NaN,
  };
}
