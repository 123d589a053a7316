// Demo datafiles for a new database: generated surveys with planted speeders,
// straightliners, pattern and random responders, gibberish writers and copiers, uploaded as drafts
// and confirmed, so the upload job (the same pipeline as every upload: Worker, scoring, Arrow
// revision, ledger charge, READY) makes them. Two of them are then cleaned and one's quality report
// published by the 'demo-finish' job (demo-finish.jobs.ts), so every screen a new
// user opens has content. Idempotent: fixed ids, nothing written twice.
import { eq, inArray } from 'drizzle-orm';
import { companies, datafiles, users } from '../../db/schema';
import { DEMO_DRAFT, DEMO_UPLOAD_IDS } from '../../db/seed';
import { writeTransaction } from '../../db/write-transaction';
import type { Deps } from '../kernel/deps';
import * as repo from '../modules/uploads/uploads.repo';
import { rowOfDataPoint } from '../modules/uploads/datapoints';
import { chargeKeyOf, UPLOAD_JOB } from '../modules/uploads/jobs/contract';
import { DEMO_FINISH_JOB, demoFinishKey, type DemoFinishPayload } from './contract';
import { generateDemoSurvey } from './survey';
import { withBehaviour } from './behaviour';
import { surveyCsvBytes, surveyXlsxBytes } from './writers';

export { DEMO_FINISH_JOB, type DemoFinishPayload };

/**
 * What a new user finds done: a cleaning saved through the worksheet (thresholds 0..100 by score
 * key, the open-answer rule's minimum when on) and, optionally, a published quality report. Plain
 * data here; the job turns it into the worksheet's and the reports module's inputs.
 */
export type DemoFinish = {
  cleaning: {
    thresholds: { key: string; threshold: number }[];
    badAnswersMin: number | null;
    method: 'THRESHOLDS' | 'TRIM_TO_TARGET';
    targetSampleSize?: number;
    comment: string;
  };
  report?: { clientName: string };
};

type DemoFile = {
  id: string;
  title: string;
  owner: string;
  format: 'xlsx' | 'csv';
  rows: number;
  seed: number;
  language: 'de' | 'en';
  qualtrics?: boolean;
  daysAgo: number;
  finish?: DemoFinish;
  /** Paradata columns of the first open question (the behaviour score). */
  behaviour?: boolean;
};

export const DEMO_DATAFILES: readonly DemoFile[] = [
  {
    id: DEMO_UPLOAD_IDS.travel,
    title: 'Reisestudie Sommer 2026',
    owner: 'admin@example.com',
    format: 'xlsx',
    rows: 600,
    seed: 101,
    language: 'de',
    daysAgo: 6,
    behaviour: true,
    finish: {
      cleaning: {
        thresholds: [{ key: 'combined', threshold: 50 }],
        badAnswersMin: 2,
        method: 'THRESHOLDS',
        comment: 'Demo: Gesamtscore ab 50 und unbrauchbare offene Antworten entfernt.',
      },
      report: { clientName: 'Fernweh Reisen GmbH' },
    },
  },
  {
    id: DEMO_UPLOAD_IDS.experience,
    title: 'Customer Experience Tracker (Qualtrics)',
    owner: 'employee@example.com',
    format: 'csv',
    rows: 450,
    behaviour: true,
    seed: 102,
    language: 'en',
    qualtrics: true,
    daysAgo: 3,
    finish: {
      cleaning: {
        thresholds: [{ key: 'combined', threshold: 40 }],
        badAnswersMin: null,
        method: 'TRIM_TO_TARGET',
        targetSampleSize: 320,
        comment: 'Demo: combined score 40 and up, trimmed to 320 interviews by the combined score.',
      },
    },
  },
  {
    id: DEMO_UPLOAD_IDS.brandImage,
    title: 'Markenimage Welle 1',
    owner: 'admin@example.com',
    format: 'csv',
    rows: 300,
    seed: 103,
    language: 'de',
    daysAgo: 1,
  },
];

/**
 * Writes the demo datafiles' files, drafts and data points and enqueues their upload jobs, and the
 * demo-finish jobs of those with a `finish` (the server's job loop processes them; `npm run db:seed`
 * waits for them). Returns the job ids enqueued now, uploads first: none when the demo organisation
 * is missing or the files exist already.
 */
export async function seedDemoDatafiles(deps: Pick<Deps, 'db' | 'blobs' | 'jobs' | 'clock'>): Promise<string[]> {
  // The demo organisation of db/seed.ts is the one its demo admin belongs to.
  const owners = await deps.db
    .select({ id: users.id, email: users.email, companyId: users.companyId })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_DATAFILES.map((f) => f.owner),
      ),
    );
  const ownerId = new Map(owners.map((o) => [o.email, o.id]));
  const companyId = owners.find((o) => o.email === 'admin@example.com')?.companyId;
  const company = companyId
    ? await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get()
    : undefined;
  if (!company) return [];
  await seedDemoDraft(deps);
  const existing = new Set(
    (
      await deps.db
        .select({ id: datafiles.id })
        .from(datafiles)
        .where(
          inArray(
            datafiles.id,
            DEMO_DATAFILES.map((f) => f.id),
          ),
        )
    ).map((r) => r.id),
  );
  const jobs: string[] = [];
  const finishing: string[] = [];
  for (const f of DEMO_DATAFILES) {
    const owner = ownerId.get(f.owner);
    if (!owner || existing.has(f.id)) continue;
    const plain = generateDemoSurvey({ rows: f.rows, seed: f.seed, language: f.language });
    const survey = f.behaviour ? withBehaviour(plain, f.seed) : plain;
    const bytes =
      f.format === 'xlsx'
        ? await surveyXlsxBytes(survey)
        : await surveyCsvBytes(survey, { qualtrics: f.qualtrics === true, encoding: 'utf-8' });
    const key = `uploads/${company.id}/${owner}/demo-${f.id.slice(-4)}.${f.format}`;
    await deps.blobs.put(key, bytes);
    const at = new Date(deps.clock.now().getTime() - f.daysAgo * 86_400_000).toISOString();
    const firstDataRow = f.qualtrics ? 4 : 2;
    jobs.push(
      await writeTransaction(deps.db, async (tx) => {
        await repo.insertDatafile(tx, {
          id: f.id,
          companyId: company.id,
          ownerId: owner,
          title: f.title,
          importType: 'MANUAL',
          status: 'PROCESSING',
          datafileKey: key,
          lastRevision: 1,
          metadata: {
            headerRow: 1,
            dataRecordStartRow: firstDataRow,
            missingValues: ['-999'],
            sourceFormat: f.format,
            ...(f.format === 'xlsx' ? { sheetName: 'Data' } : {}),
          },
          createdAt: at,
          updatedAt: at,
        });
        // Confirmed by nobody: a seeded upload must not count as the owner's own upload in progress (UPLOAD_GOING_ON).
        const upload = await repo.insertUpload(tx, {
          datafileId: f.id,
          kind: 'UPLOAD',
          status: 'PROCESSING',
          revision: 1,
          sourceKey: key,
          sourceFormat: f.format,
          sourceFileName: `${f.title}.${f.format}`,
          sourceBytes: bytes.length,
          sheetName: f.format === 'xlsx' ? 'Data' : null,
          headerRow: 1,
          firstDataRow,
          missingValues: ['-999'],
          createdBy: owner,
          createdAt: at,
          confirmedAt: at,
        });
        await repo.replaceDatapoints(tx, upload.id, survey.mapping.dataPoints.map(rowOfDataPoint));
        const { id } = await deps.jobs.enqueue(
          UPLOAD_JOB,
          { uploadId: upload.id },
          { tx, dedupeKey: chargeKeyOf(f.id, 1) },
        );
        await repo.updateUpload(tx, upload.id, { jobId: id });
        // In the same transaction, so a datafile never exists without the job that finishes it. The
        // job waits (retries) while the upload is still processing.
        if (f.finish) {
          finishing.push(
            (await deps.jobs.enqueue(DEMO_FINISH_JOB, { datafileId: f.id }, { tx, dedupeKey: demoFinishKey(f.id) })).id,
          );
        }
        return id;
      }),
    );
  }
  return [...jobs, ...finishing];
}

/**
 * The demo employee's draft (its datafile row is the seed's): a generated survey file and the draft
 * upload that names it, once, so continuing the draft reads a real file in step 2.
 */
async function seedDemoDraft(deps: Pick<Deps, 'db' | 'blobs' | 'clock'>): Promise<void> {
  const draft = await deps.db
    .select({ id: datafiles.id, ownerId: datafiles.ownerId, createdAt: datafiles.createdAt })
    .from(datafiles)
    .where(eq(datafiles.id, DEMO_DRAFT.datafileId))
    .get();
  if (!draft || (await repo.latestUploadOf(deps.db, draft.id))) return;
  const bytes = await surveyCsvBytes(generateDemoSurvey({ rows: 120, seed: 104, language: 'en' }), {
    qualtrics: false,
    encoding: 'utf-8',
  });
  await deps.blobs.put(DEMO_DRAFT.sourceKey, bytes);
  await repo.insertUpload(deps.db, {
    id: DEMO_DRAFT.uploadId,
    datafileId: draft.id,
    kind: 'UPLOAD',
    status: 'DRAFT',
    sourceKey: DEMO_DRAFT.sourceKey,
    sourceFormat: 'csv',
    sourceFileName: DEMO_DRAFT.fileName,
    sourceBytes: bytes.length,
    headerRow: 1,
    firstDataRow: 2,
    missingValues: ['-999'],
    createdBy: draft.ownerId,
    createdAt: draft.createdAt,
  });
}
