import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { presentDatapoint, presentRecordSummary } from '../datafiles';
import { algorithmsOf, presentDatafile, presentResultMetadata, presentWeighting } from './results.presenter';
import { loadResultFile, metadataOf, publishedDatapoints, requireCleanedIf, visibleFile } from './results.service';

export const resultsResolvers: ModuleResolvers = {
  Query: {
    getDatafile: async (_, args, ctx) =>
      presentDatafile(await loadResultFile(ctx.deps, await requireViewer(ctx), args.datafileId)),
    getDatafileMetadata: async (_, args, ctx) => {
      const { file, ownerName } = await metadataOf(ctx.deps, await requireViewer(ctx), args.datafileId, args.isCleaned);
      return presentResultMetadata(file, ownerName, Boolean(args.isCleaned));
    },
    getNumberOfDatarecords: async (_, args, ctx) => {
      const file = await visibleFile(ctx.deps, await requireViewer(ctx), args.datafileId);
      requireCleanedIf(file, args.isCleaned);
      return args.isCleaned ? file.numberOfCleanedRecords : file.numberOfRecords;
    },
    getDataRecordSummaryForDatafile: async (_, args, ctx) =>
      presentRecordSummary(await visibleFile(ctx.deps, await requireViewer(ctx), args.datafileId)),
    getAlgorithmsInDatafile: async (_, args, ctx) =>
      algorithmsOf((await publishedDatapoints(ctx.deps, await requireViewer(ctx), args.datafileId)).points),
    getProjectiveQuestions: async (_, args, ctx) =>
      (await publishedDatapoints(ctx.deps, await requireViewer(ctx), args.datafileId)).points
        .filter((p) => p.dataPointType === 'PROJECTIVE')
        .map(presentDatapoint),
    getDatafileWeightingMethod: async (_, args, ctx) => {
      const { file, points } = await publishedDatapoints(ctx.deps, await requireViewer(ctx), args.datafileId);
      return presentWeighting(file, points);
    },
  },
};
