import { trafficLight, type TrafficLight } from '../../../scoring/bands';
import type {
  DashboardDatafile,
  DashboardScoreKind,
  DashboardSummary,
  DashboardTrafficLight,
  ScoreBandCount,
} from '../../graphql/generated/resolvers';
import type { dashboardTotals, latestDatafiles, scoreStatsByKind } from './dashboard.repo';

/** The benchmark bands on integer scores: 0 to under 40, 40 to under 60, 60 to under 80, 80 to 100. */
export const BENCHMARK_BANDS = [
  [0, 39],
  [40, 59],
  [60, 79],
  [80, 100],
] as const;

/** The score kinds in the order the dashboard shows them: the combined score's parts, then the collective scores. */
const KIND_ORDER: readonly DashboardScoreKind[] = ['TS', 'IBS', 'CON', 'OES', 'BAS', 'PS', 'CS', 'IS', 'SDS'];

const LIGHTS: Record<TrafficLight, DashboardTrafficLight> = {
  green: 'GREEN',
  'light green': 'LIGHT_GREEN',
  yellow: 'YELLOW',
  red: 'RED',
  grey: 'GREY',
};

/** The traffic light of a mean score (on its rounded integer, as every score); no score is grey. */
export const lightOf = (score: number | null): DashboardTrafficLight => LIGHTS[trafficLight(score ?? Number.NaN)];

const bandsOf = (counts: readonly number[]): ScoreBandCount[] =>
  BENCHMARK_BANDS.map(([from, to], i) => ({ from, to, count: counts[i] ?? 0 }));

type Stat = Awaited<ReturnType<typeof scoreStatsByKind>>[number];

export function presentDashboard(
  totals: Awaited<ReturnType<typeof dashboardTotals>>,
  stats: Stat[],
  latest: Awaited<ReturnType<typeof latestDatafiles>>,
): DashboardSummary {
  const byKind = new Map(stats.map((s) => [s.kind, s]));
  const combined = byKind.get('COMBINED');
  const average = (s: Stat) => (s.count > 0 ? s.sum / s.count : null);
  return {
    ...totals,
    combinedScore: {
      numberOfScoredRecords: combined?.count ?? 0,
      average: combined ? average(combined) : null,
      trafficLight: lightOf(combined ? average(combined) : null),
      bands: bandsOf(combined?.bands ?? []),
    },
    scoreKinds: KIND_ORDER.flatMap((kind) => {
      const s = byKind.get(kind);
      const mean = s ? average(s) : null;
      return s && mean !== null
        ? [
            {
              kind,
              numberOfScoredRecords: s.count,
              average: mean,
              trafficLight: lightOf(mean),
              bands: bandsOf(s.bands),
            },
          ]
        : [];
    }),
    latestDatafiles: latest.map((f): DashboardDatafile => ({
      id: f.id,
      title: f.title,
      createdAt: f.createdAt,
      numberOfRecords: f.numberOfRecords,
      averageCombinedScore: f.meanCombinedScore,
      trafficLight: lightOf(f.meanCombinedScore),
    })),
  };
}
