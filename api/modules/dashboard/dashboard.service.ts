import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { dashboardTotals, latestDatafiles, scoreStatsByKind } from './dashboard.repo';
import { presentDashboard } from './dashboard.presenter';

/**
 * The dashboard of the viewer (getMyDatafilesSummaryForDashboard): the stat cards, the combined
 * scores over the benchmark bands, the average per score kind and the newest datafiles, over the
 * datafiles they see. Three reads from SQL, none from the blob store: the per-revision figures are
 * kept when a revision is published (datafile_score_stats).
 */
export async function dashboardSummaryFor(deps: Pick<Deps, 'db'>, viewer: Viewer) {
  const [totals, stats, latest] = await Promise.all([
    dashboardTotals(deps.db, viewer),
    scoreStatsByKind(deps.db, viewer),
    latestDatafiles(deps.db, viewer),
  ]);
  return presentDashboard(totals, stats, latest);
}
