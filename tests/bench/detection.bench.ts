// Detection benchmark: generated surveys with the structure of real item batteries and planted
// speeders, straightliners, pattern and random responders, scored by the WASM facade exactly as an
// upload is (scoreAll with durations and grids, default weights, default rules). Prints the AUC of
// the combined score per planted kind and over all, and the share of good respondents removed by the
// default rules, next to the targets; over several seeds and two different structures, so that no
// figure rests on one lucky draw. Then the evidence behind the design: the same without the
// consistency score, the statistics it could have been built from, its place in the combined score,
// many random responders at once, and small samples. Last, the same on real questionnaires with
// planted careless respondents (detection-real-report.ts): tuned part, held-out part and its goals.
// Run: npm run bench:detection. Not part of the test suite.
import os from 'node:os';
import { DEFAULT_WEIGHTS, type Scoring } from '../../scoring/index.ts';
import { loadScoringFromDisk } from '../../scoring/load-node.ts';
import { ensureScoringBuilt } from '../support/scoring-build.ts';
import { realDataReport } from './detection-real-report.ts';
import {
  ATTITUDE,
  CARELESS_KINDS,
  PERSONALITY,
  generateBatterySurvey,
  type SurveyStructure,
} from '../scoring/battery-generator.ts';
import {
  aucOf,
  components,
  figures,
  removedByDefaults,
  scoreSurvey,
  summarise,
  type KindFigures,
} from './detection-lib.ts';

const N = Number(process.env.DETECTION_ROWS ?? 3000);
const SEEDS = (process.env.DETECTION_SEEDS ?? '1,2,3,4,5').split(',').map(Number);
const TARGET = { all: 0.95, each: 0.9, goodRemoved: 0.01 };

ensureScoringBuilt();
const s: Scoring = await loadScoringFromDisk();
const t0 = performance.now();
console.log(`detection bench: ${N} interviews per survey, seeds ${SEEDS.join(', ')}, scoring version ${s.version}`);

let pass = true;
const check = (ok: boolean) => {
  pass &&= ok;
  return ok ? 'met' : 'NOT MET';
};

function runs(structure: SurveyStructure, consistency: boolean, n = N, seeds = SEEDS): KindFigures[] {
  return seeds.map((seed) => {
    const survey = generateBatterySurvey(n, seed, structure);
    const r = scoreSurvey(s, survey, consistency);
    return figures(r.combined, removedByDefaults(s, r, n), survey.kinds);
  });
}

// 1. The figures of the issue, per structure, with the default scoring.
for (const structure of [PERSONALITY, ATTITUDE]) {
  const sum = summarise(runs(structure, true));
  const eachMin = Math.min(...CARELESS_KINDS.map((k) => sum.worstAuc[k]!));
  console.log(`\n${structure.name}\n  combined score, default weights and rules:\n    ${sum.line}`);
  console.log(
    `    targets: AUC over all >= ${TARGET.all} (worst seed ${sum.worstAuc.all!.toFixed(3)}: ${check(sum.worstAuc.all! >= TARGET.all)}), ` +
      `each kind >= ${TARGET.each} (worst ${eachMin.toFixed(3)}: ${check(eachMin >= TARGET.each)}), ` +
      `good removed <= ${100 * TARGET.goodRemoved} % (worst seed ${(100 * sum.maxGoodRemoved).toFixed(2)} %: ${check(sum.maxGoodRemoved <= TARGET.goodRemoved)})`,
  );
  const before = summarise(runs(structure, false));
  console.log(`  the same without the consistency score (scoring before it existed):\n    ${before.line}`);
}

// 2. What the consistency score is built from: each candidate statistic alone, random vs careful.
console.log(
  '\nstatistics per interview, AUC for random responders against careful ones (mean over seeds, both structures):',
);
const componentAuc: Record<string, number[]> = {};
for (const structure of [PERSONALITY, ATTITUDE]) {
  for (const seed of SEEDS) {
    const survey = generateBatterySurvey(N, seed, structure);
    for (const [name, v] of Object.entries(components(s, survey)))
      (componentAuc[name] ??= []).push(aucOf(v, survey.kinds, 'random'));
  }
}
for (const [name, v] of Object.entries(componentAuc)) {
  console.log(
    `  ${name.padEnd(42)} ${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(3)} (min ${Math.min(...v).toFixed(3)})`,
  );
}

// 3. Its place in the combined score: through the grid score, or its own weighted subscore.
console.log(
  '\nplace of the consistency score in the combined score (AUC for random responders; good removed; both structures):',
);
const placements: [string, (structure: SurveyStructure, seed: number) => KindFigures][] = [
  [
    'through the grid score: grid = min(grid, grid consistency)',
    (structure, seed) => {
      const survey = generateBatterySurvey(N, seed, structure);
      const grids = survey.grids.map((items, g) => ({ items, min: 1, max: structure.batteries[g]!.points }));
      const con = s.consistency(grids);
      const gridScores = grids.map((g, gi) =>
        s.gridScores(g.items, g).scores.map((v, i) => {
          const c = con.grids[gi]!.score[i]!;
          return Number.isNaN(c) ? v : Math.min(v, c);
        }),
      );
      const ibs = s.ibs(gridScores);
      const ts = s.timeScores(survey.durations, { totalIndex: 0 });
      const combined = s.combined({ ts: ts.ts, ibs: ibs.score }, N, { ...DEFAULT_WEIGHTS, con: 0 }).combined;
      const kept = s.clean({
        rows: N,
        scores: { combined, ts: ts.ts, ibs: ibs.score },
        dataPoints: { ibs: ibs.dataPoints },
      }).kept;
      return figures(
        combined,
        Uint8Array.from(kept, (k) => 1 - k),
        survey.kinds,
      );
    },
  ],
  ...[1, 2, 3].map((w): [string, (structure: SurveyStructure, seed: number) => KindFigures] => [
    `own subscore, weight ${w}, in the weakest-link cap${w === DEFAULT_WEIGHTS.con ? ' (default)' : ''}`,
    (structure, seed) => {
      const survey = generateBatterySurvey(N, seed, structure);
      const r = scoreSurvey(s, survey, true, { ...DEFAULT_WEIGHTS, con: w });
      return figures(r.combined, removedByDefaults(s, r, N), survey.kinds);
    },
  ]),
];
for (const [name, run] of placements) {
  const all = [PERSONALITY, ATTITUDE].flatMap((structure) => SEEDS.map((seed) => run(structure, seed)));
  const random = all.map((f) => f.auc.random);
  const good = all.map((f) => f.removed.careful);
  console.log(
    `  ${name.padEnd(62)} random ${(random.reduce((a, b) => a + b, 0) / random.length).toFixed(3)} (min ${Math.min(...random).toFixed(3)}), ` +
      `over all ${(all.reduce((a, f) => a + f.auc.all, 0) / all.length).toFixed(3)}, good removed ${((100 * good.reduce((a, b) => a + b, 0)) / good.length).toFixed(2)} %, ` +
      `random removed ${((100 * all.reduce((a, f) => a + f.removed.random, 0)) / all.length).toFixed(0)} %`,
  );
}

// 4. Many random responders at once: the robust fit keeps them from hiding each other.
console.log(
  '\nmany random responders (personality structure; AUC random vs careful of the statistic alone, share of random removed, good removed):',
);
for (const share of [0.15, 0.3, 0.45]) {
  const structure = { ...PERSONALITY, shares: { ...PERSONALITY.shares, random: share } };
  const rows = SEEDS.slice(0, 3).map((seed) => {
    const survey = generateBatterySurvey(N, seed, structure);
    const comp = components(s, survey);
    const r = scoreSurvey(s, survey, true);
    const f = figures(r.combined, removedByDefaults(s, r, N), survey.kinds);
    return [
      aucOf(comp['classical D²']!, survey.kinds, 'random'),
      aucOf(comp['robust D² (consistency)']!, survey.kinds, 'random'),
      f.removed.random,
      f.removed.careful,
    ];
  });
  const m = (j: number) => rows.reduce((a, r) => a + r[j]!, 0) / rows.length;
  console.log(
    `  ${(100 * share).toFixed(0).padStart(2)} % random: classical D² ${m(0).toFixed(3)}, robust D² ${m(1).toFixed(3)}; removed: random ${(100 * m(2)).toFixed(0)} %, good ${(100 * m(3)).toFixed(2)} %`,
  );
}

// 5. Small samples: the measure needs max(50, 10 x items) complete interviews per grid; above that
//    the share of good respondents removed stays in bounds.
console.log(
  '\nsmall samples (both structures, good respondents removed by the default rules; grids below the minimum sample give no consistency score):',
);
for (const n of [100, 150, 250, 500, 1000]) {
  const all = [PERSONALITY, ATTITUDE].flatMap((structure) => runs(structure, true, n, SEEDS));
  const good = all.map((f) => f.removed.careful);
  const rnd = all.map((f) => f.auc.random);
  console.log(
    `  ${String(n).padStart(5)} interviews: good removed ${((100 * good.reduce((a, b) => a + b, 0)) / good.length).toFixed(2)} % (max ${(100 * Math.max(...good)).toFixed(2)} %), AUC random ${(rnd.reduce((a, b) => a + b, 0) / rnd.length).toFixed(3)}`,
  );
}

// 6. Real questionnaires with planted careless respondents: the figures that count.
const realGoals = realDataReport(s);

console.log(
  `\nall targets of the generated surveys ${pass ? 'met' : 'NOT met'}; goals on real held-out data ${realGoals ? 'met' : 'NOT met'}; ${((performance.now() - t0) / 1000).toFixed(1)} s, load average ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
);
