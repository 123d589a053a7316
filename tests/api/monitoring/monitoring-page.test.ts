import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outboxMails } from '../../../db/schema';
import { runJobsUntilIdle, runJobsUntilSettled } from '../../../api/jobs/job-loop';
import type { JobHandler } from '../../../api/jobs/job-types';
import type { OutgoingMail } from '../../../api/infra/mail/mail.transport';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';

// The monitoring page's API against a real database: the queue and its times from the jobs table,
// retry and cancel through the job system, the mail outbox and its resend, and sizes.

const SUMMARY =
  '{getJobQueueSummary{ measuredAt kinds{ kind waiting running failed succeededLastDay failedLastDay cancelledLastDay processingP50Ms processingP95Ms waitingP50Ms waitingP95Ms } }}';
const JOBS =
  'query($f:JobFilters,$p:PageInput){getJobs(filters:$f,paginationInfo:$p){ jobs{ id kind state attempts maxAttempts progress errorCode errorDetail payload createdAt startedAt finishedAt runAfter cancelRequestedAt isStalled } pageInfo{ total nextPage } }}';
const RETRY = 'mutation($id:ID!){retryJob(jobId:$id){status message}}';
const CANCEL = 'mutation($id:ID!){cancelJob(jobId:$id){status message}}';
const RESEND = 'mutation($id:ID!){resendOutboxMail(mailId:$id){status}}';

const NOW = '2026-11-21T09:00:00.000Z';
const sent: OutgoingMail[] = [];
let t: TestApp;
let op: string;
let admin: string;

const minutesAgo = (m: number) => new Date(Date.parse(NOW) - m * 60_000).toISOString();
const row = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)).get())!;

/** A jobs row as the runner leaves it; times in minutes before NOW. */
async function makeJob(f: {
  kind: string;
  state: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  createdAgo: number;
  startedAgo?: number;
  finishedAgo?: number;
  attempts?: number;
  errorCode?: string;
  errorDetail?: string;
  leaseExpiresAgo?: number;
  payload?: unknown;
}) {
  const id = crypto.randomUUID();
  await t.db.insert(jobs).values({
    id,
    kind: f.kind,
    state: f.state,
    payload: f.payload ?? { n: 1 },
    attempts: f.attempts ?? (f.startedAgo === undefined ? 0 : 1),
    maxAttempts: 3,
    runAfter: minutesAgo(f.createdAgo),
    createdAt: minutesAgo(f.createdAgo),
    startedAt: f.startedAgo === undefined ? null : minutesAgo(f.startedAgo),
    finishedAt: f.finishedAgo === undefined ? null : minutesAgo(f.finishedAgo),
    errorCode: f.errorCode ?? null,
    errorDetail: f.errorDetail ?? null,
    leaseOwner: f.state === 'RUNNING' ? 'elsewhere:1' : null,
    leaseExpiresAt: f.leaseExpiresAgo === undefined ? null : minutesAgo(f.leaseExpiresAgo),
  });
  return id;
}

/** Nearest-rank percentile, as the monitoring page defines it. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1]!;
};

beforeAll(async () => {
  t = await createTestApp({ now: NOW, mailTransport: { send: async (mail) => void sent.push(mail), close: () => {} } });
  const company = await makeCompany(t.db);
  const owner = await makeUser(t.db, t.deps.appSecret, { companyId: company, accessLevel: 'ADMIN', owner: true });
  const operator = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
  op = await t.tokenFor(operator.email, operator.password);
  admin = await t.tokenFor(owner.email, owner.password);
});
afterAll(() => t.close());

describe('the job queue', () => {
  it("counts waiting, running and failed jobs per kind and the last day's outcomes, every registered kind listed", async () => {
    await makeJob({ kind: 'stats.a', state: 'QUEUED', createdAgo: 1 });
    await makeJob({ kind: 'stats.a', state: 'QUEUED', createdAgo: 2 });
    await makeJob({ kind: 'stats.a', state: 'RUNNING', createdAgo: 5, startedAgo: 4, leaseExpiresAgo: -1 });
    await makeJob({
      kind: 'stats.a',
      state: 'FAILED',
      createdAgo: 3000,
      startedAgo: 2999,
      finishedAgo: 2990,
      errorCode: 'GENERAL_ERROR',
    });
    await makeJob({
      kind: 'stats.a',
      state: 'FAILED',
      createdAgo: 30,
      startedAgo: 29,
      finishedAgo: 28,
      errorCode: 'JOB_TIME_LIMIT',
    });
    await makeJob({ kind: 'stats.a', state: 'CANCELLED', createdAgo: 30, finishedAgo: 29 });
    const kinds = (await t.gql(SUMMARY, {}, { token: op })).body.data.getJobQueueSummary.kinds;
    expect(kinds.find((k: any) => k.kind === 'stats.a')).toMatchObject({
      waiting: 2,
      running: 1,
      failed: 2,
      failedLastDay: 1,
      cancelledLastDay: 1,
      succeededLastDay: 0,
      processingP50Ms: null,
    });
    // Registered kinds appear without any row.
    expect(kinds.map((k: any) => k.kind)).toEqual(expect.arrayContaining(['calendar', 'mail.outbox', 'jobs.prune']));
    expect(kinds.find((k: any) => k.kind === 'calendar')).toMatchObject({
      waiting: 0,
      running: 0,
      failed: 0,
      processingP50Ms: null,
    });
  });

  it('gives p50 and p95 of processing and waiting times of the jobs that succeeded in the last 24 hours, by nearest rank', async () => {
    const run: number[] = [];
    const wait: number[] = [];
    for (let i = 0; i < 41; i++) {
      // Times in whole minutes: created c, started c - w, finished c - w - r minutes... before NOW.
      const r = 1 + ((i * 7) % 23);
      const w = (i * 5) % 11;
      const finishedAgo = 10 + i;
      await makeJob({
        kind: 'stats.timed',
        state: 'SUCCEEDED',
        createdAgo: finishedAgo + r + w,
        startedAgo: finishedAgo + r,
        finishedAgo,
      });
      run.push(r * 60_000);
      wait.push(w * 60_000);
    }
    // Outside the day, or not succeeded: not counted.
    await makeJob({ kind: 'stats.timed', state: 'SUCCEEDED', createdAgo: 1600, startedAgo: 1500, finishedAgo: 1450 });
    await makeJob({ kind: 'stats.timed', state: 'FAILED', createdAgo: 100, startedAgo: 99, finishedAgo: 1 });
    const summary = (await t.gql(SUMMARY, {}, { token: op })).body.data.getJobQueueSummary.kinds.find(
      (k: any) => k.kind === 'stats.timed',
    );
    expect(summary).toMatchObject({
      succeededLastDay: 41,
      failedLastDay: 1,
      processingP50Ms: percentile(run, 0.5),
      processingP95Ms: percentile(run, 0.95),
      waitingP50Ms: percentile(wait, 0.5),
      waitingP95Ms: percentile(wait, 0.95),
    });
    expect(summary.processingP95Ms).toBeGreaterThan(summary.processingP50Ms);
  });

  it('lists jobs by state and kind: running first, queued in start order, finished newest first; a running job past its lease is stalled', async () => {
    const stalled = await makeJob({
      kind: 'stats.list',
      state: 'RUNNING',
      createdAgo: 50,
      startedAgo: 49,
      leaseExpiresAgo: 2,
    });
    const live = await makeJob({
      kind: 'stats.list',
      state: 'RUNNING',
      createdAgo: 20,
      startedAgo: 19,
      leaseExpiresAgo: -1,
    });
    const q1 = await makeJob({ kind: 'stats.list', state: 'QUEUED', createdAgo: 3 });
    const old = await makeJob({
      kind: 'stats.list',
      state: 'FAILED',
      createdAgo: 90,
      startedAgo: 89,
      finishedAgo: 80,
      errorCode: 'GENERAL_ERROR',
      errorDetail: 'x'.repeat(5000),
    });
    const recent = await makeJob({
      kind: 'stats.list',
      state: 'FAILED',
      createdAgo: 60,
      startedAgo: 59,
      finishedAgo: 10,
      errorCode: 'UPLOAD_FILE_CORRUPT',
    });
    const res = (await t.gql(JOBS, { f: { kind: 'stats.list' } }, { token: op })).body.data.getJobs;
    expect(res.jobs.map((j: any) => j.id)).toEqual([stalled, live, q1, recent, old]);
    expect(res.jobs[0].isStalled).toBe(true);
    expect(res.jobs[1].isStalled).toBe(false);
    expect(res.jobs[4].errorDetail.length).toBe(2000);
    const failed = (
      await t.gql(JOBS, { f: { kind: 'stats.list', states: ['FAILED'] }, p: { page: 1, limit: 1 } }, { token: op })
    ).body.data.getJobs;
    expect(failed.jobs.map((j: any) => [j.id, j.errorCode])).toEqual([[recent, 'UPLOAD_FILE_CORRUPT']]);
    expect(failed.pageInfo).toEqual({ total: 2, nextPage: 2 });
  });
});

describe('retry and cancel go through the job system', () => {
  const onRetryCalls: string[] = [];
  let attempts = 0;
  const flaky: JobHandler<{ n: number }, string> = {
    kind: 'stats.flaky',
    maxAttempts: 1,
    run: async () => {
      if (++attempts === 1) throw new Error('storage unreachable');
      return 'done';
    },
    onRetry: async (tx, job) => {
      onRetryCalls.push(job.id);
      await tx.run(sql`insert into app_settings (key, value, updated_at) values (${`retried:${job.id}`}, '1', ${NOW})`);
    },
  };
  beforeAll(() => t.deps.jobs.register(flaky));

  it("retries a failed job: queued again with its attempts from zero, the kind's hook in the same transaction, and it then runs", async () => {
    const { id } = await t.deps.jobs.enqueue(flaky.kind, { n: 1 });
    const [failed] = await runJobsUntilSettled(t.deps, [id], { kinds: [flaky.kind] });
    expect(failed).toMatchObject({ state: 'FAILED', attempts: 1, errorCode: 'GENERAL_ERROR' });
    const res = await t.gql(RETRY, { id }, { token: op });
    expect(res.body.data.retryJob.status).toBe('SUCCESS');
    expect(await row(id)).toMatchObject({
      state: 'QUEUED',
      attempts: 0,
      finishedAt: null,
      runAfter: NOW,
      errorCode: 'GENERAL_ERROR',
    });
    expect(onRetryCalls).toEqual([id]);
    expect((await t.db.all(sql`select key from app_settings where key = ${`retried:${id}`}`)).length).toBe(1);
    const [again] = await runJobsUntilSettled(t.deps, [id], { kinds: [flaky.kind] });
    expect(again).toMatchObject({ state: 'SUCCEEDED', attempts: 1, result: 'done' });
  });

  it('refuses to retry a job that did not fail, a kind this server cannot run, and an unknown id, changing nothing', async () => {
    const queued = await makeJob({ kind: flaky.kind, state: 'QUEUED', createdAgo: 1 });
    const succeeded = await makeJob({
      kind: flaky.kind,
      state: 'SUCCEEDED',
      createdAgo: 9,
      startedAgo: 8,
      finishedAgo: 7,
    });
    const foreign = await makeJob({
      kind: 'stats.unknown-kind',
      state: 'FAILED',
      createdAgo: 9,
      startedAgo: 8,
      finishedAgo: 7,
      attempts: 3,
    });
    expect(codeOf(await t.gql(RETRY, { id: queued }, { token: op }))).toBe('INVALID_PARAMETERS:JOB_NOT_FAILED');
    const refused = await t.gql(RETRY, { id: succeeded }, { token: op });
    expect(codeOf(refused)).toBe('INVALID_PARAMETERS:JOB_NOT_FAILED');
    expect(refused.body.errors![0]!.message).toContain('SUCCEEDED');
    expect(codeOf(await t.gql(RETRY, { id: foreign }, { token: op }))).toBe('INVALID_PARAMETERS:JOB_KIND_NOT_RUNNABLE');
    expect(await row(foreign)).toMatchObject({ state: 'FAILED', attempts: 3 });
    expect(codeOf(await t.gql(RETRY, { id: crypto.randomUUID() }, { token: op }))).toBe('INVALID_ID');
  });

  it('cancels a waiting job at once, and again without complaint; a finished one is refused', async () => {
    const { id } = await t.deps.jobs.enqueue(flaky.kind, { n: 2 });
    const res = await t.gql(CANCEL, { id }, { token: op });
    expect(res.body.data.cancelJob).toEqual({ status: 'SUCCESS', message: 'Job cancelled' });
    expect(await row(id)).toMatchObject({ state: 'CANCELLED', finishedAt: NOW });
    expect((await t.gql(CANCEL, { id }, { token: op })).body.data.cancelJob.status).toBe('SUCCESS');
    const done = await makeJob({ kind: flaky.kind, state: 'SUCCEEDED', createdAgo: 9, startedAgo: 8, finishedAgo: 7 });
    expect(codeOf(await t.gql(CANCEL, { id: done }, { token: op }))).toBe('INVALID_PARAMETERS:JOB_ALREADY_FINISHED');
    expect(codeOf(await t.gql(CANCEL, { id: crypto.randomUUID() }, { token: op }))).toBe('INVALID_ID');
    // A cancelled job is never claimed.
    await runJobsUntilIdle(t.deps, { kinds: [flaky.kind] });
    expect(await row(id)).toMatchObject({ state: 'CANCELLED', attempts: 0, startedAt: null });
  });

  it('asks a running job to stop; it ends CANCELLED at its next progress point', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    t.deps.jobs.register({
      kind: 'stats.long',
      run: async (ctx) => {
        started();
        for (let i = 1; i < 100; i++) {
          await new Promise((r) => setTimeout(r, 20));
          await ctx.progress(i);
        }
        return 'finished';
      },
    });
    const { id } = await t.deps.jobs.enqueue('stats.long', {});
    const settled = runJobsUntilSettled(t.deps, [id], { kinds: ['stats.long'] });
    await running;
    const res = await t.gql(CANCEL, { id }, { token: op });
    expect(res.body.data.cancelJob.message).toMatch(/next progress point/);
    const [after] = await settled;
    expect(after).toMatchObject({ state: 'CANCELLED' });
    expect(after!.cancelRequestedAt).not.toBeNull();
  });

  it('is refused to an organisation admin, who changes nothing', async () => {
    const failed = await makeJob({ kind: flaky.kind, state: 'FAILED', createdAgo: 9, startedAgo: 8, finishedAgo: 7 });
    const queued = await makeJob({ kind: flaky.kind, state: 'QUEUED', createdAgo: 1 });
    expect(codeOf(await t.gql(RETRY, { id: failed }, { token: admin }))).toBe('UNAUTHORIZED');
    expect(codeOf(await t.gql(CANCEL, { id: queued }, { token: admin }))).toBe('UNAUTHORIZED');
    expect((await row(failed)).state).toBe('FAILED');
    expect((await row(queued)).state).toBe('QUEUED');
  });
});

describe('the mail outbox', () => {
  async function makeMail(status: 'PENDING' | 'SENT' | 'FAILED', createdAgo: number, lastError: string | null = null) {
    const [mail] = await t.db
      .insert(outboxMails)
      .values({
        to: `to-${crypto.randomUUID().slice(0, 6)}@test.example`,
        locale: 'de',
        template: 'invitation',
        subject: 'Einladung',
        text: 'secret link',
        html: '<p>secret link</p>',
        status,
        attempts: status === 'FAILED' ? 5 : 0,
        lastError,
        createdAt: minutesAgo(createdAgo),
        sentAt: status === 'SENT' ? minutesAgo(createdAgo - 1) : null,
      })
      .returning();
    return mail!.id;
  }

  it("counts pending, failed and the last day's sent mails, and lists failed ones with their error (never the body)", async () => {
    await makeMail('PENDING', 30);
    await makeMail('SENT', 60);
    await makeMail('SENT', 3000);
    const failed = await makeMail('FAILED', 10, '550 mailbox unavailable');
    const summary = (
      await t.gql('{getOutboxSummary{pending failed sentLastDay oldestPendingAt smtpConfigured}}', {}, { token: op })
    ).body.data.getOutboxSummary;
    expect(summary).toEqual({
      pending: 1,
      failed: 1,
      sentLastDay: 1,
      oldestPendingAt: minutesAgo(30),
      smtpConfigured: true,
    });
    const list = (
      await t.gql('{getOutboxMails{mails{id to subject status attempts lastError} pageInfo{total}}}', {}, { token: op })
    ).body.data.getOutboxMails;
    expect(list.mails).toEqual([
      expect.objectContaining({ id: failed, status: 'FAILED', attempts: 5, lastError: '550 mailbox unavailable' }),
    ]);
    expect(codeOf(await t.gql('{getOutboxMails{mails{text}}}', {}, { token: op }))).toBe('BAD_REQUEST');
  });

  it('resends a failed mail: pending with fresh attempts and an outbox run queued, which sends it', async () => {
    const id = await makeMail('FAILED', 5, 'timeout');
    const res = await t.gql(RESEND, { id }, { token: op });
    expect(res.body.data.resendOutboxMail.status).toBe('SUCCESS');
    expect(await t.db.select().from(outboxMails).where(eq(outboxMails.id, id)).get()).toMatchObject({
      status: 'PENDING',
      attempts: 0,
    });
    expect(await runJobsUntilIdle(t.deps, { kinds: ['mail.outbox'] })).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(outboxMails).where(eq(outboxMails.id, id)).get()).toMatchObject({
      status: 'SENT',
      attempts: 1,
      lastError: null,
    });
    expect(sent.some((m) => m.text === 'secret link')).toBe(true);
    expect(codeOf(await t.gql(RESEND, { id }, { token: op }))).toBe('INVALID_PARAMETERS:MAIL_NOT_FAILED');
    expect(codeOf(await t.gql(RESEND, { id: crypto.randomUUID() }, { token: op }))).toBe('INVALID_ID');
    expect(codeOf(await t.gql(RESEND, { id: await makeMail('FAILED', 1) }, { token: admin }))).toBe('UNAUTHORIZED');
  });
});

describe('database and storage size', () => {
  it('reports page count x page size, free pages and the WAL file, and the blob store by folder (cached)', async () => {
    await t.deps.blobs.put('exports/a.csv', new Uint8Array(1000));
    await t.deps.blobs.put('exports/b.csv', new Uint8Array(24));
    await t.deps.blobs.put('avatars/x/y.png', new Uint8Array(300));
    await t.deps.blobs.usage({ maxAgeMs: 0 });
    const size = (
      await t.gql(
        '{getSystemSize{database{kind pageCount pageSize bytes freeBytes walBytes} storage{kind bytes objects folders{prefix bytes objects} measuredAt}}}',
        {},
        { token: op },
      )
    ).body.data.getSystemSize;
    const pages = (await t.db.all<{ page_count: number }>(sql`pragma page_count`))[0]!.page_count;
    expect(size.database).toMatchObject({ kind: 'file', pageSize: 4096 });
    expect(size.database.pageCount).toBeGreaterThanOrEqual(pages - 1);
    expect(size.database.bytes).toBe(size.database.pageCount * size.database.pageSize);
    expect(size.database.walBytes).toBeGreaterThan(0);
    expect(size.storage).toMatchObject({
      kind: 'local',
      bytes: 1324,
      objects: 3,
      folders: [
        { prefix: 'exports', bytes: 1024, objects: 2 },
        { prefix: 'avatars', bytes: 300, objects: 1 },
      ],
    });
    // Within the cache period a new object is not walked yet; a fresh walk sees it.
    await t.deps.blobs.put('exports/c.csv', new Uint8Array(10));
    expect((await t.deps.blobs.usage()).objects).toBe(3);
    expect((await t.deps.blobs.usage({ maxAgeMs: 0 })).objects).toBe(4);
  });
});
