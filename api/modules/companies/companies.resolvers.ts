import { requireSuperAdmin } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireCompanyAccess } from './companies.policy';
import { presentCompany } from './companies.presenter';
import * as service from './companies.service';

export const companiesResolvers: ModuleResolvers = {
  Query: {
    getCompanies: async (_, args, ctx) => {
      const viewer = await requireSuperAdmin(ctx);
      const { rows, pageInfo } = await service.companiesPage(ctx.deps, args, args.status ?? undefined, 'NAME');
      return { companies: rows.map((c) => presentCompany(ctx.deps, viewer, c)), pageInfo };
    },
    getCompaniesSummary: async (_, _args, ctx) => {
      await requireSuperAdmin(ctx);
      return service.companiesSummary(ctx.deps);
    },
    getAllActiveCompanies: async (_, args, ctx) => {
      const viewer = await requireSuperAdmin(ctx);
      const { rows, pageInfo } = await service.companiesPage(ctx.deps, args, 'ACTIVATED', 'NAME');
      return { companies: rows.map((c) => presentCompany(ctx.deps, viewer, c)), pageInfo };
    },
    getAllNewCompanies: async (_, args, ctx) => {
      const viewer = await requireSuperAdmin(ctx);
      const { rows, pageInfo } = await service.companiesPage(ctx.deps, args, 'PENDING', 'CREATED_AT');
      return { companies: rows.map((c) => presentCompany(ctx.deps, viewer, c)), pageInfo };
    },
    getCompany: async (_, args, ctx) => {
      const { viewer, company } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN', 'EMPLOYEE']);
      return presentCompany(ctx.deps, viewer, company);
    },
    getCompanyStats: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return service.companyStats(ctx.deps, args.companyId);
    },
  },
  Mutation: {
    updateCompany: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyToUpdate.id, ['SUPER_ADMIN', 'ADMIN']);
      await service.updateCompany(ctx.deps, viewer, args.companyToUpdate);
      return SUCCESS('Organization updated');
    },
    updateCompanyStatus: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.company.companyId, ['SUPER_ADMIN']);
      await service.setCompanyStatus(ctx.deps, args.company.companyId, args.company.status);
      return SUCCESS('Status updated');
    },
    changeCompanyStatusToDeactivate: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.company.companyId, ['SUPER_ADMIN']);
      await service.setCompanyStatus(ctx.deps, args.company.companyId, 'DEACTIVATED');
      return SUCCESS('Organization deactivated');
    },
    deleteCompany: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN']);
      await service.deleteCompany(ctx.deps, args.companyId);
      return SUCCESS('Organization deleted');
    },
    updateCompanyComment: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.updateComment(ctx.deps, args.input.companyId, args.input.comment);
      return SUCCESS('Comment saved');
    },
    changeCompanyBetaStatus: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.setBeta(ctx.deps, args.input.companyId, args.input.isBeta);
      return SUCCESS('Beta status saved');
    },
  },
};
