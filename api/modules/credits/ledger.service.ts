// The ledger's service surface, one import for the GraphQL layer and the upload pipeline. Each rule
// lives in its own file by role: charge, refund, plan life (received/expired), summary, read model.
export {
  chargeDatafile,
  creditsForInterviews,
  MAX_CREDITS_PER_INTERVIEW,
  MIN_CREDITS_PER_INTERVIEW,
  type ChargeInput,
  type ChargeResult,
  type LedgerDeps,
} from './charge.service';
export { refundTransaction, type RefundResult } from './refund.service';
export { grantPlanCredits, expirePlanRemainder } from './plan-ledger.service';
export {
  companyCreditSummary,
  companyCreditTotals,
  type CompanyCreditSummary,
  type CompanyCreditTotals,
} from './credit-summary.service';
export { transactionsGroupedByDatafile, type GroupedTransactionLine } from './read-models';
export { nextAvailableCreditPlan, orderEligiblePlans, allocate } from './drawdown';
export { creditAvailability, type CreditAvailability } from './credit-availability.service';
