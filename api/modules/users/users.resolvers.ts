import type { Locale } from '../../../db/schema';
import { AppError } from '../../graphql/errors';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireInstant } from '../../lib/validation';
import { assertSelfOrSuperAdmin, requireSuperAdmin, requireViewer } from '../auth/auth.policy';
import { requireCompanyAccess } from '../companies/companies.policy';
import { pageInfo, pageOf } from '../../graphql/paging';
import { avatarPath, avatarUploadUrl } from '../files/avatars';
import * as management from './user-management.service';
import { requireUserAccess } from './users.policy';
import { presentUser } from './users.presenter';
import { findLiveUserById, listAllUsers, updateUserById } from './users.repo';
import { newMagicKey } from './users.service';

export const usersResolvers: ModuleResolvers = {
  Query: {
    me: async (_args, ctx) => {
      const viewer = await requireViewer(ctx);
      return {
        user: presentUser(ctx.deps, viewer, viewer.user),
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

export const userManagementResolvers: ModuleResolvers = {
  Query: {
    getUser: async (args: { userId: string }, ctx) => {
      const { viewer, user } = await requireUserAccess(ctx, args.userId);
      return presentUser(ctx.deps, viewer, user);
    },
    getAllUsers: async (args: { search?: string | null; page?: { page?: number | null; limit?: number | null } | null }, ctx) => {
      const viewer = await requireSuperAdmin(ctx);
      const page = pageOf(args.page, 100);
      const { rows, total } = await listAllUsers(ctx.deps.db, { search: args.search?.trim().slice(0, 100) || undefined, limit: page.limit, offset: page.offset });
      return { users: rows.map((u) => presentUser(ctx.deps, viewer, u)), pageInfo: pageInfo(page, total) };
    },
    getUserAvatarUploadURL: async (args: { imageKey: string; userId: string }, ctx) => {
      const { user } = await requireUserAccess(ctx, args.userId);
      const path = avatarPath('users', user.id, args.imageKey);
      return { ...avatarUploadUrl(ctx.deps.blobs, path, ctx.deps.clock.now()), imageUrl: `/files/${path}` };
    },
    getCompanyAvatarUploadURL: async (args: { imageKey: string; companyId: string }, ctx) => {
      const { company } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      const path = avatarPath('companies', company.id, args.imageKey);
      return { ...avatarUploadUrl(ctx.deps.blobs, path, ctx.deps.clock.now()), imageUrl: `/files/${path}` };
    },
  },
  Mutation: {
    updateUser: async (args: { userToUpdate: { userId: string; name: { first: string; last: string }; image?: string | null; accessLevel?: 'SUPER_ADMIN' | 'ADMIN' | 'EMPLOYEE' | null } }, ctx) => {
      const { viewer, user } = await requireUserAccess(ctx, args.userToUpdate.userId);
      await management.updateUser(ctx.deps, viewer, user, args.userToUpdate);
      return SUCCESS('User updated');
    },
    inviteUserForSpecificCompany: async (args: { newUser: { firstName: string; lastName: string; email: string; enableAdminAccess?: boolean | null }; companyId: string }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      await management.inviteUser(ctx.deps, viewer, args.companyId, args.newUser);
      return SUCCESS('Invitation sent');
    },
    resendUserInvitation: async (args: { userId: string }, ctx) => {
      const { viewer, user } = await requireUserAccess(ctx, args.userId, ['SUPER_ADMIN', 'ADMIN']);
      await management.resendInvitation(ctx.deps, viewer, user);
      return SUCCESS('Invitation sent again');
    },
    deleteUser: async (args: { userId: string }, ctx) => {
      const { viewer, user } = await requireUserAccess(ctx, args.userId, ['SUPER_ADMIN', 'ADMIN']);
      await management.deleteUser(ctx.deps, viewer, user);
      return SUCCESS('User deleted');
    },
    skipIngressIntegrationsPrerequisite: async (args: { userId: string }, ctx) => {
      const viewer = await requireViewer(ctx);
      assertSelfOrSuperAdmin(viewer, args.userId);
      await mustExist(ctx.deps.db, args.userId);
      await updateUserById(ctx.deps.db, args.userId, { skipIngressIntegrationsPrerequisite: true, updatedAt: ctx.deps.clock.now().toISOString() });
      return SUCCESS();
    },
    updateUserPreferenceForNipoIntegration: async (args: { preferences: { username: string; password: string; region: string; domain: string } }, ctx) => {
      await management.saveNipoIntegration(ctx.deps, await requireViewer(ctx), args.preferences);
      return SUCCESS('Integration saved');
    },
  },
};
