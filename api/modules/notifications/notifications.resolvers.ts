import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { presentNotification } from './notifications.presenter';
import * as service from './notifications.service';

export const notificationsResolvers: ModuleResolvers = {
  Query: {
    getAllNotifications: async (_, _args, ctx) => {
      const rows = await service.notificationsOf(ctx.deps, await requireViewer(ctx), false);
      const locale = await ctx.locale();
      return rows.map((n) => presentNotification(n, locale));
    },
    getNotificationsForLoggedinUser: async (_, _args, ctx) => {
      const rows = await service.notificationsOf(ctx.deps, await requireViewer(ctx), true);
      const locale = await ctx.locale();
      return rows.map((n) => presentNotification(n, locale));
    },
  },
  Mutation: {
    createNotification: async (_, args, ctx) =>
      presentNotification(
        await service.createNotification(ctx.deps, await requireViewer(ctx), args.notification),
        await ctx.locale(),
      ),
    markNotificationAsReaded: async (_, args, ctx) => {
      await service.markNotificationRead(ctx.deps, await requireViewer(ctx), args.notificationId);
      return SUCCESS();
    },
  },
};
