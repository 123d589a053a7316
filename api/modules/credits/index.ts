// The credits module's front door: what other modules may use of it (layering/imports holds them to it).

export {
  companiesLowOnValidPlans,
  expiredPlansWithBalance,
  insertInvoice,
  unbilledClosedQuarters,
} from './calendar.repo';
export { chargeDatafile, creditsForInterviews, type LedgerDeps } from './charge.service';
export { alertAdmins, alertContractExpiring, alertLowBalanceIfNeeded, drawableCredits } from './credit-alerts.service';
export { creditAvailability } from './credit-availability.service';
export {
  createCreditPlan,
  creditPlanById,
  deactivatePlansOfContract,
  followContractDates,
  topUpCreditPlan,
} from './credit-plans.service';
export { presentCreditPlan } from './credits.presenter';
export { plansOfCompany } from './credits.repo';
export { packageById } from './credits.service';
export { contractsByIdOf, isPrepaid } from './drawdown';
export { expirePlanRemainder } from './ledger.service';
