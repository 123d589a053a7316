// The world of the operations tests (several processes, backups): one database file and one
// storage (a folder, or a bucket of the fake S3 server) that server processes open, an organisation
// with credits, its owner's session, a live datafile of three pages, and the clients: uploads of the
// fixture files through the upload steps and live respondents, spread over several processes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { createDeps, type Deps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { fixedClock } from '../../api/lib/clock';
import { silentLogger } from '../../api/lib/logger';
import type { Viewer } from '../../api/graphql/context';
import { createLiveDatafile, openLiveDatafile } from '../../api/modules/live-import/live-define.service';
import { pagesOfDatapointRows } from '../../api/modules/live-import/live-config';
import { LiveMedians, scoreRespondent } from '../../api/modules/live-import/live-scoring';
import { datapointsOfUpload } from '../../api/modules/live-import/live.repo';
import { datafiles, liveRespondents, liveSettings } from '../../db/schema';
import { PAGES, respondentBody } from '../bench/live-support';
import type { TestApp } from './test-app';
import { graphqlPoster } from './server-process';
import { UPLOAD_QUERIES as Q, uploadWorld, type UploadWorld } from './upload-world';

export const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

export type OpsWorld = {
  dir: string;
  /** The environment of every server process of this world. */
  env: Record<string, string>;
  /** The test's own handle on the same database and storage: it sets up and checks, it serves nothing. */
  deps: Deps;
  world: UploadWorld;
  live: { datafileId: string; secret: string };
  close: () => void;
};

export async function opsWorld(
  options: { s3Env?: Record<string, string>; env?: Record<string, string>; dir?: string } = {},
): Promise<OpsWorld> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'sqp-ops-'));
  const env: Record<string, string> = {
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    APP_SECRET: 'ops-world-secret-'.padEnd(40, 'x'),
    LIVE_RATE_PER_SECOND: '100000',
    LIVE_RATE_BURST: '100000',
    LIVE_PUBLISH_SECONDS: '1',
    JOB_LEASE_SECONDS: '3',
    JOB_POLL_MS: '100',
    METRICS_TOKEN,
    LOG_LEVEL: 'error',
    ...options.s3Env,
    ...options.env,
  };
  const deps = await createDeps(
    readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', JOB_INTERVAL_MINUTES: '0', ...env }),
    { log: silentLogger },
  );
  // Written before any server starts, so their demo seed (new databases only) stays out.
  const t = { db: deps.db, deps, clock: fixedClock(new Date().toISOString()) } as unknown as TestApp;
  const world = await uploadWorld(t, { credits: 1_000_000, locale: 'en' });
  const viewer = {
    userId: world.admin.id,
    accessLevel: 'ADMIN',
    companyId: world.A,
    ownCompanyId: world.A,
    via: 'session',
    locale: 'en',
  } as unknown as Viewer;
  const datafileId = await createLiveDatafile(deps, viewer, {
    name: 'Live across processes',
    surveySoftware: 'OTHER',
    pages: PAGES.map((p) => ({
      ...p,
      keywords: 'keywords' in p ? [...p.keywords] : [],
      languages: 'languages' in p ? [...p.languages] : [],
    })),
  });
  await openLiveDatafile(deps, viewer, datafileId);
  // Thousands of respondents from one test client: the ceilings and per-address limits (tested in
  // tests/api/live-import/limits.test.ts) would refuse most of them, which is not what these tests are about.
  await deps.db
    .update(liveSettings)
    .set({ maxRespondents: 1_000_000, maxCredits: 10_000_000, perAddressPerHour: 1_000_000 })
    .where(eq(liveSettings.datafileId, datafileId));
  const row = await deps.db.select({ secret: datafiles.secretKey }).from(datafiles).where(eq(datafiles.id, datafileId));
  return {
    dir,
    env,
    deps,
    world,
    live: { datafileId, secret: row[0]!.secret! },
    close: () => {
      deps.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/uploads/${name}`, import.meta.url));

/**
 * One upload of a fixture file by the user of `as` (a user has one upload going on at a time), each step sent to the next of `baseUrls` in turn (so the steps'
 * state must be shared), the file PUT to the signed URL (the bucket, or the local /files route).
 * Resolves with the datafile id once it is READY.
 */
export async function uploadAcross(
  baseUrls: readonly string[],
  as: { token: string; companyId: string },
  fileName: string,
  title: string,
): Promise<string> {
  let turn = 0;
  const gql = (query: string, variables: Record<string, unknown>) =>
    graphqlPoster(baseUrls[turn++ % baseUrls.length]!, as.token)(query, variables);
  const { signedUrl, datafileKey } = (await gql(Q.url, { f: fileName, c: as.companyId })).getDatafileUploadURL;
  const bytes = fixture(fileName);
  // A local signed URL is a path on the app (any of the processes serves it); the bucket's is absolute.
  const put = await fetch(new URL(signedUrl, baseUrls[0]), { method: 'PUT', body: bytes });
  if (put.status !== 200) throw new Error(`PUT ${put.status}: ${await put.text()}`);
  // The fixture workbook keeps its interviews on the sheet 'Data' (beside an 'Info' sheet).
  const sheets: string[] = fileName.endsWith('.xlsx')
    ? (await gql(Q.sheets, { k: datafileKey, c: as.companyId })).getSheetNames
    : [];
  const sheetName = sheets.includes('Data') ? 'Data' : sheets[0];
  const { datafileId } = (
    await gql(Q.draft, {
      i: { title, datafileKey, fileName, ...(sheetName ? { sheetName } : {}) },
    })
  ).createDraftDatafile;
  const preview = (await gql(Q.preview, { id: datafileId })).getUploadPreview;
  // The suggestions as they come, as a script would send them (in these small fixtures the open
  // answers are what is scorable).
  const columns = preview.suggestedColumns;
  await gql(Q.save, { id: datafileId, c: columns });
  const check = await until(`the check of ${fileName}`, async () => {
    const c = (await gql(Q.check, { id: datafileId })).getUploadCheck;
    return c.state === 'DONE' || c.state === 'FAILED' ? c : undefined;
  });
  if (check.issues.length > 0) throw new Error(`${fileName}: ${JSON.stringify(check.issues)}`);
  await gql(Q.confirm, { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' });
  await until(`${fileName} to be READY`, async () => {
    const p = (await gql(Q.progress, { id: datafileId })).getDatafileUploadingProgress;
    if (p.status === 'ERROR') throw new Error(`${fileName}: ${JSON.stringify(p.upload)}`);
    return p.status === 'READY';
  });
  return datafileId;
}

export type LiveAnswer = { status: string; scores: Record<string, unknown>; credits: number; decision: string };

/**
 * Sends respondents `from`..`to`-1 to the processes in turn, `concurrency` at a time; every tenth
 * one to two processes at the same moment. A connection refused (a process restarting) is retried
 * like a survey tool would. Returns every 200 answer by record id.
 */
export async function sendRespondents(
  baseUrls: readonly string[],
  live: OpsWorld['live'],
  from: number,
  to: number,
  concurrency = 12,
): Promise<Map<string, LiveAnswer[]>> {
  const answers = new Map<string, LiveAnswer[]>();
  const post = async (baseUrl: string, recordId: string, i: number) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${baseUrl}/api/live/${live.datafileId}/respondents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-live-key': live.secret },
          body: respondentBody(recordId, i),
        });
        const body = (await res.json()) as LiveAnswer;
        if (res.status !== 200) throw new Error(`${recordId}: ${res.status} ${JSON.stringify(body)}`);
        const list = answers.get(recordId) ?? [];
        list.push(body);
        answers.set(recordId, list);
        return;
      } catch (error) {
        if (attempt > 50 || /: \d{3} /.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  let next = from;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < to) {
        const i = next++;
        const recordId = `resp-${i}`;
        const a = baseUrls[i % baseUrls.length]!;
        const b = baseUrls[(i + 1) % baseUrls.length]!;
        await Promise.all(i % 10 === 0 ? [post(a, recordId, i), post(b, recordId, i)] : [post(a, recordId, i)]);
      }
    }),
  );
  return answers;
}

/**
 * The stored live respondents in arrival order, each re-scored in this process against the
 * respondents before it: what one process alone, receiving them in that order, would have answered.
 * Returns the stored rows whose scores differ from that.
 */
export async function liveScoresAgainstReplay(deps: Deps, datafileId: string) {
  const target = await deps.db
    .select({ uploadId: datafiles.publishedUploadId })
    .from(datafiles)
    .where(eq(datafiles.id, datafileId));
  const pages = pagesOfDatapointRows(await datapointsOfUpload(deps.db, target[0]!.uploadId!));
  const rows = await deps.db
    .select()
    .from(liveRespondents)
    .where(eq(liveRespondents.datafileId, datafileId))
    .orderBy(asc(liveRespondents.seq))
    .all();
  const medians = new LiveMedians();
  const differing: { recordId: string; seq: number; stored: unknown; replayed: unknown }[] = [];
  for (const r of rows) {
    const replayed = scoreRespondent(deps.scoring, medians, pages, r.totalSeconds, r.answers).scores;
    if (JSON.stringify(replayed) !== JSON.stringify(r.scores))
      differing.push({ recordId: r.recordId, seq: r.seq, stored: r.scores, replayed });
    medians.add(r.totalSeconds, r.answers);
  }
  return { rows, differing };
}

/** A metric's value summed over its series whose labels include `labels` (Prometheus text format). */
export function metricSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

export async function scrape(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`/metrics ${res.status}: ${await res.text()}`);
  return res.text();
}

/**
 * The ledger's invariants over a whole database, as names of what breaks them (empty when they all
 * hold): each plan's balance is the sum of its ledger rows, each charge's credits the sum of its
 * USED rows, amounts are positive integers, rows belong to the company of their plan and datafile,
 * each live respondent has its charge, and each datafile's cost is the sum of its charges.
 */
export async function ledgerBreaches(deps: Pick<Deps, 'db'>): Promise<unknown[]> {
  return deps.db.all(sql`
    select 'balance' k, p.id from credit_plans p where p.balance != coalesce((select sum(delta) from credit_transactions t where t.credit_plan_id = p.id), 0)
    union all select 'charge', c.id from datafile_charges c where c.credits != coalesce((select sum(amount) from credit_transactions t where t.charge_id = c.id and t.type = 'USED'), 0)
    union all select 'amount', id from credit_transactions where amount <= 0 or typeof(amount) != 'integer' or abs(delta) != amount
    union all select 'company', t.id from credit_transactions t join credit_plans p on p.id = t.credit_plan_id left join datafiles d on d.id = t.datafile_id where t.company_id != p.company_id or d.company_id != t.company_id
    union all select 'live-charge', r.record_id from live_respondents r left join datafile_charges c on c.id = r.charge_id where c.id is null or c.idempotency_key != 'live:' || r.datafile_id || ':' || r.record_id
    union all select 'cost', d.id from datafiles d where d.cost != coalesce((select sum(credits) from datafile_charges c where c.datafile_id = d.id), 0)`);
}
