import type { CompanyStatus, SupportLevel } from '../../../db/schema';
import type { GqlContext } from '../../graphql/context';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { pageInfo, pageOf, type PageArgs } from '../../graphql/paging';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireSuperAdmin } from '../auth/auth.policy';
import { todayIn } from '../../lib/clock';
import type { AssignInput } from '../contracts/contracts.service';
import { presentUser } from '../users/users.presenter';
import { requireCompanyAccess } from './companies.policy';
import { presentCompany } from './companies.presenter';
import * as repo from './companies.repo';
import * as service from './companies.service';

type ListArgs = { search?: string | null; sortBy?: repo.CompanySort | null; sortDirection?: 'ASC' | 'DESC' | null; page?: PageArgs; status?: CompanyStatus | null };

async function listPage(ctx: GqlContext, args: ListArgs, status: CompanyStatus | undefined, defaultSort: repo.CompanySort) {
  const viewer = await requireSuperAdmin(ctx);
  const page = pageOf(args.page);
  const search = args.search?.trim().slice(0, 100) || undefined;
  const { rows, total } = await repo.listCompanies(ctx.deps.db, {
    status,
    search,
    sort: args.sortBy ?? defaultSort,
    direction: args.sortDirection ?? (defaultSort === 'CREATED_AT' ? 'DESC' : 'ASC'),
    limit: page.limit,
    offset: page.offset,
    today: todayIn(ctx.deps.clock),
  });
  return { companies: rows.map((c) => presentCompany(ctx.deps, viewer, c)), pageInfo: pageInfo(page, total) };
}

export const companiesResolvers: ModuleResolvers = {
  Query: {
    getCompanies: (args: ListArgs, ctx) => listPage(ctx, args, args.status ?? undefined, 'NAME'),
    getCompaniesSummary: async (_args, ctx) => {
      await requireSuperAdmin(ctx);
      return repo.countCompaniesByStatus(ctx.deps.db);
    },
    getAllActiveCompanies: (args: ListArgs, ctx) => listPage(ctx, args, 'ACTIVATED', 'NAME'),
    getAllNewCompanies: (args: ListArgs, ctx) => listPage(ctx, args, 'PENDING', 'CREATED_AT'),
    getCompany: async (args: { companyId: string }, ctx) => {
      const { viewer, company } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN', 'EMPLOYEE']);
      return presentCompany(ctx.deps, viewer, company);
    },
    getCompanyStats: async (args: { companyId: string }, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return repo.companyStats(ctx.deps.db, args.companyId);
    },
    getCompanyUsers: async (args: { companyId: string }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return (await repo.companyUsers(ctx.deps.db, args.companyId)).map((u) => presentUser(ctx.deps, viewer, u));
    },
    getActiveCompanyAdminUsers: async (args: { companyId: string }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return (await repo.companyUsers(ctx.deps.db, args.companyId, true)).map((u) => presentUser(ctx.deps, viewer, u));
    },
  },
  Mutation: {
    updateCompany: async (args: { companyToUpdate: service.UpdateCompanyInput }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyToUpdate.id, ['SUPER_ADMIN', 'ADMIN']);
      await service.updateCompany(ctx.deps, viewer, args.companyToUpdate);
      return SUCCESS('Organization updated');
    },
    activateOrganization: async (args: { input: AssignInput & { accountManager: string; supportLevel: SupportLevel; notes?: string | null } }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.activateOrganization(ctx.deps, viewer, args.input);
      return SUCCESS('Organization activated');
    },
    updateCompanyStatus: async (args: { company: { companyId: string; status: CompanyStatus } }, ctx) => {
      await requireCompanyAccess(ctx, args.company.companyId, ['SUPER_ADMIN']);
      await service.setCompanyStatus(ctx.deps, args.company.companyId, args.company.status);
      return SUCCESS('Status updated');
    },
    changeCompanyStatusToDeactivate: async (args: { company: { companyId: string } }, ctx) => {
      await requireCompanyAccess(ctx, args.company.companyId, ['SUPER_ADMIN']);
      await service.setCompanyStatus(ctx.deps, args.company.companyId, 'DEACTIVATED');
      return SUCCESS('Organization deactivated');
    },
    deleteCompany: async (args: { companyId: string }, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN']);
      await service.deleteCompany(ctx.deps, args.companyId);
      return SUCCESS('Organization deleted');
    },
    updateCompanyComment: async (args: { input: { companyId: string; comment?: string | null } }, ctx) => {
      await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.updateComment(ctx.deps, args.input.companyId, args.input.comment);
      return SUCCESS('Comment saved');
    },
    changeCompanyBetaStatus: async (args: { input: { companyId: string; isBeta: boolean } }, ctx) => {
      await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.setBeta(ctx.deps, args.input.companyId, args.input.isBeta);
      return SUCCESS('Beta status saved');
    },
  },
};
