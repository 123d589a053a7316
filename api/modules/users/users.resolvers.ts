import { assertSelf, assertSelfOrSuperAdmin, requireSuperAdmin, requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireCompanyAccess } from '../companies';
import { avatarPath, avatarUploadUrl } from '../files';
import * as management from './user-management.service';
import { requireUserAccess } from './users.policy';
import { presentMe, presentUser, profileColumnsOf } from './users.presenter';
import * as service from './users.service';

export const usersResolvers: ModuleResolvers = {
  Query: {
    me: async (_, _args, ctx, info) => {
      // The user's and organisation's columns the document shows are read with the session, in one statement.
      const columns = profileColumnsOf(info);
      const viewer = await requireViewer(ctx, columns);
      const { user, company } = await service.viewerProfile(ctx.deps, viewer, columns);
      return presentMe(ctx.deps, viewer, user, company);
    },
  },
  Mutation: {
    updateGetStarted: async (_, args, ctx) => {
      assertSelfOrSuperAdmin(await requireViewer(ctx), args.userId);
      await service.markGetStartedWatched(ctx.deps, args.userId);
      return SUCCESS();
    },
    updateNPS: async (_, args, ctx) => {
      assertSelfOrSuperAdmin(await requireViewer(ctx), args.userId);
      await service.updateNps(ctx.deps, args.userId, args.nextNPSDate);
      return SUCCESS();
    },
    updateMyLocale: async (_, args, ctx) => {
      const viewer = await requireViewer(ctx);
      await service.setLocale(ctx.deps, viewer.userId, args.locale);
      return SUCCESS();
    },
    regenerateMagicKey: async (_, args, ctx) => {
      // The key is shown to whoever makes it, so only its own user may: an operator revokes instead.
      assertSelf(await requireViewer(ctx), args.userId);
      return SUCCESS(await service.regenerateMagicKey(ctx.deps, args.userId));
    },
  },
};

export const userManagementResolvers: ModuleResolvers = {
  Company: {
    companyOwner: async (company, _args, ctx) => {
      const owner = company.ownerId ? await service.liveUser(ctx.deps, company.ownerId) : undefined;
      return owner ? presentUser(ctx.deps, await ctx.viewer(), owner) : null;
    },
  },
  Query: {
    getUser: async (_, args, ctx) => {
      const { viewer, user } = await requireUserAccess(ctx, args.userId);
      return presentUser(ctx.deps, viewer, user);
    },
    getCompanyUsers: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return (await service.companyUsers(ctx.deps, args.companyId)).map((u) => presentUser(ctx.deps, viewer, u));
    },
    getActiveCompanyAdminUsers: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return (await service.companyUsers(ctx.deps, args.companyId, true)).map((u) => presentUser(ctx.deps, viewer, u));
    },
    getAllUsers: async (_, args, ctx) => {
      const viewer = await requireSuperAdmin(ctx);
      const { rows, pageInfo } = await service.usersPage(ctx.deps, args);
      return { users: rows.map((u) => presentUser(ctx.deps, viewer, u)), pageInfo };
    },
    getUserAvatarUploadURL: async (_, args, ctx) => {
      const { user } = await requireUserAccess(ctx, args.userId);
      const path = avatarPath('users', user.id, args.imageKey);
      return { ...avatarUploadUrl(ctx.deps.blobs, path, ctx.deps.clock.now()), imageUrl: `/files/${path}` };
    },
    getCompanyAvatarUploadURL: async (_, args, ctx) => {
      const { company } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      const path = avatarPath('companies', company.id, args.imageKey);
      return { ...avatarUploadUrl(ctx.deps.blobs, path, ctx.deps.clock.now()), imageUrl: `/files/${path}` };
    },
  },
  Mutation: {
    updateUser: async (_, args, ctx) => {
      const { viewer, user } = await requireUserAccess(ctx, args.userToUpdate.userId);
      await management.updateUser(ctx.deps, viewer, user, args.userToUpdate);
      return SUCCESS('User updated');
    },
    inviteUserForSpecificCompany: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      await management.inviteUser(ctx.deps, viewer, args.companyId, args.newUser);
      return SUCCESS('Invitation sent');
    },
    resendUserInvitation: async (_, args, ctx) => {
      const { viewer, user } = await requireUserAccess(ctx, args.userId, ['SUPER_ADMIN', 'ADMIN']);
      await management.resendInvitation(ctx.deps, viewer, user);
      return SUCCESS('Invitation sent again');
    },
    revokeMagicKey: async (_, args, ctx) => {
      const { user } = await requireUserAccess(ctx, args.userId);
      await service.revokeMagicKey(ctx.deps, user.id);
      return SUCCESS('API key revoked');
    },
    deleteUser: async (_, args, ctx) => {
      const { viewer, user } = await requireUserAccess(ctx, args.userId, ['SUPER_ADMIN', 'ADMIN']);
      await management.deleteUser(ctx.deps, viewer, user);
      return SUCCESS('User deleted');
    },
    skipIngressIntegrationsPrerequisite: async (_, args, ctx) => {
      assertSelfOrSuperAdmin(await requireViewer(ctx), args.userId);
      await service.skipIngressIntegrationsPrerequisite(ctx.deps, args.userId);
      return SUCCESS();
    },
    updateUserPreferenceForNipoIntegration: async (_, args, ctx) => {
      await management.saveNipoIntegration(ctx.deps, await requireViewer(ctx), args.preferences);
      return SUCCESS('Integration saved');
    },
  },
};
