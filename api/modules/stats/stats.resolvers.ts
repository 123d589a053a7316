import type { ModuleResolvers } from '../../graphql/resolver-types';
import { requireStatsAccess } from './stats.policy';
import { presentFigures, presentStatsRow } from './stats.presenter';
import { usageStatsCsv, usageStatsPage } from './stats.service';

export const statsResolvers: ModuleResolvers = {
  Query: {
    getUsageStatsByMonth: async (_, args, ctx) => {
      await requireStatsAccess(ctx);
      const stats = await usageStatsPage(ctx.deps, args.filters, args, args.paginationInfo);
      return {
        months: stats.months.map(presentFigures),
        totals: presentFigures(stats.totals),
        rows: stats.rows.map(presentStatsRow),
        pageInfo: stats.pageInfo,
      };
    },
    getUsageStatsCsv: async (_, args, ctx) => {
      await requireStatsAccess(ctx);
      return usageStatsCsv(ctx.deps, await ctx.locale(), args.view, args.filters, args);
    },
  },
};
