import type { NotificationType } from '../../../db/schema';
import { AppError } from '../../graphql/errors';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireName } from '../../lib/validation';
import { requireViewer } from '../auth/auth.policy';
import { findLiveUserById } from '../users/users.repo';
import { presentNotification } from './notifications.presenter';
import { insertNotification, listForUser, markRead } from './notifications.repo';

const TEXT_MAX = 1000;

export const notificationsResolvers: ModuleResolvers = {
  Query: {
    getAllNotifications: async (_args, ctx) => {
      const viewer = await requireViewer(ctx);
      return (await listForUser(ctx.deps.db, viewer.userId, false)).map(presentNotification);
    },
    getNotificationsForLoggedinUser: async (_args, ctx) => {
      const viewer = await requireViewer(ctx);
      return (await listForUser(ctx.deps.db, viewer.userId, true)).map(presentNotification);
    },
  },
  Mutation: {
    createNotification: async (
      args: { notification: { userId?: string | null; title: string; description: string; url?: string | null; type?: NotificationType | null } },
      ctx,
    ) => {
      const viewer = await requireViewer(ctx);
      const n = args.notification;
      const recipientId = n.userId ?? viewer.userId;
      // Only operators address other users; everyone else notifies only themselves.
      if (recipientId !== viewer.userId && viewer.accessLevel !== 'SUPER_ADMIN') throw new AppError('UNAUTHORIZED');
      const recipient = await findLiveUserById(ctx.deps.db, recipientId);
      if (!recipient) throw new AppError('USER_NOT_FOUND');
      const description = (n.description ?? '').trim();
      if (description === '') throw new AppError('INCOMPLETE_INPUT', { field: 'description' });
      if (description.length > TEXT_MAX) throw new AppError('INVALID_PARAMETERS', { field: 'description', reason: 'TOO_LONG', max: TEXT_MAX });
      const url = n.url?.trim() || null;
      // Links stay inside the app: a path, never another origin or a script URL.
      if (url && (!url.startsWith('/') || url.startsWith('//') || url.length > 500)) throw new AppError('INVALID_PARAMETERS', { field: 'url' });
      const row = await insertNotification(ctx.deps.db, {
        userId: recipient.id,
        companyId: recipient.companyId,
        type: n.type ?? 'GENERIC',
        title: requireName('title', n.title, 200),
        description,
        url,
        createdAt: ctx.deps.clock.now().toISOString(),
      });
      return presentNotification(row!);
    },
    markNotificationAsReaded: async (args: { notificationId: string }, ctx) => {
      const viewer = await requireViewer(ctx);
      if (!(await markRead(ctx.deps.db, viewer.userId, args.notificationId, ctx.deps.clock.now().toISOString()))) {
        throw new AppError('INVALID_ID', { field: 'notificationId' });
      }
      return SUCCESS();
    },
  },
};
