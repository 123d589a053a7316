// A scored, cleaned datafile for the export and report tests: a demo survey processed by the real
// upload engine into revision 1, the saved cleaning stored as the worksheet's updateCleaningSettings
// stores it (storeSavedCleaning plus the datafile row's outcome), and a certificate issued for it.
import { eq } from 'drizzle-orm';
import { datafiles } from '../../db/schema';
import { issueCertificateForRevision } from '../../api/modules/certificates/issue-for-revision';
import { cleanRevision } from '../../api/modules/cleaning/revision-cleaning';
import { storeSavedCleaning, type SavedCleaning } from '../../api/modules/cleaning/saved-cleaning.repo';
import { processUpload, readRevisionColumns } from '../../api/ingest/index';
import { generateDemoSurvey, surveyCsvBytes } from '../../api/demo/index';
import { DEFAULT_RULES, type CleaningRules } from '../../scoring/index';
import type { TestApp } from './test-app';
import { makeCompany, makeUser, sessionFor } from './factories';

export const RULES: CleaningRules = {
  ...DEFAULT_RULES,
  rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold: 62, minDataPoints: 0 } },
};

export async function reportWorld(t: TestApp, options: { rows?: number; title?: string } = {}) {
  const A = await makeCompany(t.db, { name: 'Marktforschung Wien GmbH' });
  const B = await makeCompany(t.db, { name: 'Other Research Ltd' });
  const secret = t.deps.appSecret;
  const admin = await makeUser(t.db, secret, { companyId: A, accessLevel: 'ADMIN', owner: true });
  const employee = await makeUser(t.db, secret, { companyId: A });
  const adminB = await makeUser(t.db, secret, { companyId: B, accessLevel: 'ADMIN', owner: true });
  const datafileId = crypto.randomUUID();
  await t.db.insert(datafiles).values({
    id: datafileId,
    companyId: A,
    ownerId: admin.id,
    title: options.title ?? 'Omnibus Welle 3',
    importType: 'MANUAL',
    status: 'READY',
    revision: 1,
  });
  const survey = generateDemoSurvey({ rows: options.rows ?? 300, seed: 11, openQuestions: 0 });
  await t.deps.blobs.put(`uploads/${datafileId}.csv`, await surveyCsvBytes(survey));
  await processUpload({
    blobs: t.deps.blobs,
    scoring: t.deps.scoring,
    source: { key: `uploads/${datafileId}.csv`, format: 'csv' },
    options: {},
    mapping: survey.mapping,
    datafileId,
    revision: 1,
  });
  return {
    A,
    B,
    admin,
    employee,
    adminB,
    datafileId,
    tokens: {
      admin: await sessionFor(t, admin.id, A),
      employee: await sessionFor(t, employee.id, A),
      adminB: await sessionFor(t, adminB.id, B),
    },
  };
}

/** What updateCleaningSettings leaves behind (the worksheet lands separately): the saved cleaning, the row's outcome, a certificate. */
export async function saveCleaning(t: TestApp, datafileId: string, userId: string, saved: Partial<SavedCleaning> = {}) {
  const cleaning: SavedCleaning = {
    revision: 1,
    rules: RULES,
    savedAt: t.clock.now().toISOString(),
    savedBy: userId,
    ...saved,
  };
  await storeSavedCleaning(t.db, datafileId, cleaning);
  const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
  const result = cleanRevision(t.deps.scoring, scores, cleaning.rules);
  const certificate = await issueCertificateForRevision(t.deps, {
    datafileId,
    revision: 1,
    cleaning,
    issuedBy: userId,
  });
  await t.db
    .update(datafiles)
    .set({ isCleaned: true, numberOfCleanedRecords: result.keptCount, certificateLevel: certificate.parsed.level })
    .where(eq(datafiles.id, datafileId));
  return { cleaning, kept: result.keptCount, rows: scores.numRows, certificate };
}
