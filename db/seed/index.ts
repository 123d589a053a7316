// The demo data of a new database, by role: organisations and users (organisations.ts), packages,
// contracts and plans (contracts.ts) with their ledger (ledger.ts), datafiles and charges
// (datafiles.ts), notifications (notifications.ts) and the monitoring page's jobs (monitoring.ts).
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import {
  contracts,
  creditPlans,
  creditTransactions,
  datafileCharges,
  datafileUploads,
  datafiles,
  users,
} from '../schema';
import { seedClock, seedInsert, sid, type SeedSecrets } from './context';
import { buildContracts, seedPackages } from './contracts';
import { buildDatafiles } from './datafiles';
import { createBook } from './ledger';
import { seedMonitoring } from './monitoring';
import { seedNotifications } from './notifications';
import { seedOrganisations } from './organisations';

export type { SeedSecrets } from './context';
export { DEMO_DRAFT, DEMO_UPLOAD_IDS } from './context';

export const DEMO_PASSWORD = 'Demo-1234';
/** The demo organisation (Demo Research GmbH) the demo admin and employee belong to. */
export const DEMO_COMPANY_ID = sid('c', 1);

/**
 * Demo data for a new database: the three demo accounts, ten organisations in every status,
 * contracts of every type in every status, plans of every category (with pay-as-usage backups),
 * ledger rows of every type that add up, users in every role and status, datafiles and
 * notifications. Dates are relative to `now` (Vienna), so statuses hold on any day.
 * Returns false when the database already has users (then nothing is written).
 */
export async function seedDemoData(
  db: Db,
  secrets: SeedSecrets,
  options: { now?: Date; onlyIfEmpty?: boolean } = {},
): Promise<boolean> {
  const existing = await db.select({ n: count() }).from(users).get();
  if (options.onlyIfEmpty !== false && (existing?.n ?? 0) > 0) return false;
  const clock = seedClock(options.now ?? new Date());
  const passwordHash = await secrets.hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const insert = seedInsert(tx);
    await seedPackages(insert);
    await seedOrganisations(insert, clock, secrets, passwordHash);

    const book = createBook(clock);
    const { contractRows, secActive, secExpired } = buildContracts(clock, book);
    const { dfRows, charges, uploads, failed } = buildDatafiles(clock, book, { secActive, secExpired });
    await insert(contracts, contractRows);
    await insert(creditPlans, book.plans);
    await insert(datafiles, dfRows);
    await insert(datafileUploads, uploads);
    await insert(datafileCharges, charges);
    await insert(creditTransactions, book.ledger);

    await seedNotifications(insert, clock, { failed });
    await seedMonitoring(insert, clock);
  });
  return true;
}
