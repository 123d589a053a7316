import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { dashboardSummaryFor } from './dashboard.service';

export const dashboardResolvers: ModuleResolvers = {
  Query: {
    getMyDatafilesSummaryForDashboard: async (_, _args, ctx) => dashboardSummaryFor(ctx.deps, await requireViewer(ctx)),
  },
};
