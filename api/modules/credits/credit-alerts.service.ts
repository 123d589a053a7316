import type { DbOrTx } from '../../../db/client';
import type { Deps } from '../../kernel/deps';
import { enqueueMail } from '../mail';
import { alertRaised, insertEventNotification, notificationFormat } from '../notifications';
import { createHash } from 'node:crypto';
import { activeAdminsOfCompany, companyName, type CreditPlanRow } from './credits.repo';
import { isPrepaid, isUsableToday, type DrawdownContract, type DrawdownPlan } from './drawdown';

// Credit alerts reach the company's ADMIN users as an in-app notification plus a mail. Each one has
// a dedupe key under a UNIQUE index (notification and outbox), so the charge path and the calendar
// job may both raise the same alert and it still arrives once per plan (or contract) and admin.

type AlertDeps = Pick<Deps, 'clock'>;
type Template = 'backupPlanActivated' | 'lowBalance' | 'contractExpiring' | 'liveCeilingNearing' | 'liveCeilingReached';

/**
 * Tells every active ADMIN of the organisation, each in their language: an in-app notification
 * (title and notice of mail.<template>) and a mail, both under `<keyPrefix>:<admin id>`, so raising
 * the same alert twice reaches each admin once. Numbers in `params` are formatted per admin.
 */
export async function alertAdmins(
  db: DbOrTx,
  deps: AlertDeps,
  companyId: string,
  template: Template,
  keyPrefix: string,
  params: Record<string, string | number | { date: string }>,
  url: string,
) {
  const company = await companyName(db, companyId);
  const now = deps.clock.now().toISOString();
  for (const admin of await activeAdminsOfCompany(db, companyId)) {
    const dedupeKey = `${keyPrefix}:${admin.id}`;
    // Stored as the event: the notification shows its figures and dates in the reader's language.
    await insertEventNotification(
      db,
      {
        userId: admin.id,
        companyId,
        type: 'GENERIC',
        event: template,
        params: { name: admin.firstName, company, ...params },
        url,
        dedupeKey,
        createdAt: now,
      },
      admin.locale,
    );
    // Figures and dates in the admin's language (4.600 / 4,600), like every other number they see.
    const f = notificationFormat(admin.locale);
    const formatted = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [
        k,
        typeof v === 'number' ? f.number(v) : typeof v === 'string' ? v : f.date(v.date),
      ]),
    );
    const all = { name: admin.firstName, company, ...formatted };
    await enqueueMail(db, deps, { to: admin.email, locale: admin.locale, template, params: all, dedupeKey });
  }
}

/** The backup pay-as-usage plan took its first credits: tell the admins (once per plan). */
export const alertBackupActivated = (db: DbOrTx, deps: AlertDeps, plan: CreditPlanRow) =>
  alertAdmins(db, deps, plan.companyId, 'backupPlanActivated', `backup-activated:${plan.id}`, {}, '/administration');

/** Credits the company can still draw from its prepaid plans today, and what those plans received. */
export type Drawable = { balance: number; received: number; planIds: string[] };

/**
 * What the company can still draw today: the prepaid plans usable today by the drawdown rule
 * (balance aside), summed; the same figures as the wallet's percentage.
 */
export function drawableCredits(
  plans: readonly (DrawdownPlan & { received: number })[],
  contractsById: ReadonlyMap<string, DrawdownContract>,
  today: string,
): Drawable {
  const usable = plans.filter((p) => isPrepaid(p) && isUsableToday(p, contractsById, today));
  return {
    balance: usable.reduce((a, p) => a + p.balance, 0),
    received: usable.reduce((a, p) => a + p.received, 0),
    planIds: usable.map((p) => p.id).sort(),
  };
}

/** True below 25 % of what the drawable plans received (the wallet's red dot). */
export const isLowBalance = (d: Pick<Drawable, 'balance' | 'received'>) => d.received > 0 && d.balance * 4 < d.received;

/**
 * Low-balance alert about what the organisation can still draw (all its drawable prepaid plans),
 * never about one spent plan while others hold credits. Once per admin and "episode": the key
 * names the drawable plans and what they received, so new credits (a new contract, a top-up)
 * that run low again raise a new alert. No-op when the balance is fine.
 */
export async function alertLowBalanceIfNeeded(
  db: DbOrTx,
  deps: AlertDeps,
  companyId: string,
  drawable: Drawable,
): Promise<boolean> {
  if (!isLowBalance(drawable)) return false;
  const episode = createHash('sha256')
    .update(`${drawable.planIds.join(',')}:${drawable.received}`)
    .digest('hex')
    .slice(0, 16);
  const key = `low-balance:${companyId}:${episode}`;
  if (await alertRaised(db, `${key}:`)) return false;
  await alertAdmins(
    db,
    deps,
    companyId,
    'lowBalance',
    key,
    { balance: drawable.balance, received: drawable.received },
    '/administration',
  );
  return true;
}

/** The contract ends within 30 days (endDate: YYYY-MM-DD, Vienna): once per contract and admin. */
export const alertContractExpiring = (
  db: DbOrTx,
  deps: AlertDeps,
  contract: { id: string; companyId: string; endDate: string },
) =>
  alertAdmins(
    db,
    deps,
    contract.companyId,
    'contractExpiring',
    `contract-expiring:${contract.id}`,
    { date: { date: contract.endDate } },
    '/administration',
  );
