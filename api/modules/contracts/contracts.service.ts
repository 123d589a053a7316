import { contractStatus, endKeepingLength, isFixedLength, NO_RENEW_TYPES } from '../../../db/domain/contracts';
import type { DbOrTx } from '../../../db/client';
import type { ContractType } from '../../../db/schema';
import { writeTransaction, type Tx } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { todayIn } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { requireAmount } from '../../lib/validation';
import {
  checkBusinessInfo,
  findCompanyById,
  markActivated,
  requirePendingCompany,
  type BusinessInfo,
} from '../companies';
import {
  createCreditPlan,
  creditPlanById,
  deactivatePlansOfContract,
  followContractDates,
  topUpCreditPlan,
} from '../credits';
import { packageById } from '../credits';
import { findLiveUserById } from '../users';
import {
  checkContractTerms,
  checkPlanTerms,
  requireCalendarDate,
  type ContractTerms,
  type PlanTerms,
} from './contract-rules';
import * as repo from './contracts.repo';

export type AssignInput = {
  companyId: string;
  contract: { contractType: ContractType; startDate: string; endDate: string; autoRenew: boolean };
  creditPlan: {
    creditPlanCategory: 'EXPIRING' | 'NON_EXPIRING' | 'PAY_AS_USAGE';
    creditAmount: number;
    pricePerCredit: number;
    paymentAmount: number;
  };
  packageId?: string | null;
};

/** 'NEW': active from today when none is active, else upcoming; 'UPCOMING': must follow an active contract. */
export type AssignMode = 'NEW' | 'UPCOMING';

async function companyContractsByStatus(db: DbOrTx, companyId: string, today: string) {
  const all = await repo.listCompanyContracts(db, companyId);
  const live = all.filter((c) => !c.deactivatedAt);
  return {
    all,
    live,
    active: live.find((c) => contractStatus(c, today) === 'ACTIVE'),
    upcoming: live.find((c) => contractStatus(c, today) === 'UPCOMING'),
  };
}

/** No two live contracts of a company share a day. */
function assertNoOverlap(live: repo.ContractRow[], terms: { startDate: string; endDate: string }, exceptId?: string) {
  const clash = live.find((c) => c.id !== exceptId && c.startDate <= terms.endDate && c.endDate >= terms.startDate);
  if (clash)
    throw new AppError('INVALID_PARAMETERS', { field: 'startDate', reason: 'CONTRACTS_OVERLAP', contractId: clash.id });
}

/**
 * Where a new contract may start (the contract form's rule): after the active contract's end
 * when there is one (it becomes UPCOMING, at most one per company); otherwise today (or later).
 */
function checkStart(
  mode: AssignMode,
  today: string,
  state: Awaited<ReturnType<typeof companyContractsByStatus>>,
  terms: ContractTerms,
) {
  if (state.upcoming)
    throw new AppError('INVALID_PARAMETERS', { field: 'companyId', reason: 'UPCOMING_CONTRACT_EXISTS' });
  if (state.active) {
    if (terms.startDate <= state.active.endDate)
      throw new AppError('INVALID_PARAMETERS', {
        field: 'startDate',
        reason: 'START_AFTER_ACTIVE_END',
        after: state.active.endDate,
      });
  } else {
    if (mode === 'UPCOMING') throw new AppError('COMPANY_CONTRACT_NOT_ACTIVE');
    if (terms.startDate < today)
      throw new AppError('INVALID_PARAMETERS', { field: 'startDate', reason: 'START_IN_THE_PAST' });
  }
  assertNoOverlap(state.live, terms);
}

/** Creates the contract, its primary plan (with its RECEIVED row) and, unless TEST or pay-as-usage, a pay-as-usage backup plan. */
async function createContractWithPlans(
  tx: Tx,
  deps: Deps,
  actorId: string,
  companyId: string,
  terms: ContractTerms,
  plan: PlanTerms,
) {
  const nowIso = deps.clock.now().toISOString();
  const contractId = crypto.randomUUID();
  const tierName = `${terms.type[0]}${terms.type.slice(1).toLowerCase()}`;
  await repo.insertContract(tx, {
    id: contractId,
    companyId,
    type: terms.type,
    name: `CTR-${terms.startDate.slice(0, 4)}-${randomToken(4)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X')}`,
    startDate: terms.startDate,
    endDate: terms.endDate,
    autoRenew: terms.autoRenew,
    createdAt: nowIso,
    createdBy: actorId,
  });
  const common = {
    companyId,
    contractId,
    planType: terms.type,
    validFrom: terms.startDate,
    pricePerCredit: plan.pricePerCredit,
    createdAt: nowIso,
    createdBy: actorId,
  };
  const primaryCreditPlanId = await createCreditPlan(tx, deps, {
    ...common,
    role: 'PRIMARY',
    category: plan.category,
    name: `${tierName} ${terms.startDate}`,
    validUntil: plan.category === 'NON_EXPIRING' ? null : terms.endDate,
    received: plan.credits,
    paymentAmount: plan.paymentAmount,
  });
  const backupCreditPlanId =
    terms.type !== 'TEST' && plan.category !== 'PAY_AS_USAGE'
      ? await createCreditPlan(tx, deps, {
          ...common,
          role: 'BACKUP',
          category: 'PAY_AS_USAGE',
          name: `${tierName} pay as usage`,
          validUntil: terms.endDate,
          paymentAmount: 0,
        })
      : null;
  await repo.setContractPlans(tx, contractId, { primaryCreditPlanId, backupCreditPlanId });
  return contractId;
}

/** assignNewContractToCompany / assignUpcomingContractToCompany / the activation wizard's contract step. */
export async function assignContract(
  deps: Deps,
  actorId: string,
  input: AssignInput,
  mode: AssignMode,
  tx?: Tx,
): Promise<string> {
  const terms = checkContractTerms(input.contract);
  const plan = checkPlanTerms(terms.type, input.creditPlan);
  if (input.packageId) await packageById(deps, input.packageId);
  const run = async (t: Tx) => {
    const today = todayIn(deps.clock);
    const state = await companyContractsByStatus(t, input.companyId, today);
    checkStart(mode, today, state, terms);
    return createContractWithPlans(t, deps, actorId, input.companyId, terms, plan);
  };
  return tx ? run(tx) : writeTransaction(deps.db, run);
}

/** A contract that was not deleted, or INVALID_ID. */
async function liveContract(db: DbOrTx, contractId: string) {
  const c = await repo.findContract(db, contractId);
  if (!c) throw new AppError('INVALID_ID', { field: 'contractId' });
  return c;
}

/**
 * editContract: an expired contract cannot be edited; an active one keeps
 * its start; an upcoming one starts after today and after the active contract's end; moving the
 * start keeps the duration (fixed-length types keep one year minus one day); no overlaps; the
 * active contract's auto-renew is locked while an upcoming one exists.
 */
export async function editContract(
  deps: Pick<Deps, 'clock' | 'db'>,
  input: { contractId: string; startDate: string; endDate: string; autoRenew: boolean },
): Promise<void> {
  const startDate = requireCalendarDate('startDate', input.startDate);
  let endDate = requireCalendarDate('endDate', input.endDate);
  await writeTransaction(deps.db, async (tx) => {
    const c = await liveContract(tx, input.contractId);
    const today = todayIn(deps.clock);
    const status = contractStatus(c, today);
    if (status === 'EXPIRED' || status === 'DEACTIVE')
      throw new AppError('INVALID_PARAMETERS', { field: 'contractId', reason: 'CONTRACT_NOT_EDITABLE', status });
    const state = await companyContractsByStatus(tx, c.companyId, today);
    if (status === 'ACTIVE' && startDate !== c.startDate)
      throw new AppError('INVALID_PARAMETERS', { field: 'startDate', reason: 'START_LOCKED' });
    if (startDate !== c.startDate) {
      if (startDate <= today)
        throw new AppError('INVALID_PARAMETERS', { field: 'startDate', reason: 'START_AFTER_TODAY' });
      if (state.active && state.active.id !== c.id && startDate <= state.active.endDate)
        throw new AppError('INVALID_PARAMETERS', {
          field: 'startDate',
          reason: 'START_AFTER_ACTIVE_END',
          after: state.active.endDate,
        });
      const kept = endKeepingLength(c, startDate);
      if (endDate !== kept && endDate !== c.endDate)
        throw new AppError('INVALID_PARAMETERS', { field: 'endDate', reason: 'DURATION_KEPT', expected: kept });
      endDate = kept;
    } else if (endDate !== c.endDate) {
      if (isFixedLength(c.type))
        throw new AppError('INVALID_PARAMETERS', {
          field: 'endDate',
          reason: 'ONE_YEAR_MINUS_ONE_DAY',
          expected: c.endDate,
        });
      if (endDate < startDate || endDate < today)
        throw new AppError('INVALID_PARAMETERS', { field: 'endDate', reason: 'END_BEFORE_START_OR_TODAY' });
    }
    if (input.autoRenew !== c.autoRenew) {
      if (NO_RENEW_TYPES.includes(c.type) && input.autoRenew)
        throw new AppError('INVALID_PARAMETERS', { field: 'autoRenew', reason: 'NO_AUTO_RENEW_FOR_TYPE' });
      if (status === 'ACTIVE' && state.upcoming)
        throw new AppError('INVALID_PARAMETERS', { field: 'autoRenew', reason: 'AUTO_RENEW_LOCKED_BY_UPCOMING' });
    }
    assertNoOverlap(state.live, { startDate, endDate }, c.id);
    if (!(await repo.updateContractVersioned(tx, c.id, c.version, { startDate, endDate, autoRenew: input.autoRenew })))
      throw new AppError('INVALID_PARAMETERS', { reason: 'CONCURRENT_EDIT' });
    await followContractDates(tx, c.id, startDate, endDate);
  });
}

/** Only an UPCOMING contract can be deleted; it stays for the audit trail, its plans are deactivated (never spendable). */
export async function deleteContract(deps: Pick<Deps, 'clock' | 'db'>, contractId: string, tx?: Tx): Promise<void> {
  const run = async (t: Tx) => {
    const c = await liveContract(t, contractId);
    if (contractStatus(c, todayIn(deps.clock)) !== 'UPCOMING')
      throw new AppError('INVALID_PARAMETERS', { field: 'contractId', reason: 'ONLY_UPCOMING_CAN_BE_DELETED' });
    const nowIso = deps.clock.now().toISOString();
    if (!(await repo.updateContractVersioned(t, c.id, c.version, { deletedAt: nowIso, deactivatedAt: nowIso })))
      throw new AppError('INVALID_PARAMETERS', { reason: 'CONCURRENT_EDIT' });
    await deactivatePlansOfContract(t, c.id, nowIso);
  };
  return tx ? run(tx) : writeTransaction(deps.db, run);
}

/** updateCompanyNextContract: replaces the upcoming contract (and its plan) in one transaction. */
export async function replaceUpcomingContract(deps: Deps, actorId: string, input: AssignInput): Promise<string> {
  return writeTransaction(deps.db, async (tx) => {
    const state = await companyContractsByStatus(tx, input.companyId, todayIn(deps.clock));
    if (!state.upcoming) throw new AppError('COMPANY_CONTRACT_NOT_FOUND');
    await deleteContract(deps, state.upcoming.id, tx);
    return assignContract(deps, actorId, input, 'UPCOMING', tx);
  });
}

/** changeCompanyContractStatus: DEACTIVE is the only status a person sets; the calendar sets the others. */
export async function setContractDeactivated(
  deps: Pick<Deps, 'clock' | 'db'>,
  actorId: string,
  input: { companyId: string; contractId: string; deactivate: boolean },
): Promise<void> {
  await writeTransaction(deps.db, async (tx) => {
    const c = await liveContract(tx, input.contractId);
    if (c.companyId !== input.companyId) throw new AppError('INVALID_ID', { field: 'contractId' });
    const nowIso = deps.clock.now().toISOString();
    if (input.deactivate) {
      if (c.deactivatedAt) return;
      await repo.updateContractVersioned(tx, c.id, c.version, { deactivatedAt: nowIso, deactivatedBy: actorId });
    } else {
      if (!c.deactivatedAt) return;
      // Lifting DEACTIVE must not create an overlap or a second upcoming contract.
      const state = await companyContractsByStatus(tx, c.companyId, todayIn(deps.clock));
      assertNoOverlap(state.live, c, c.id);
      if (contractStatus({ ...c, deactivatedAt: null }, todayIn(deps.clock)) === 'UPCOMING' && state.upcoming)
        throw new AppError('INVALID_PARAMETERS', { reason: 'UPCOMING_CONTRACT_EXISTS' });
      await repo.updateContractVersioned(tx, c.id, c.version, { deactivatedAt: null, deactivatedBy: null });
    }
  });
}

/** updateTestPlan: the active TEST contract may get more credits (a RECEIVED row of the difference) and a new end. */
export async function updateTestPlan(
  deps: Deps,
  actorId: string,
  input: { companyId: string; creditAmount: number; endDate?: string | null },
): Promise<void> {
  const endDate = input.endDate ? requireCalendarDate('endDate', input.endDate) : null;
  const creditAmount = requireAmount('creditAmount', input.creditAmount, 'credits');
  await writeTransaction(deps.db, async (tx) => {
    const today = todayIn(deps.clock);
    const state = await companyContractsByStatus(tx, input.companyId, today);
    if (!state.active || state.active.type !== 'TEST') throw new AppError('COMPANY_CONTRACT_NOT_FOUND');
    const plan = state.active.primaryCreditPlanId
      ? await creditPlanById(tx, state.active.primaryCreditPlanId)
      : undefined;
    if (!plan) throw new AppError('COMPANY_CONTRACT_NOT_FOUND');
    if (creditAmount < plan.received)
      throw new AppError('INVALID_PARAMETERS', { field: 'creditAmount', reason: 'CAN_ONLY_GROW', min: plan.received });
    if (creditAmount > plan.received) await topUpCreditPlan(tx, deps, plan, creditAmount - plan.received, actorId);
    if (endDate && endDate !== state.active.endDate) {
      if (endDate < today)
        throw new AppError('INVALID_PARAMETERS', { field: 'endDate', reason: 'END_BEFORE_START_OR_TODAY' });
      assertNoOverlap(state.live, { startDate: state.active.startDate, endDate }, state.active.id);
      await repo.updateContractVersioned(tx, state.active.id, state.active.version, { endDate });
      await followContractDates(tx, state.active.id, state.active.startDate, endDate);
    }
  });
}

/**
 * activateOrganization: the 3-step wizard in one transaction: the contract with its plans, the
 * business info (account manager, support level, notes), the company ACTIVATED.
 */
export async function activateOrganization(
  deps: Deps,
  viewer: Viewer,
  input: AssignInput & BusinessInfo,
): Promise<void> {
  const info = checkBusinessInfo(input);
  await writeTransaction(deps.db, async (tx) => {
    const company = await requirePendingCompany(tx, input.companyId);
    await assignContract(deps, viewer.userId, input, 'NEW', tx);
    await markActivated(tx, deps, company, info);
  });
}

/** ADMIN sees the company's contracts without UPCOMING ones; operators see all. */
const visibleTo = (viewer: Viewer, today: string) => (c: repo.ContractRow) =>
  viewer.accessLevel === 'SUPER_ADMIN' || contractStatus(c, today) !== 'UPCOMING';

/** The company's contracts (not deleted) the viewer may see, newest start first. */
export async function contractsVisibleTo(deps: Pick<Deps, 'clock' | 'db'>, viewer: Viewer, companyId: string) {
  return (await repo.listCompanyContracts(deps.db, companyId)).filter(visibleTo(viewer, todayIn(deps.clock)));
}

/** A contract by id, or INVALID_ID (deleted contracts included in "missing"). */
export const requireContract = (deps: Deps, contractId: string) => liveContract(deps.db, contractId);

/** INVALID_ID when the viewer may not see the contract (an ADMIN asking for an UPCOMING one): it answers like a missing one. */
export function assertVisible(deps: Pick<Deps, 'clock'>, viewer: Viewer, c: repo.ContractRow) {
  if (!visibleTo(viewer, todayIn(deps.clock))(c)) throw new AppError('INVALID_ID', { field: 'contractId' });
}

export async function hasUpcomingContract(deps: Pick<Deps, 'clock' | 'db'>, companyId: string) {
  const today = todayIn(deps.clock);
  return (await repo.listCompanyContracts(deps.db, companyId)).some((c) => contractStatus(c, today) === 'UPCOMING');
}

/** The company's ACTIVE contract, if any (Company.contract). */
export async function activeContractOf(deps: Pick<Deps, 'clock' | 'db'>, companyId: string) {
  const today = todayIn(deps.clock);
  return (
    (await repo.listCompanyContracts(deps.db, companyId)).find((c) => contractStatus(c, today) === 'ACTIVE') ?? null
  );
}

/**
 * The queries behind a presented contract's nested fields (presenters only shape data): each runs
 * when its field is asked for, the usage once for both fields that show it.
 */
export function contractFieldQueries(deps: Pick<Deps, 'db'>, c: repo.ContractRow) {
  let usage: ReturnType<typeof repo.contractUsage> | undefined;
  return {
    usage: () => (usage ??= repo.contractUsage(deps.db, c)),
    creditPlan: (id: string) => creditPlanById(deps.db, id),
    creator: (userId: string) => findLiveUserById(deps.db, userId),
    company: () => findCompanyById(deps.db, c.companyId),
  };
}
