import type { CreditPlanRole, TransactionType } from '../../../db/schema';
import { AppError } from '../../graphql/errors';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireRole, requireSuperAdmin } from '../auth/auth.policy';
import { requireCompanyAccess } from '../companies/companies.policy';
import { updateCompanyById } from '../companies/companies.repo';
import { pageInfo, pageOf } from '../../graphql/paging';
import { todayIn } from '../../lib/clock';
import { findPackage, listPackages } from '../contracts/contracts.repo';
import { presentCreditPlan } from './credits.presenter';
import { plansOfCompany, ledgerRowById } from './credits.repo';
import { companyCreditSummary, nextAvailableCreditPlan, refundTransaction, transactionsGroupedByDatafile } from './ledger.service';

const ALL_TYPES: TransactionType[] = ['RECEIVED', 'USED', 'EXPIRED', 'REFUND'];

export const creditsResolvers: ModuleResolvers = {
  Query: {
    // The wallet dropdown shows every role its company's balance.
    getCompanyCreditSummary: async (args: { companyId: string }, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN', 'EMPLOYEE']);
      const summary = await companyCreditSummary(ctx.deps.db, args.companyId, todayIn(ctx.deps.clock));
      // The API promises 0 cents when no pay-as-usage plan is active.
      return { ...summary, pricePerCreditForPayAsUsage: summary.pricePerCreditForPayAsUsage ?? 0 };
    },
    getCompanyCreditPlans: async (args: { companyId: string }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      const plans = (await plansOfCompany(ctx.deps.db, args.companyId)).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
      return plans.map((p) => presentCreditPlan(ctx.deps, viewer, p));
    },
    getCompanyCreditPlansByType: async (args: { companyId: string; type: CreditPlanRole }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      const plans = (await plansOfCompany(ctx.deps.db, args.companyId)).filter((p) => p.role === args.type).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
      return plans.map((p) => presentCreditPlan(ctx.deps, viewer, p));
    },
    getNextAvailableCreditPlanForCompany: async (args: { companyId: string }, ctx) => {
      const { viewer } = await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN', 'EMPLOYEE']);
      const plan = await nextAvailableCreditPlan(ctx.deps.db, args.companyId, todayIn(ctx.deps.clock));
      return plan ? presentCreditPlan(ctx.deps, viewer, plan) : null;
    },
    getCompanyTransactionsGroupedByDatafile: async (
      args: { companyId: string; search?: string | null; types?: TransactionType[] | null; page?: { page?: number | null; limit?: number | null } | null },
      ctx,
    ) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN', 'ADMIN']);
      const page = pageOf(args.page, 8);
      const types = new Set(args.types ?? ALL_TYPES);
      const search = args.search?.trim().toLowerCase().slice(0, 100) ?? '';
      // Grouped in SQL by the read model; the filter and the page cut run over its lines.
      const lines = (await transactionsGroupedByDatafile(ctx.deps.db, args.companyId)).filter((l) => types.has(l.type) && (!search || l.description.toLowerCase().includes(search)));
      return {
        transactions: lines.slice(page.offset, page.offset + page.limit).map((l) => ({
          ...l,
          numberOfUpdates: l.type === 'USED' ? l.numberOfUpdates : null,
          creditPlanDetails: { id: l.creditPlanDetails.id, name: l.creditPlanDetails.name, type: l.creditPlanDetails.role },
        })),
        pageInfo: pageInfo(page, lines.length),
      };
    },
    getAllPackages: async (_args, ctx) => {
      await requireRole(ctx, 'SUPER_ADMIN', 'ADMIN');
      return listPackages(ctx.deps.db);
    },
    getPackage: async (args: { packageId: string }, ctx) => {
      await requireRole(ctx, 'SUPER_ADMIN', 'ADMIN');
      const p = await findPackage(ctx.deps.db, args.packageId);
      if (!p) throw new AppError('INVALID_ID', { field: 'packageId' });
      return p;
    },
  },
  Mutation: {
    setPackage: async (args: { companyId: string; packageId: string }, ctx) => {
      await requireCompanyAccess(ctx, args.companyId, ['SUPER_ADMIN']);
      if (!(await findPackage(ctx.deps.db, args.packageId))) throw new AppError('INVALID_ID', { field: 'packageId' });
      await updateCompanyById(ctx.deps.db, args.companyId, { packageId: args.packageId, updatedAt: ctx.deps.clock.now().toISOString() });
      return SUCCESS('Package set');
    },
    refundTransaction: async (args: { transactionId: string }, ctx) => {
      const viewer = await requireSuperAdmin(ctx);
      if (!(await ledgerRowById(ctx.deps.db, args.transactionId))) throw new AppError('INVALID_ID', { field: 'transactionId' });
      await refundTransaction(ctx.deps, { transactionId: args.transactionId, actorId: viewer.userId });
      return SUCCESS('Transaction refunded');
    },
  },
};
