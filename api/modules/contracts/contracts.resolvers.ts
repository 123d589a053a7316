import type { Viewer } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireSuperAdmin } from '../auth/auth.policy';
import { requireCompanyAccess } from '../companies/companies.policy';
import { contractStatus } from '../../../db/domain/contracts';
import { todayIn } from '../../lib/clock';
import { presentContract } from './contracts.presenter';
import * as repo from './contracts.repo';
import * as service from './contracts.service';

/** ADMIN sees the company's contracts without UPCOMING ones (spec section 6). */
const visibleTo = (viewer: Viewer, today: string) => (c: repo.ContractRow) => viewer.accessLevel === 'SUPER_ADMIN' || contractStatus(c, today) !== 'UPCOMING';

/** An operator mutation on a contract of an existing company. */
async function operatorContract(ctx: Parameters<NonNullable<ModuleResolvers['Query']>[string]>[1], contractId: string) {
  await requireSuperAdmin(ctx);
  const c = await repo.findContract(ctx.deps.db, contractId);
  if (!c) throw new AppError('INVALID_ID', { field: 'contractId' });
  return c;
}

export const contractsResolvers: ModuleResolvers = {
  Query: {
    getCompanyContracts: async (args: { companyId: string }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      const today = todayIn(ctx.deps.clock);
      return (await repo.listCompanyContracts(ctx.deps.db, args.companyId)).filter(visibleTo(viewer, today)).map((c) => presentContract(ctx.deps, viewer, c));
    },
    getContractById: async (args: { contractId: string }, ctx) => {
      const c = await repo.findContract(ctx.deps.db, args.contractId);
      // Another company's contract answers like a missing one.
      if (!c) throw new AppError('INVALID_ID', { field: 'contractId' });
      const { viewer } = await requireCompanyAccess(ctx, c.companyId, ['SUPER_ADMIN', 'ADMIN']).catch((e) => {
        throw e instanceof AppError && e.code === 'COMPANY_NOT_FOUND' ? new AppError('INVALID_ID', { field: 'contractId' }) : e;
      });
      if (!visibleTo(viewer, todayIn(ctx.deps.clock))(c)) throw new AppError('INVALID_ID', { field: 'contractId' });
      return presentContract(ctx.deps, viewer, c);
    },
    isCompnayHavingUpcomingContract: async (args: { companyId: string }, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN']);
      const today = todayIn(ctx.deps.clock);
      return (await repo.listCompanyContracts(ctx.deps.db, args.companyId)).some((c) => contractStatus(c, today) === 'UPCOMING');
    },
  },
  Mutation: {
    editContract: async (args: { contractToEdit: { contractId: string; startDate: string; endDate: string; autoRenew: boolean } }, ctx) => {
      await operatorContract(ctx, args.contractToEdit.contractId);
      await service.editContract(ctx.deps, args.contractToEdit);
      return SUCCESS('Contract updated');
    },
    deleteContract: async (args: { contractId: string }, ctx) => {
      await operatorContract(ctx, args.contractId);
      await service.deleteContract(ctx.deps, args.contractId);
      return SUCCESS('Contract deleted');
    },
    assignUpcomingContractToCompany: async (args: { input: service.AssignInput }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.assignContract(ctx.deps, viewer.userId, args.input, 'UPCOMING');
      return SUCCESS('Contract assigned');
    },
    assignNewContractToCompany: async (args: { input: service.AssignInput }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.assignContract(ctx.deps, viewer.userId, args.input, 'NEW');
      return SUCCESS('Contract assigned');
    },
    updateCompanyNextContract: async (args: { input: service.AssignInput }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.replaceUpcomingContract(ctx.deps, viewer.userId, args.input);
      return SUCCESS('Upcoming contract updated');
    },
    updateTestPlan: async (args: { input: { companyId: string; creditAmount: number; endDate?: string | null } }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.input.companyId, ['SUPER_ADMIN']);
      await service.updateTestPlan(ctx.deps, viewer.userId, args.input);
      return SUCCESS('Test plan updated');
    },
    changeCompanyContractStatus: async (args: { company: { companyId: string; contractId: string; deactivate: boolean } }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.company.companyId, ['SUPER_ADMIN']);
      await service.setContractDeactivated(ctx.deps, viewer.userId, args.company);
      return SUCCESS(args.company.deactivate ? 'Contract deactivated' : 'Contract reactivated');
    },
  },
};
