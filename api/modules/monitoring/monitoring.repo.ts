import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  endpointHits,
  endpointRefusalSamples,
  endpointRefusals,
  jobs,
  outboxMails,
  type JobState,
} from '../../../db/schema';

// Questions the monitoring page asks of the jobs table, the mail outbox, the endpoint counters and
// the database file itself. Every query is read-only.

/** Jobs per kind and state among the unfinished and failed ones (the runnable index starts with state). */
export function openJobCounts(db: DbOrTx) {
  return db
    .select({ kind: jobs.kind, state: jobs.state, n: count() })
    .from(jobs)
    .where(inArray(jobs.state, ['QUEUED', 'RUNNING', 'FAILED']))
    .groupBy(jobs.kind, jobs.state);
}

/** Jobs per kind and final state that finished since `since` (the finished_at index). */
export function finishedJobCounts(db: DbOrTx, since: string) {
  return db
    .select({ kind: jobs.kind, state: jobs.state, n: count() })
    .from(jobs)
    .where(gte(jobs.finishedAt, since))
    .groupBy(jobs.kind, jobs.state);
}

export type JobTimes = {
  kind: string;
  n: number;
  runP50: number | null;
  runP95: number | null;
  waitP50: number | null;
  waitP95: number | null;
};

/**
 * Processing (first start to finish) and waiting (enqueued to first start) times in milliseconds of
 * the jobs that succeeded since `since`, per kind: the median and the 95th percentile by nearest
 * rank (the smallest time whose rank is at least p x n).
 */
export async function jobTimes(db: DbOrTx, since: string): Promise<JobTimes[]> {
  const rows = await db.all<{
    kind: string;
    n: number;
    run_p50: number | null;
    run_p95: number | null;
    wait_p50: number | null;
    wait_p95: number | null;
  }>(sql`
    with d as (
      select kind, (julianday(finished_at) - julianday(started_at)) * 86400000.0 as run_ms, (julianday(started_at) - julianday(created_at)) * 86400000.0 as wait_ms
      from ${jobs} where finished_at >= ${since} and state = 'SUCCEEDED' and started_at is not null
    ),
    ranked as (
      select kind, run_ms, wait_ms, count(*) over (partition by kind) as n,
        row_number() over (partition by kind order by run_ms) as run_rank, row_number() over (partition by kind order by wait_ms) as wait_rank
      from d
    )
    select kind, max(n) as n,
      min(case when run_rank >= n * 0.5 then run_ms end) as run_p50, min(case when run_rank >= n * 0.95 then run_ms end) as run_p95,
      min(case when wait_rank >= n * 0.5 then wait_ms end) as wait_p50, min(case when wait_rank >= n * 0.95 then wait_ms end) as wait_p95
    from ranked group by kind`);
  // julianday is a fraction of days: rounding to whole milliseconds removes its last-digit noise.
  const ms = (v: number | null) => (v === null ? null : Math.max(0, Math.round(Number(v))));
  return rows.map((r) => ({
    kind: r.kind,
    n: Number(r.n),
    runP50: ms(r.run_p50),
    runP95: ms(r.run_p95),
    waitP50: ms(r.wait_p50),
    waitP95: ms(r.wait_p95),
  }));
}

export type JobFilter = { states?: readonly JobState[] | null; kind?: string | null };

function jobWhere(filter: JobFilter): SQL | undefined {
  return and(
    filter.states?.length ? inArray(jobs.state, [...filter.states]) : undefined,
    filter.kind ? eq(jobs.kind, filter.kind) : undefined,
  );
}

/**
 * A page of jobs: running ones first by start, then queued ones in the order they will start,
 * then finished ones newest first.
 */
export function jobsPage(db: DbOrTx, filter: JobFilter, limit: number, offset: number) {
  return db
    .select()
    .from(jobs)
    .where(jobWhere(filter))
    .orderBy(
      sql`case ${jobs.state} when 'RUNNING' then 0 when 'QUEUED' then 1 else 2 end`,
      sql`case when ${jobs.state} = 'RUNNING' then ${jobs.startedAt} end`,
      sql`case when ${jobs.state} = 'QUEUED' then ${jobs.runAfter} end`,
      desc(jobs.finishedAt),
      asc(jobs.createdAt),
      asc(jobs.id),
    )
    .limit(limit)
    .offset(offset);
}

export async function jobsCount(db: DbOrTx, filter: JobFilter): Promise<number> {
  return (await db.select({ n: count() }).from(jobs).where(jobWhere(filter)).get())?.n ?? 0;
}

export async function outboxCounts(db: DbOrTx, since: string) {
  const [byStatus, sent, oldest] = await Promise.all([
    db
      .select({ status: outboxMails.status, n: count() })
      .from(outboxMails)
      .where(inArray(outboxMails.status, ['PENDING', 'FAILED']))
      .groupBy(outboxMails.status),
    db
      .select({ n: count() })
      .from(outboxMails)
      .where(and(eq(outboxMails.status, 'SENT'), gte(outboxMails.sentAt, since)))
      .get(),
    db
      .select({ at: outboxMails.createdAt })
      .from(outboxMails)
      .where(eq(outboxMails.status, 'PENDING'))
      .orderBy(asc(outboxMails.createdAt))
      .limit(1)
      .get(),
  ]);
  const of = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
  return {
    pending: of('PENDING'),
    failed: of('FAILED'),
    sentLastDay: sent?.n ?? 0,
    oldestPendingAt: oldest?.at ?? null,
  };
}

/** Outbox mails of one status, newest first; the body is left out (it can hold invitation links). */
export async function outboxPage(db: DbOrTx, status: 'PENDING' | 'SENT' | 'FAILED', limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: outboxMails.id,
        to: outboxMails.to,
        subject: outboxMails.subject,
        template: outboxMails.template,
        locale: outboxMails.locale,
        status: outboxMails.status,
        attempts: outboxMails.attempts,
        lastError: outboxMails.lastError,
        createdAt: outboxMails.createdAt,
        sentAt: outboxMails.sentAt,
      })
      .from(outboxMails)
      .where(eq(outboxMails.status, status))
      .orderBy(desc(outboxMails.createdAt), asc(outboxMails.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(outboxMails).where(eq(outboxMails.status, status)).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Calls per minute (all endpoints) and per endpoint since the minute `since` ('YYYY-MM-DDTHH:MM'). */
export async function endpointTraffic(db: DbOrTx, since: string) {
  const [minutes, endpoints] = await Promise.all([
    db
      .select({
        minute: endpointHits.minute,
        requests: sql<number>`sum(${endpointHits.requests})`,
        refusals: sql<number>`sum(${endpointHits.refusals})`,
      })
      .from(endpointHits)
      .where(gte(endpointHits.minute, since))
      .groupBy(endpointHits.minute),
    db
      .select({
        endpoint: endpointHits.endpoint,
        requests: sql<number>`sum(${endpointHits.requests})`,
        refusals: sql<number>`sum(${endpointHits.refusals})`,
        lastMinute: sql<string>`max(${endpointHits.minute})`,
      })
      .from(endpointHits)
      .where(gte(endpointHits.minute, since))
      .groupBy(endpointHits.endpoint)
      .orderBy(desc(sql`sum(${endpointHits.requests})`), asc(endpointHits.endpoint)),
  ]);
  return {
    minutes: minutes.map((m) => ({ minute: m.minute, requests: Number(m.requests), refusals: Number(m.refusals) })),
    endpoints: endpoints.map((e) => ({
      endpoint: e.endpoint,
      requests: Number(e.requests),
      refusals: Number(e.refusals),
      lastMinute: e.lastMinute,
    })),
  };
}

/** Refusals per reason since the minute `since`, most frequent first. */
export async function refusalReasons(db: DbOrTx, since: string) {
  const rows = await db
    .select({
      reason: endpointRefusals.reason,
      refusals: sql<number>`sum(${endpointRefusals.refusals})`,
      lastMinute: sql<string>`max(${endpointRefusals.minute})`,
    })
    .from(endpointRefusals)
    .where(gte(endpointRefusals.minute, since))
    .groupBy(endpointRefusals.reason)
    .orderBy(desc(sql`sum(${endpointRefusals.refusals})`), asc(endpointRefusals.reason));
  return rows.map((r) => ({ reason: r.reason, refusals: Number(r.refusals), lastMinute: r.lastMinute }));
}

/** The newest refused calls kept as samples, since the instant `since`. */
export const refusalSamples = (db: DbOrTx, since: string, limit: number) =>
  db
    .select()
    .from(endpointRefusalSamples)
    .where(gte(endpointRefusalSamples.at, since))
    .orderBy(desc(endpointRefusalSamples.id))
    .limit(limit);

/** The database's page count, page size and free pages (PRAGMAs answer on files and servers alike). */
export async function databasePages(db: DbOrTx) {
  const pragma = async (name: 'page_count' | 'page_size' | 'freelist_count') => {
    const rows = await db.all<Record<string, number>>(sql.raw(`pragma ${name}`));
    return Number(Object.values(rows[0] ?? {})[0] ?? 0);
  };
  const [pageCount, pageSize, freePages] = await Promise.all([
    pragma('page_count'),
    pragma('page_size'),
    pragma('freelist_count'),
  ]);
  return { pageCount, pageSize, freePages };
}
