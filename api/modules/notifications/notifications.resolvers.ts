import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { presentNotification } from './notifications.presenter';
import * as service from './notifications.service';

export const notificationsResolvers: ModuleResolvers = {
  Query: {
    getAllNotifications: async (_, _args, ctx) =>
      (await service.notificationsOf(ctx.deps, await requireViewer(ctx), false)).map(presentNotification),
    getNotificationsForLoggedinUser: async (_, _args, ctx) =>
      (await service.notificationsOf(ctx.deps, await requireViewer(ctx), true)).map(presentNotification),
  },
  Mutation: {
    createNotification: async (_, args, ctx) =>
      presentNotification(await service.createNotification(ctx.deps, await requireViewer(ctx), args.notification)),
    markNotificationAsReaded: async (_, args, ctx) => {
      await service.markNotificationRead(ctx.deps, await requireViewer(ctx), args.notificationId);
      return SUCCESS();
    },
  },
};
