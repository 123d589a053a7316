// Run with Bun by the report e2e test (the worksheet page that saves cleanings lands separately):
// stores a saved cleaning for a datafile of a running test server, as updateCleaningSettings does
// (storeSavedCleaning, the row's outcome, a certificate signed with the server's key), and prints
// the certificate code and counts as JSON.
//   bun tests/support/save-cleaning.ts <database file> <storage dir> <public url> <datafile id>
import { eq } from 'drizzle-orm';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { issueCertificateForRevision } from '../../api/modules/certificates/issue-for-revision';
import { storeSavedCleaning } from '../../api/modules/cleaning/saved-cleaning.repo';
import { datafiles } from '../../db/schema';
import { DEFAULT_RULES, type CleaningRules } from '../../scoring/index';

const [databaseFile, storageDir, publicUrl, datafileId] = process.argv.slice(2);
const deps = await createDeps(
  readEnv({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${databaseFile}`,
    STORAGE_DIR: storageDir!,
    PUBLIC_URL: publicUrl!,
    JOB_INTERVAL_MINUTES: '0',
  }),
);
const file = (await deps.db.select().from(datafiles).where(eq(datafiles.id, datafileId!)).get())!;
const rules: CleaningRules = {
  ...DEFAULT_RULES,
  rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold: 62, minDataPoints: 0 } },
};
const saved = { revision: file.revision, rules, savedAt: deps.clock.now().toISOString(), savedBy: file.ownerId };
await storeSavedCleaning(deps.db, file.id, saved);
const certificate = await issueCertificateForRevision(deps, {
  datafileId: file.id,
  revision: file.revision,
  cleaning: saved,
  issuedBy: file.ownerId,
});
const { records, level } = certificate.parsed;
await deps.db
  .update(datafiles)
  .set({
    isCleaned: true,
    numberOfCleanedRecords: records.after,
    certificateLevel: level,
    cleaningMethod: 'THRESHOLDS',
  })
  .where(eq(datafiles.id, file.id));
console.log(
  JSON.stringify({ certificateCode: certificate.certificateCode, level, before: records.before, after: records.after }),
);
deps.close();
