import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { datafileDuplicates } from './duplicates.service';

/** Who: whoever may see the datafile; the matches come only from its own organisation. */
export const duplicatesResolvers: ModuleResolvers = {
  Query: {
    datafileDuplicates: async (_, args, ctx) =>
      datafileDuplicates(ctx.deps, await requireViewer(ctx), args.datafileId, {
        windowDays: args.windowDays,
        velocitySurveys: args.velocitySurveys,
        velocityDays: args.velocityDays,
      }),
  },
};
