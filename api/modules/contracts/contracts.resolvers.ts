import { requireRole, requireSuperAdmin } from '../../graphql/access';
import type { GqlContext } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireCompanyAccess } from '../companies';
import { presentContract } from './contracts.presenter';
import * as service from './contracts.service';

/** An operator acting on an existing contract. */
async function requireOperatorContract(ctx: GqlContext, contractId: string) {
  await requireSuperAdmin(ctx);
  return service.requireContract(ctx.deps, contractId);
}

export const contractsResolvers: ModuleResolvers = {
  Company: {
    contract: async (company, _args, ctx) => {
      const [active, viewer] = await Promise.all([service.activeContractOf(ctx.deps, company.id), ctx.viewer()]);
      return active && viewer ? presentContract(ctx.deps, viewer, active) : null;
    },
  },
  Query: {
    getCompanyContracts: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return (await service.contractsVisibleTo(ctx.deps, viewer, args.companyId)).map((c) =>
        presentContract(ctx.deps, viewer, c),
      );
    },
    getContractById: async (_, args, ctx) => {
      // Who may ask at all comes first: an EMPLOYEE or a stranger is refused the same for every id,
      // and another company's contract then answers like a missing one.
      await requireRole(ctx, 'SUPER_ADMIN', 'ADMIN');
      const c = await service.requireContract(ctx.deps, args.contractId);
      const { viewer } = await requireCompanyAccess(ctx, c.companyId, ['SUPER_ADMIN', 'ADMIN']).catch((e) => {
        throw e instanceof AppError && e.code === 'COMPANY_NOT_FOUND'
          ? new AppError('INVALID_ID', { field: 'contractId' })
          : e;
      });
      service.assertVisible(ctx.deps, viewer, c);
      return presentContract(ctx.deps, viewer, c);
    },
    isCompnayHavingUpcomingContract: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN']);
      return service.hasUpcomingContract(ctx.deps, args.companyId);
    },
  },
  Mutation: {
    activateOrganization: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.activateOrganization(ctx.deps, viewer, args.input);
      return SUCCESS('Organization activated');
    },
    editContract: async (_, args, ctx) => {
      await requireOperatorContract(ctx, args.contractToEdit.contractId);
      await service.editContract(ctx.deps, args.contractToEdit);
      return SUCCESS('Contract updated');
    },
    deleteContract: async (_, args, ctx) => {
      await requireOperatorContract(ctx, args.contractId);
      await service.deleteContract(ctx.deps, args.contractId);
      return SUCCESS('Contract deleted');
    },
    assignUpcomingContractToCompany: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.assignContract(ctx.deps, viewer.userId, args.input, 'UPCOMING');
      return SUCCESS('Contract assigned');
    },
    assignNewContractToCompany: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.assignContract(ctx.deps, viewer.userId, args.input, 'NEW');
      return SUCCESS('Contract assigned');
    },
    updateCompanyNextContract: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.replaceUpcomingContract(ctx.deps, viewer.userId, args.input);
      return SUCCESS('Upcoming contract updated');
    },
    updateTestPlan: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.updateTestPlan(ctx.deps, viewer.userId, args.input);
      return SUCCESS('Test plan updated');
    },
    changeCompanyContractStatus: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.company.companyId, ['SUPER_ADMIN']);
      await service.setContractDeactivated(ctx.deps, viewer.userId, args.company);
      return SUCCESS(args.company.deactivate ? 'Contract deactivated' : 'Contract reactivated');
    },
  },
};
