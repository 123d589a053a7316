import { AppError } from '../../graphql/errors';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireSuperAdmin, requireViewer } from '../auth/auth.policy';
import { readSetting, writeSetting } from './settings.repo';

/** Mail-delivery switches that setSendNotification may change. */
export const SEND_NOTIFICATION_TYPES = [
  'UPLOAD_FINISHED',
  'UPLOAD_ERROR',
  'UPDATE_FINISHED',
  'UPDATE_ERROR',
  'BACKUP_PLAN_ACTIVATED',
  'LOW_BALANCE',
  'CONTRACT_EXPIRING',
] as const;

export const settingsResolvers: ModuleResolvers = {
  Query: {
    getClearLocalStorage: async (_args, ctx) => {
      await requireViewer(ctx);
      const s = await readSetting<boolean>(ctx.deps.db, 'clearLocalStorage');
      return { value: s?.value === true, updatedAt: s?.updatedAt ?? null };
    },
  },
  Mutation: {
    setClearLocalStorage: async (args: { value: boolean }, ctx) => {
      await requireSuperAdmin(ctx);
      await writeSetting(ctx.deps.db, 'clearLocalStorage', args.value, ctx.deps.clock.now());
      return SUCCESS();
    },
    setSendNotification: async (args: { value: boolean; type: string }, ctx) => {
      await requireSuperAdmin(ctx);
      if (!(SEND_NOTIFICATION_TYPES as readonly string[]).includes(args.type)) throw new AppError('INVALID_PARAMETERS', { field: 'type' });
      await writeSetting(ctx.deps.db, `sendNotification.${args.type}`, args.value, ctx.deps.clock.now());
      return SUCCESS();
    },
  },
};
