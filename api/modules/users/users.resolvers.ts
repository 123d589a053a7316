import type { Locale } from '../../../db/schema';
import { AppError } from '../../graphql/errors';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireInstant } from '../../lib/validation';
import { assertSelfOrSuperAdmin, requireViewer } from '../auth/auth.policy';
import { presentUser } from './users.presenter';
import { findLiveUserById, updateUserById } from './users.repo';
import { newMagicKey } from './users.service';

export const usersResolvers: ModuleResolvers = {
  Query: {
    me: async (_args, ctx) => {
      const viewer = await requireViewer(ctx);
      const user = await findLiveUserById(ctx.deps.db, viewer.userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      return {
        user: presentUser(ctx.deps, viewer, user),
        // API-key callers have no session; their key does not expire.
        sessionExpiresAt: viewer.sessionExpiresAt ?? '9999-12-31T23:59:59.999Z',
        companyId: viewer.companyId,
      };
    },
  },
  Mutation: {
    updateGetStarted: async (args: { userId: string }, ctx) => {
      const viewer = await requireViewer(ctx);
      assertSelfOrSuperAdmin(viewer, args.userId);
      await mustExist(ctx.deps.db, args.userId);
      await updateUserById(ctx.deps.db, args.userId, { watchGetStarted: true, updatedAt: ctx.deps.clock.now().toISOString() });
      return SUCCESS();
    },
    updateNPS: async (args: { userId: string; nextNPSDate?: string | null }, ctx) => {
      const viewer = await requireViewer(ctx);
      assertSelfOrSuperAdmin(viewer, args.userId);
      await mustExist(ctx.deps.db, args.userId);
      const nowIso = ctx.deps.clock.now().toISOString();
      const set = args.nextNPSDate
        ? { nextNpsDate: requireInstant('nextNPSDate', args.nextNPSDate).toISOString(), updatedAt: nowIso }
        : { npsDone: true, updatedAt: nowIso };
      await updateUserById(ctx.deps.db, args.userId, set);
      return SUCCESS();
    },
    updateMyLocale: async (args: { locale: Locale }, ctx) => {
      const viewer = await requireViewer(ctx);
      await updateUserById(ctx.deps.db, viewer.userId, { locale: args.locale, updatedAt: ctx.deps.clock.now().toISOString() });
      return SUCCESS();
    },
    regenerateMagicKey: async (args: { userId: string }, ctx) => {
      const viewer = await requireViewer(ctx);
      assertSelfOrSuperAdmin(viewer, args.userId);
      await mustExist(ctx.deps.db, args.userId);
      const { key, magicKeyHash, magicKeySealed } = newMagicKey(ctx.deps.appSecret);
      await updateUserById(ctx.deps.db, args.userId, { magicKeyHash, magicKeySealed, updatedAt: ctx.deps.clock.now().toISOString() });
      return SUCCESS(key);
    },
  },
};

async function mustExist(db: Parameters<typeof findLiveUserById>[0], userId: string) {
  if (!(await findLiveUserById(db, userId))) throw new AppError('USER_NOT_FOUND');
}
