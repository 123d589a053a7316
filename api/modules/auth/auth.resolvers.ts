import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireViewer } from '../../graphql/access';
import * as mails from './account-mails.service';
import * as service from './auth.service';
import { deviceTokenOf, setDeviceCookie } from './device-cookie';

export const authResolvers: ModuleResolvers = {
  Query: {
    getPasswordEncryptionKey: (_, _args, ctx) => ctx.deps.passwordKeys.publicKeyPem,
  },
  Mutation: {
    login: async (_, args, ctx) => {
      const { deviceToken, ...session } = await service.login(ctx.deps, {
        email: args.email,
        encryptedPassword: args.password,
        companyId: args.companyId,
        clientAddress: ctx.clientAddress,
        deviceToken: deviceTokenOf(ctx.hono),
      });
      setDeviceCookie(ctx.hono, ctx.deps.env, deviceToken);
      return session;
    },
    logout: async (_, _args, ctx) => {
      await service.logout(ctx.deps, await requireViewer(ctx));
      return SUCCESS('Logged out');
    },
    registerCompany: async (_, args, ctx) => {
      await mails.registerCompany(ctx.deps, args.input, ctx.clientAddress);
      return SUCCESS('Registration received; a confirmation mail was sent');
    },
    updateUserOnActivation: async (_, args, ctx) => {
      const purpose = await service.activateUser(ctx.deps, args.input);
      return SUCCESS(purpose === 'INVITATION' ? 'Password set; you can log in now' : 'Email address confirmed');
    },
    sendPasswordResetEmail: async (_, args, ctx) => {
      await mails.requestPasswordReset(ctx.deps, args.email, ctx.clientAddress);
      return SUCCESS('If the address belongs to an account, a reset mail is on its way');
    },
    resetPassword: async (_, args, ctx) => {
      await service.resetPassword(ctx.deps, { encryptedNewPassword: args.newPassword, token: args.passwordResetToken });
      return SUCCESS('Password changed');
    },
    changePassword: async (_, args, ctx) => {
      const viewer = await requireViewer(ctx);
      await service.changePassword(ctx.deps, viewer, {
        encryptedOld: args.oldPassword,
        encryptedNew: args.newPassword,
      });
      return SUCCESS('Password changed');
    },
  },
};
