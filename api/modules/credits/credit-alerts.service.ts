import type { DbOrTx } from '../../../db/client';
import type { Deps } from '../../deps';
import { translate } from '../../lib/i18n';
import { enqueueMail } from '../mail/mail.service';
import { insertNotification } from '../notifications/notifications.repo';
import { activeAdminsOfCompany, companyName, type CreditPlanRow } from './credits.repo';

// Credit alerts reach the company's ADMIN users as an in-app notification plus a mail. Each one has
// a dedupe key under a UNIQUE index (notification and outbox), so the charge path and the calendar
// job may both raise the same alert and it still arrives once per plan (or contract) and admin.

type AlertDeps = Pick<Deps, 'clock'>;
type Template = 'backupPlanActivated' | 'lowBalance' | 'contractExpiring';

async function alertAdmins(db: DbOrTx, deps: AlertDeps, companyId: string, template: Template, keyPrefix: string, params: Record<string, string | number>, url: string) {
  const company = await companyName(db, companyId);
  const now = deps.clock.now().toISOString();
  for (const admin of await activeAdminsOfCompany(db, companyId)) {
    const all = { name: admin.firstName, company, ...params };
    const dedupeKey = `${keyPrefix}:${admin.id}`;
    await insertNotification(db, {
      userId: admin.id,
      companyId,
      type: 'GENERIC',
      title: translate(admin.locale, `mail.${template}.subject`, all),
      description: translate(admin.locale, `mail.${template}.body`, all),
      url,
      dedupeKey,
      createdAt: now,
    });
    await enqueueMail(db, deps, { to: admin.email, locale: admin.locale, template, params: all, dedupeKey });
  }
}

/** The backup pay-as-usage plan took its first credits: tell the admins (once per plan). */
export const alertBackupActivated = (db: DbOrTx, deps: AlertDeps, plan: CreditPlanRow) =>
  alertAdmins(db, deps, plan.companyId, 'backupPlanActivated', `backup-activated:${plan.id}`, {}, '/administration');

/** True when a prepaid plan holds less than 25 % of what it received (spec section 9, wallet dot). */
export const isLowBalance = (plan: Pick<CreditPlanRow, 'category' | 'received' | 'balance'>) =>
  plan.category !== 'PAY_AS_USAGE' && plan.received > 0 && plan.balance * 4 < plan.received;

/** Low-balance alert for a prepaid plan, at most once per plan and admin; no-op when the balance is fine. */
export async function alertLowBalanceIfNeeded(db: DbOrTx, deps: AlertDeps, plan: CreditPlanRow) {
  if (!isLowBalance(plan)) return;
  await alertAdmins(db, deps, plan.companyId, 'lowBalance', `low-balance:${plan.id}`, { balance: plan.balance, received: plan.received }, '/administration');
}

/** The contract ends within 30 days (endDate: YYYY-MM-DD, Vienna): once per contract and admin. */
export const alertContractExpiring = (db: DbOrTx, deps: AlertDeps, contract: { id: string; companyId: string; endDate: string }) =>
  alertAdmins(db, deps, contract.companyId, 'contractExpiring', `contract-expiring:${contract.id}`, { date: contract.endDate }, '/administration');
