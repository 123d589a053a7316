import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { datafileReport, reportLogoUploadUrl, updateReportSettings } from './reports.service';

export const reportsResolvers: ModuleResolvers = {
  Query: {
    // Public by design: strangers open a published report; the service gives them nothing else.
    getDatafileReport: async (_, args, ctx) =>
      datafileReport(ctx.deps, await ctx.viewer(), ctx.clientAddress, args.datafileId, args.password),
    getReportLogoUploadURL: async (_, args, ctx) =>
      reportLogoUploadUrl(ctx.deps, await requireViewer(ctx), args.datafileId, args.imageKey),
  },
  Mutation: {
    updateDatafileReportSettings: async (_, args, ctx) =>
      updateReportSettings(ctx.deps, await requireViewer(ctx), args.datafileId, args.settings),
  },
};
