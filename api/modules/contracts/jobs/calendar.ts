import { addDays } from '../../../../db/domain/calendar';
import { writeTransaction } from '../../../../db/write-transaction';
import type { Deps } from '../../../kernel/deps';
import { todayIn } from '../../../lib/clock';
import { contractsDueForRenewal, contractsEndingSoonUnannounced, findContract } from '../contracts.repo';
import { renewContract } from '../renewal.service';
import {
  companiesLowOnValidPlans,
  expiredPlansWithBalance,
  insertInvoice,
  unbilledClosedQuarters,
} from '../../credits';
import { alertContractExpiring, alertLowBalanceIfNeeded, drawableCredits } from '../../credits';
import { creditPlanById } from '../../credits';
import { plansOfCompany } from '../../credits';
import { contractsByIdOf } from '../../credits';
import { expirePlanRemainder } from '../../credits';
import type { CalendarJobResult } from './contract';

export type { CalendarJobResult };

const BATCH = 200;

/** First day (YYYY-MM-DD) of the Vienna quarter that contains `today`. */
export function quarterStartOf(today: string): string {
  const month = Number(today.slice(5, 7));
  return `${today.slice(0, 4)}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
}

/**
 * Applies what the Vienna calendar implies: renewals, expired plan remainders, quarterly invoices
 * and the low-balance and contract-expiry alerts (docs/architecture.md, "Credits"). Idempotent and safe to
 * run every few minutes from several processes: every write re-checks inside its own short write
 * transaction and lands under a UNIQUE key (renewedFromId, expire:{planId}, invoice plan+quarter,
 * notification dedupe keys). Order matters: renew first so a renewed chain's new plans exist, then
 * expire what ended, then bill closed quarters, then the alerts.
 */
export async function runCalendarJob(deps: Pick<Deps, 'db' | 'clock'>): Promise<CalendarJobResult> {
  const today = todayIn(deps.clock);
  const result: CalendarJobResult = {
    renewedContracts: 0,
    expiredPlans: 0,
    expiredCredits: 0,
    invoices: 0,
    contractAlerts: 0,
    lowBalanceAlerts: 0,
  };

  // A renewal that itself ended (the job did not run for a year) is renewed in the next round.
  for (
    let due = await contractsDueForRenewal(deps.db, today);
    due.length > 0;
    due = await contractsDueForRenewal(deps.db, today)
  ) {
    let renewed = 0;
    for (const c of due) {
      const id = await writeTransaction(deps.db, async (tx) => {
        const fresh = await findContract(tx, c.id);
        return fresh && fresh.autoRenew && !fresh.deactivatedAt ? renewContract(tx, deps, fresh) : null;
      });
      if (id) renewed++;
    }
    result.renewedContracts += renewed;
    if (renewed === 0) break;
  }

  for (
    let plans = await expiredPlansWithBalance(deps.db, today, BATCH);
    plans.length > 0;
    plans = await expiredPlansWithBalance(deps.db, today, BATCH)
  ) {
    // Counted inside, returned out: a transaction retried on SQLITE_BUSY must not count twice.
    const { expired, credits } = await writeTransaction(deps.db, async (tx) => {
      let n = 0;
      let sum = 0;
      for (const p of plans) {
        const fresh = await creditPlanById(tx, p.id);
        const c = fresh ? await expirePlanRemainder(tx, deps, fresh) : 0;
        if (c > 0) {
          n++;
          sum += c;
        }
      }
      return { expired: n, credits: sum };
    });
    result.expiredPlans += expired;
    result.expiredCredits += credits;
    if (expired === 0) break;
  }

  const quarters = await unbilledClosedQuarters(deps.db, quarterStartOf(today));
  if (quarters.length > 0) {
    const nowIso = deps.clock.now().toISOString();
    result.invoices += await writeTransaction(deps.db, async (tx) => {
      let n = 0;
      for (const q of quarters) {
        if (
          await insertInvoice(tx, {
            companyId: q.companyId,
            creditPlanId: q.creditPlanId,
            quarter: q.quarter,
            usageCredits: Number(q.usageCredits),
            amountCents: Number(q.amountCents),
            createdAt: nowIso,
          })
        )
          n++;
      }
      return n;
    });
  }

  const ending = await contractsEndingSoonUnannounced(deps.db, today, addDays(today, 30));
  const low = await companiesLowOnValidPlans(deps.db, today);
  if (ending.length > 0 || low.length > 0) {
    result.lowBalanceAlerts = await writeTransaction(deps.db, async (tx) => {
      for (const c of ending) await alertContractExpiring(tx, deps, c);
      let alerted = 0;
      for (const { companyId } of low) {
        const [plans, contractsById] = await Promise.all([
          plansOfCompany(tx, companyId),
          contractsByIdOf(tx, companyId),
        ]);
        if (await alertLowBalanceIfNeeded(tx, deps, companyId, drawableCredits(plans, contractsById, today))) alerted++;
      }
      return alerted;
    });
    result.contractAlerts = ending.length;
  }
  return result;
}
