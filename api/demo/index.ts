// The demo data in one place: the generated surveys (survey.ts, writers.ts), the demo datafiles that
// go through the upload pipeline (seed-datafiles.ts) and the job that cleans them and publishes a
// report once ready (demo-finish.jobs.ts). `npm run db:seed` and a new database under `npm start`
// both come through seedDemo.
import { seedDemoData } from '../../db/seed';
import type { Deps } from '../kernel/deps';
import { seedSecrets } from './seed-secrets';
import { seedDemoDatafiles } from './seed-datafiles';

export { generateDemoSurvey, type DemoSurvey, type DemoSurveyOptions, type RespondentKind } from './survey';
export { surveyCsvBytes, surveyCsvChunks, surveyXlsxBytes } from './writers';
export { DEMO_DATAFILES, seedDemoDatafiles } from './seed-datafiles';

/**
 * Seeds the demo organisations, users and contracts (db/seed.ts) into an empty database, then the
 * demo datafiles: one upload job each, and a demo-finish job for those that get cleaned. Returns
 * whether anything was seeded and the ids of those jobs (whoever runs jobs in this process finishes them).
 */
export async function seedDemo(deps: Deps): Promise<{ seeded: boolean; jobs: string[] }> {
  const seeded = await seedDemoData(deps.db, seedSecrets(), { onlyIfEmpty: true });
  return { seeded, jobs: seeded ? await seedDemoDatafiles(deps) : [] };
}
