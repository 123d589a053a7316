import { sql } from 'drizzle-orm';
import {
  companies,
  datafileContributors,
  datafileUploads,
  datafiles,
  jobs,
  notifications,
  outboxMails,
  packages,
} from '../../db/schema';
import { assignContract } from '../../api/modules/contracts/contracts.service';
import { chargeDatafile } from '../../api/modules/credits/ledger.service';
import type { TestApp } from './test-app';
import { makeCompany, makeUser, sessionFor } from './factories';

export const PRINCIPALS = [
  'ANON',
  'ADMIN_OTHER',
  'EMPLOYEE_OTHER',
  'EMPLOYEE_OWN',
  'ADMIN_OWN',
  'SUPER_ADMIN',
  'API_KEY',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

export type WorldOptions = { activeType?: 'STARTER' | 'TEST'; upcoming?: boolean };

let counter = 0;

/**
 * One small world per cell: company A (owner ADMIN, EMPLOYEE, the owner's API key, an active
 * contract with a charge, optionally an upcoming contract), company B (ADMIN, EMPLOYEE), a pending
 * company P, an operator, a package and a notification of A's owner.
 */
export async function buildWorld(t: TestApp, options: WorldOptions = {}) {
  const A = await makeCompany(t.db, { name: `A ${++counter}` });
  const B = await makeCompany(t.db, { name: `B ${counter}` });
  const P = await makeCompany(t.db, { name: `P ${counter}`, status: 'PENDING' });
  const secret = t.deps.appSecret;
  const adminA = await makeUser(t.db, secret, { companyId: A, accessLevel: 'ADMIN', owner: true });
  const employeeA = await makeUser(t.db, secret, { companyId: A });
  const adminB = await makeUser(t.db, secret, { companyId: B, accessLevel: 'ADMIN', owner: true });
  const employeeB = await makeUser(t.db, secret, { companyId: B });
  const op = await makeUser(t.db, secret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
  await makeUser(t.db, secret, { companyId: P, accessLevel: 'ADMIN', owner: true, status: 'NOT_ACTIVATED' });
  const pendingA = await makeUser(t.db, secret, { companyId: A, status: 'PENDING', password: null });
  const packageId = crypto.randomUUID();
  await t.db.insert(packages).values({
    id: packageId,
    name: 'Starter',
    duration: 365,
    numberOfCredits: 10_000,
    pricePerCredit: 12,
    numberOfUsers: 5,
    pricePerCreditMonth: 14,
    pricePerCreditYear: 12,
    pricePerCreditOther: 13,
    packageType: 'STARTER',
  });

  const today = '2026-11-21';
  const activeType = options.activeType ?? 'STARTER';
  const activeContractId = await assignContract(
    t.deps,
    op.id,
    {
      companyId: A,
      contract:
        activeType === 'TEST'
          ? { contractType: 'TEST', startDate: today, endDate: '2026-12-20', autoRenew: false }
          : { contractType: 'STARTER', startDate: today, endDate: '2027-11-20', autoRenew: true },
      creditPlan: { creditPlanCategory: 'EXPIRING', creditAmount: 10_000, pricePerCredit: 12, paymentAmount: 120_000 },
    },
    'NEW',
  );
  let upcomingContractId: string | null = null;
  if (options.upcoming !== false) {
    const start = activeType === 'TEST' ? '2026-12-21' : '2027-11-21';
    upcomingContractId = await assignContract(
      t.deps,
      op.id,
      {
        companyId: A,
        contract: {
          contractType: 'PROFESSIONAL',
          startDate: start,
          endDate: activeType === 'TEST' ? '2027-12-20' : '2028-11-20',
          autoRenew: true,
        },
        creditPlan: {
          creditPlanCategory: 'EXPIRING',
          creditAmount: 50_000,
          pricePerCredit: 10,
          paymentAmount: 500_000,
        },
      },
      'UPCOMING',
    );
  }
  const datafileId = crypto.randomUUID();
  await t.db.run(
    sql`insert into datafiles (id, company_id, owner_id, title, import_type, status, created_at) values (${datafileId}, ${A}, ${adminA.id}, 'Matrix file', 'MANUAL', 'READY', ${t.clock.now().toISOString()})`,
  );
  const charge = await chargeDatafile(t.deps, {
    companyId: A,
    datafileId,
    kind: 'UPLOAD',
    idempotencyKey: `upload:${datafileId}:0`,
    interviewCredits: [4, 5, 6],
    actorId: adminA.id,
    description: 'Datafile upload',
  });
  const usedRow = await t.db.all<{ id: string }>(
    sql`select id from credit_transactions where charge_id = ${charge.chargeId} limit 1`,
  );
  // A's owner's upload draft over a stored CSV, and a stored file issued to each member of A (a URL from getDatafileUploadURL).
  const csv = new TextEncoder().encode('id,q1\n1,2\n2,3\n');
  const draftKey = `uploads/${A}/${adminA.id}/matrix-draft-file.csv`;
  await t.deps.blobs.put(draftKey, csv);
  const draftId = crypto.randomUUID();
  const now = t.clock.now().toISOString();
  await t.db.insert(datafiles).values({
    id: draftId,
    companyId: A,
    ownerId: adminA.id,
    title: 'Matrix draft',
    importType: 'MANUAL',
    status: 'DRAFT',
    datafileKey: draftKey,
    createdAt: now,
  });
  await t.db.insert(datafileUploads).values({
    datafileId: draftId,
    kind: 'UPLOAD',
    status: 'DRAFT',
    sourceKey: draftKey,
    sourceFormat: 'csv',
    sourceFileName: 'survey.csv',
    sourceBytes: csv.length,
    headerRow: 1,
    firstDataRow: 2,
    missingValues: ['-999'],
    createdBy: adminA.id,
    createdAt: now,
  });
  // For the datafiles list's actions: A's owner's running live import, and a stopped,
  // cleaned one shared with A's employee (who then reads it but may not change it).
  const liveId = crypto.randomUUID();
  const stoppedId = crypto.randomUUID();
  await t.db.insert(datafiles).values([
    {
      id: liveId,
      companyId: A,
      ownerId: adminA.id,
      title: 'Matrix live',
      importType: 'LIVE',
      status: 'READY',
      createdAt: now,
    },
    {
      id: stoppedId,
      companyId: A,
      ownerId: adminA.id,
      title: 'Matrix stopped',
      importType: 'LIVE',
      status: 'STOPPED',
      isCleaned: true,
      numberOfCleanedRecords: 2,
      certificateLevel: 1,
      createdAt: now,
    },
  ]);
  await t.db.insert(datafileContributors).values({ datafileId: stoppedId, userId: employeeA.id, createdAt: now });
  const uploadKeys: Partial<Record<Principal, string>> = {};
  for (const [p, userId] of [
    ['ADMIN_OWN', adminA.id],
    ['API_KEY', adminA.id],
    ['EMPLOYEE_OWN', employeeA.id],
    ['SUPER_ADMIN', op.id],
  ] as const) {
    uploadKeys[p] = `uploads/${A}/${userId}/matrix-${p.toLowerCase().replace('_', '-')}-file.csv`;
    await t.deps.blobs.put(uploadKeys[p]!, csv);
  }
  // For monitoring: a failed job and a waiting one (of a kind every process runs), and a failed mail.
  const at = t.clock.now().toISOString();
  // A finished export of A's datafile (getExportJob): who sees the datafile may ask for its state.
  const [exportJob] = await t.db
    .insert(jobs)
    .values({
      kind: 'export',
      state: 'SUCCEEDED',
      attempts: 1,
      runAfter: at,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
      payload: { input: { datafileId, revision: 1, format: 'csv', cleaning: null }, requestedBy: adminA.id },
      result: {
        key: `exports/${datafileId}/1/matrix.csv`,
        size: 10,
        contentType: 'text/csv',
        fileName: 'matrix.csv',
        rows: 3,
        removed: 1,
        scoringVersion: 'x',
      },
    })
    .returning();
  const [failedJob] = await t.db
    .insert(jobs)
    .values({
      kind: 'mail.outbox',
      payload: {},
      state: 'FAILED',
      attempts: 3,
      runAfter: at,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
      errorCode: 'EMAIL_SENDING_FAILED',
    })
    .returning();
  const [queuedJob] = await t.db
    .insert(jobs)
    .values({ kind: 'calendar', payload: {}, state: 'QUEUED', runAfter: at, createdAt: at })
    .returning();
  const [failedMail] = await t.db
    .insert(outboxMails)
    .values({
      to: adminA.email,
      locale: 'de',
      template: 'invitation',
      subject: 'Hi',
      text: 't',
      html: '<p>t</p>',
      status: 'FAILED',
      attempts: 5,
      lastError: '550',
      createdAt: at,
    })
    .returning();
  const [notification] = await t.db
    .insert(notifications)
    .values({
      userId: adminA.id,
      companyId: A,
      title: 'Hi',
      description: 'Hello',
      createdAt: t.clock.now().toISOString(),
    })
    .returning();

  const tokens: Record<Principal, { token?: string; apiKey?: string }> = {
    ANON: {},
    ADMIN_OTHER: { token: await sessionFor(t, adminB.id, B) },
    EMPLOYEE_OTHER: { token: await sessionFor(t, employeeB.id, B) },
    EMPLOYEE_OWN: { token: await sessionFor(t, employeeA.id, A) },
    ADMIN_OWN: { token: await sessionFor(t, adminA.id, A) },
    SUPER_ADMIN: { token: await sessionFor(t, op.id, null) },
    API_KEY: { apiKey: adminA.apiKey },
  };
  const users = {
    ANON: null,
    ADMIN_OTHER: adminB,
    EMPLOYEE_OTHER: employeeB,
    EMPLOYEE_OWN: employeeA,
    ADMIN_OWN: adminA,
    SUPER_ADMIN: op,
    API_KEY: adminA,
  } as const;
  return {
    A,
    B,
    P,
    adminA,
    employeeA,
    pendingA,
    adminB,
    op,
    packageId,
    activeContractId,
    upcomingContractId,
    datafileId,
    draftId,
    draftKey,
    liveId,
    stoppedId,
    uploadKeys,
    usedTransactionId: usedRow[0]!.id,
    notificationId: notification!.id,
    failedJobId: failedJob!.id,
    exportJobId: exportJob!.id,
    queuedJobId: queuedJob!.id,
    failedMailId: failedMail!.id,
    tokens,
    users,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** What a denied call must leave untouched. */
export async function fingerprint(t: TestApp, w: World) {
  const rows = await t.db.all(sql`select
    (select count(*) from contracts where company_id = ${w.A}) as contracts,
    (select group_concat(coalesce(deactivated_at, '') || coalesce(deleted_at, '') || start_date || end_date || auto_renew, ',') from contracts where company_id = ${w.A}) as contractState,
    (select count(*) from credit_transactions where company_id = ${w.A}) as ledger,
    (select count(*) from credit_plans where company_id in (${w.A}, ${w.P})) as plans,
    (select group_concat(status || coalesce(updated_at, '') || coalesce(deleted_at, '') || coalesce(comment, '') || is_beta || coalesce(package_id, ''), ',') from ${companies} where id in (${w.A}, ${w.P})) as companies,
    (select group_concat(coalesce(read_at, ''), ',') from notifications where user_id = ${w.adminA.id}) as reads,
    (select count(*) from notifications) as notes,
    (select group_concat(watch_get_started || coalesce(next_nps_date, '') || nps_done || magic_key_hash, ',') from users where id = ${w.adminA.id}) as userState,
    (select count(*) from app_settings) as settings,
    (select group_concat(first_name || last_name || access_level || coalesce(deleted_at, '') || coalesce(image, '') || skip_ingress_integrations_prerequisite, ',') from users where company_id = ${w.A}) as people,
    (select count(*) from users) as userCount,
    (select count(*) from auth_tokens) as tokens,
    (select count(*) from user_preferences where nipo_username is not null) as nipo,
    (select count(*) from datafiles) as datafiles,
    (select group_concat(title || status || owner_id || is_deleted || is_cleaned || coalesce(certificate_level, ''), ',') from datafiles where company_id = ${w.A}) as datafileState,
    (select group_concat(datafile_id || user_id, ',') from datafile_contributors) as contributors,
    (select group_concat(status || coalesce(check_job_id, '') || coalesce(updated_at, ''), ',') from datafile_uploads) as uploads,
    (select count(*) from datafile_datapoints) as datapoints,
    (select count(*) from datafile_reports) as reports,
    (select count(*) from jobs) as jobs,
    (select group_concat(state || attempts || coalesce(cancel_requested_at, ''), ',') from jobs where id in (${w.failedJobId}, ${w.queuedJobId})) as jobStates,
    (select group_concat(status || attempts, ',') from outbox_mails where id = ${w.failedMailId}) as mail`);
  return JSON.stringify(rows);
}
