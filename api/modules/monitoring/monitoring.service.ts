import { stat } from 'node:fs/promises';
import { databaseFilePath } from '../../../db/client';
import type { JobState } from '../../../db/schema';
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { pageInfo, pageOf, type PageArgs } from '../../graphql/paging';
import { MAIL_OUTBOX_JOB } from '../mail';
import { requeueFailedMail } from '../mail';
import * as repo from './monitoring.repo';

const DAY_MS = 24 * 60 * 60_000;
/** The monitoring tables' page size. */
export const MONITORING_PAGE_SIZE = 10;
/** The live endpoint panel's window: one hour by default, at most one day. */
export const TRAFFIC_DEFAULT_MINUTES = 60;
export const TRAFFIC_MAX_MINUTES = 1440;
/** The refused-traffic panel's samples: the newest of the window. */
export const REFUSAL_SAMPLES_SHOWN = 50;

const dayAgo = (deps: Deps) => new Date(deps.clock.now().getTime() - DAY_MS).toISOString();

/** Per kind (every registered kind, and any kind the table still holds): queue counts and the last day's times. */
export async function jobQueueSummary(deps: Deps) {
  const since = dayAgo(deps);
  const [open, finished, times] = await Promise.all([
    repo.openJobCounts(deps.db),
    repo.finishedJobCounts(deps.db, since),
    repo.jobTimes(deps.db, since),
  ]);
  const kinds = new Set<string>([...deps.jobs.kinds(), ...open.map((r) => r.kind), ...finished.map((r) => r.kind)]);
  const countOf = (rows: { kind: string; state: JobState; n: number }[], kind: string, state: JobState) =>
    rows.find((r) => r.kind === kind && r.state === state)?.n ?? 0;
  return {
    measuredAt: deps.clock.now().toISOString(),
    kinds: [...kinds].sort().map((kind) => {
      const t = times.find((x) => x.kind === kind);
      return {
        kind,
        waiting: countOf(open, kind, 'QUEUED'),
        running: countOf(open, kind, 'RUNNING'),
        failed: countOf(open, kind, 'FAILED'),
        succeededLastDay: countOf(finished, kind, 'SUCCEEDED'),
        failedLastDay: countOf(finished, kind, 'FAILED'),
        cancelledLastDay: countOf(finished, kind, 'CANCELLED'),
        processingP50Ms: t?.runP50 ?? null,
        processingP95Ms: t?.runP95 ?? null,
        waitingP50Ms: t?.waitP50 ?? null,
        waitingP95Ms: t?.waitP95 ?? null,
      };
    }),
  };
}

export async function jobsPage(deps: Pick<Deps, 'db'>, filter: repo.JobFilter, page: PageArgs) {
  const p = pageOf(page, MONITORING_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    repo.jobsPage(deps.db, filter, p.limit, p.offset),
    repo.jobsCount(deps.db, filter),
  ]);
  return { rows, pageInfo: pageInfo(p, total) };
}

/**
 * The operators' retry, through the job system (deps.jobs.retry): only a FAILED job, and only of a
 * kind this process can run, goes back to the queue with its attempts from zero.
 */
export async function retryJob(deps: Pick<Deps, 'jobs'>, jobId: string): Promise<void> {
  const job = await deps.jobs.get(jobId);
  if (!job) throw new AppError('INVALID_ID', { field: 'jobId' });
  if (job.state !== 'FAILED')
    throw new AppError('INVALID_PARAMETERS', { field: 'jobId', reason: 'JOB_NOT_FAILED', state: job.state });
  if (!deps.jobs.handler(job.kind))
    throw new AppError('INVALID_PARAMETERS', { field: 'jobId', reason: 'JOB_KIND_NOT_RUNNABLE', kind: job.kind });
  const state = await deps.jobs.retry(jobId);
  // Another operator retried it (or it was pruned) between the read and the write.
  if (state !== 'QUEUED')
    throw new AppError('INVALID_PARAMETERS', { field: 'jobId', reason: 'JOB_NOT_FAILED', state: state ?? 'DELETED' });
}

/**
 * The operators' cancel, through the job system (deps.jobs.cancel): a queued job is CANCELLED at
 * once, a running one is asked to stop at its next progress point. Cancelling a cancelled job
 * again is fine; a job that succeeded or failed is refused. Returns the state after the call.
 */
export async function cancelJob(deps: Pick<Deps, 'jobs'>, jobId: string): Promise<'CANCELLED' | 'RUNNING'> {
  const state = await deps.jobs.cancel(jobId);
  if (state === null) throw new AppError('INVALID_ID', { field: 'jobId' });
  if (state === 'SUCCEEDED' || state === 'FAILED')
    throw new AppError('INVALID_PARAMETERS', { field: 'jobId', reason: 'JOB_ALREADY_FINISHED', state });
  // cancel() answers QUEUED only when the job left that state between its reads; it is then running.
  return state === 'CANCELLED' ? 'CANCELLED' : 'RUNNING';
}

export async function outboxSummary(deps: Deps) {
  return { ...(await repo.outboxCounts(deps.db, dayAgo(deps))), smtpConfigured: Boolean(deps.mailTransport) };
}

export async function outboxPage(
  deps: Pick<Deps, 'db'>,
  status: 'PENDING' | 'SENT' | 'FAILED' | null | undefined,
  page: PageArgs,
) {
  const p = pageOf(page, MONITORING_PAGE_SIZE);
  const { rows, total } = await repo.outboxPage(deps.db, status ?? 'FAILED', p.limit, p.offset);
  return { rows, pageInfo: pageInfo(p, total) };
}

/**
 * Resends a FAILED outbox mail: PENDING again with five fresh attempts, and an outbox run queued in
 * the same transaction, so a job runner sends it within seconds (never on the request path).
 */
export async function resendOutboxMail(deps: Pick<Deps, 'db' | 'jobs'>, mailId: string): Promise<void> {
  await writeTransaction(deps.db, async (tx) => {
    const before = await requeueFailedMail(tx, mailId);
    if (before === undefined) throw new AppError('INVALID_ID', { field: 'mailId' });
    if (before !== 'FAILED')
      throw new AppError('INVALID_PARAMETERS', { field: 'mailId', reason: 'MAIL_NOT_FAILED', status: before });
    await deps.jobs.enqueue(MAIL_OUTBOX_JOB, {}, { tx });
  });
}

/** Calls per minute over the window (every minute listed, oldest first) and per endpoint. */
export async function liveEndpointTraffic(deps: Pick<Deps, 'clock' | 'db'>, minutes: number | null | undefined) {
  const window = minutes ?? TRAFFIC_DEFAULT_MINUTES;
  if (!Number.isInteger(window) || window < 1 || window > TRAFFIC_MAX_MINUTES)
    throw new AppError('INVALID_PARAMETERS', {
      field: 'minutes',
      reason: 'OUT_OF_RANGE',
      min: 1,
      max: TRAFFIC_MAX_MINUTES,
    });
  const now = deps.clock.now().getTime();
  const last = Math.floor(now / 60_000) * 60_000;
  const first = last - (window - 1) * 60_000;
  const key = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  const [traffic, reasons, samples] = await Promise.all([
    repo.endpointTraffic(deps.db, key(first)),
    repo.refusalReasons(deps.db, key(first)),
    repo.refusalSamples(deps.db, new Date(first).toISOString(), REFUSAL_SAMPLES_SHOWN),
  ]);
  const byMinute = new Map(traffic.minutes.map((m) => [m.minute, m]));
  const series = Array.from({ length: window }, (_, i) => {
    const at = first + i * 60_000;
    const m = byMinute.get(key(at));
    return { minute: new Date(at).toISOString(), requests: m?.requests ?? 0, refusals: m?.refusals ?? 0 };
  });
  return {
    minutes: series,
    endpoints: traffic.endpoints.map((e) => ({
      endpoint: e.endpoint,
      requests: e.requests,
      refusals: e.refusals,
      lastCallAt: `${e.lastMinute}:00.000Z`,
    })),
    refusalReasons: reasons.map((r) => ({
      reason: r.reason,
      refusals: r.refusals,
      lastRefusalAt: `${r.lastMinute}:00.000Z`,
    })),
    recentRefusals: samples.map((s) => ({
      at: s.at,
      endpoint: s.endpoint,
      reason: s.reason,
      datafileId: s.datafileId,
      keyKind: s.keyKind,
      source: s.source,
      origin: s.origin,
    })),
    from: new Date(first).toISOString(),
    to: new Date(last + 60_000).toISOString(),
  };
}

/** Database pages, the WAL file beside a database file, and the blob store's usage (cached there). */
export async function systemSize(deps: Pick<Deps, 'blobs' | 'db' | 'env'>) {
  const path = databaseFilePath(deps.env.databaseUrl);
  const [pages, walBytes, storage] = await Promise.all([
    repo.databasePages(deps.db),
    path === undefined
      ? Promise.resolve(null)
      : stat(`${path}-wal`).then(
          (s) => s.size,
          () => 0,
        ),
    deps.blobs.usage(),
  ]);
  return {
    database: {
      kind: path === undefined ? 'server' : 'file',
      pageCount: pages.pageCount,
      pageSize: pages.pageSize,
      bytes: pages.pageCount * pages.pageSize,
      freeBytes: pages.freePages * pages.pageSize,
      walBytes,
    },
    storage: { kind: deps.blobs.kind, ...storage },
  };
}
