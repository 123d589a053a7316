import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import * as define from './live-define.service';
import * as settings from './live-settings.service';

/** Who: creating needs a member of the organisation; the integration (it shows the keys) and its limits need upload rights on the datafile. */
export const liveImportResolvers: ModuleResolvers = {
  Query: {
    getLiveDatafileIntegration: async (_, args, ctx) =>
      define.liveIntegration(ctx.deps, await requireViewer(ctx), args.datafileId) as never,
  },
  Mutation: {
    createLiveDatafile: async (_, args, ctx) => ({
      status: 'SUCCESS',
      datafileId: await define.createLiveDatafile(
        ctx.deps,
        await requireViewer(ctx),
        args.input as define.LiveDatafileInput,
      ),
    }),
    openLiveDatafile: async (_, args, ctx) =>
      define.openLiveDatafile(ctx.deps, await requireViewer(ctx), args.datafileId),
    regenerateLiveDatafileSecret: async (_, args, ctx) =>
      define.regenerateLiveSecret(ctx.deps, await requireViewer(ctx), args.datafileId),
    regenerateLiveDatafileServerKey: async (_, args, ctx) =>
      settings.regenerateServerKey(ctx.deps, await requireViewer(ctx), args.datafileId),
    updateLiveDatafileLimits: async (_, args, ctx) =>
      settings.updateLiveLimits(ctx.deps, await requireViewer(ctx), args.datafileId, args.limits),
  },
};
