import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { exportJobFor, presentExportJob, requestExport } from './export-job.service';

export const exportsResolvers: ModuleResolvers = {
  Query: {
    getExportJob: async (_, args, ctx) =>
      presentExportJob(
        ctx.deps,
        await exportJobFor(ctx.deps, await requireViewer(ctx), args.jobId),
        await ctx.locale(),
      ),
  },
  Mutation: {
    requestDatafileExport: async (_, args, ctx) =>
      presentExportJob(
        ctx.deps,
        await requestExport(ctx.deps, await requireViewer(ctx), args.input),
        await ctx.locale(),
      ),
  },
};
