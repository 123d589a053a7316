import { requireSuperAdmin, requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import * as service from './settings.service';

export const settingsResolvers: ModuleResolvers = {
  Query: {
    getClearLocalStorage: async (_, _args, ctx) => {
      await requireViewer(ctx);
      return service.clearLocalStorageFlag(ctx.deps);
    },
  },
  Mutation: {
    setClearLocalStorage: async (_, args, ctx) => {
      await requireSuperAdmin(ctx);
      await service.setClearLocalStorage(ctx.deps, args.value);
      return SUCCESS();
    },
    setSendNotification: async (_, args, ctx) => {
      await requireSuperAdmin(ctx);
      await service.setSendNotification(ctx.deps, args.type, args.value);
      return SUCCESS();
    },
  },
};
