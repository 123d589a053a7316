import type { ModuleResolvers } from '../../graphql/resolver-types';
import { requireViewer } from '../auth/auth.policy';
import { dashboardSummary } from './datafiles.repo';

export const datafilesResolvers: ModuleResolvers = {
  Query: {
    getMyDatafilesSummaryForDashboard: async (_args, ctx) => dashboardSummary(ctx.deps.db, await requireViewer(ctx)),
  },
};
