import { requireRole, requireSuperAdmin } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireCompanyAccess } from '../companies';
import { presentCreditOverview, presentCreditPlan, presentCreditSummary, presentWallet } from './credits.presenter';
import * as service from './credits.service';
import { refundTransaction } from './ledger.service';

export const creditsResolvers: ModuleResolvers = {
  Company: {
    wallet: (company, _args, ctx) => presentWallet(ctx.deps, company),
    activeCreditOverview: (company, _args, ctx) => presentCreditOverview(ctx.deps, company),
  },
  Query: {
    // The wallet dropdown shows every role its company's balance.
    getCompanyCreditSummary: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN', 'EMPLOYEE']);
      return presentCreditSummary(await service.creditSummary(ctx.deps, args.companyId));
    },
    getCompanyCreditPlans: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return (await service.companyCreditPlans(ctx.deps, args.companyId)).map((p) =>
        presentCreditPlan(ctx.deps, viewer, p),
      );
    },
    getCompanyCreditPlansByType: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      return (await service.companyCreditPlans(ctx.deps, args.companyId, args.type)).map((p) =>
        presentCreditPlan(ctx.deps, viewer, p),
      );
    },
    getNextAvailableCreditPlanForCompany: async (_, args, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN', 'EMPLOYEE']);
      const plan = await service.nextCreditPlan(ctx.deps, args.companyId);
      return plan ? presentCreditPlan(ctx.deps, viewer, plan) : null;
    },
    getCompanyTransactionsGroupedByDatafile: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      const { lines, pageInfo } = await service.transactionsPage(ctx.deps, args.companyId, args, await ctx.locale());
      return {
        transactions: lines.map((l) => ({
          ...l,
          numberOfUpdates: l.type === 'USED' ? l.numberOfUpdates : null,
          creditPlanDetails: {
            id: l.creditPlanDetails.id,
            name: l.creditPlanDetails.name,
            type: l.creditPlanDetails.role,
          },
        })),
        pageInfo,
      };
    },
    getAllPackages: async (_, _args, ctx) => {
      await requireRole(ctx, 'SUPER_ADMIN', 'ADMIN');
      return service.packages(ctx.deps);
    },
    getPackage: async (_, args, ctx) => {
      await requireRole(ctx, 'SUPER_ADMIN', 'ADMIN');
      return service.packageById(ctx.deps, args.packageId);
    },
  },
  Mutation: {
    setPackage: async (_, args, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN']);
      await service.setCompanyPackage(ctx.deps, args.companyId, args.packageId);
      return SUCCESS('Package set');
    },
    refundTransaction: async (_, args, ctx) => {
      const viewer = await requireSuperAdmin(ctx);
      await refundTransaction(ctx.deps, { transactionId: args.transactionId, actorId: viewer.userId });
      return SUCCESS('Transaction refunded');
    },
  },
};
