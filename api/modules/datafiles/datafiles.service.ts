import type { Deps } from '../../deps';
import type { Viewer } from '../../graphql/context';
import { dashboardSummary } from './datafiles.repo';

/** The dashboard's counts for the viewer (their company's datafiles; operators the scoped company's). */
export const dashboardSummaryFor = (deps: Deps, viewer: Viewer) => dashboardSummary(deps.db, viewer);
