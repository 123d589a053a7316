import { and, eq, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { jobs, type JobRow } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';

/**
 * The SQL of the job table, one statement per question. Every write a runner makes after its claim
 * is fenced by its lease (`lease_owner` = its claim token and state RUNNING): a runner that lost the
 * lease (it stalled, another took the job over) changes nothing.
 */

export type NewJob = {
  kind: string;
  payload: unknown;
  dedupeKey?: string | null;
  owner?: string | null;
  runAfter: Date;
  maxAttempts: number;
  now: Date;
  requestId?: string | undefined;
};

/** One write; with a dedupe key that exists already nothing is written and the existing id comes back. */
export async function insertJob(db: DbOrTx, job: NewJob): Promise<{ id: string; created: boolean }> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      dedupeKey: job.dedupeKey ?? null,
      owner: job.owner ?? null,
      runAfter: job.runAfter.toISOString(),
      maxAttempts: job.maxAttempts,
      requestId: job.requestId ?? null,
      createdAt: job.now.toISOString(),
      updatedAt: job.now.toISOString(),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  if (rows[0]) return { id: rows[0].id, created: true };
  const existing = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, job.dedupeKey!)).get();
  return { id: existing!.id, created: false };
}

/** Queued and due, or running with an expired lease (its runner died). */
const runnable = (kinds: readonly string[], nowIso: string) =>
  and(
    inArray(jobs.kind, [...kinds]),
    or(
      and(eq(jobs.state, 'QUEUED'), lte(jobs.runAfter, nowIso)),
      and(eq(jobs.state, 'RUNNING'), lt(jobs.leaseExpiresAt, nowIso)),
    ),
  );

/** A read that lets an idle runner skip the write lock when there is nothing to do. */
export async function hasRunnable(db: Db, kinds: readonly string[], now: Date): Promise<boolean> {
  if (kinds.length === 0) return false;
  return !!(await db.select({ id: jobs.id }).from(jobs).where(runnable(kinds, now.toISOString())).limit(1).get());
}

/**
 * Takes the lease of the next runnable job in one write (UPDATE ... WHERE id = (SELECT ...)
 * RETURNING), inside BEGIN IMMEDIATE so the choice and the update see the same, latest state: two
 * runners, in one process or many, never get the same job for the same lease.
 *
 * Organisations take turns: the next job is the oldest due one of the organisation with the fewest
 * jobs running now (over every process, by live leases), so a free slot goes to an organisation
 * that has nothing running before another's thirtieth export. Jobs without an owner (the
 * platform's own) count as nobody's running and keep their plain order.
 */
export async function claimNext(
  db: Db,
  kinds: readonly string[],
  leaseOwner: string,
  now: Date,
  leaseMs: number,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const nowIso = now.toISOString();
  // Jobs running now per organisation, counted once per claim (not once per candidate row).
  const busy = db
    .select({ owner: jobs.owner, running: sql<number>`count(*)`.as('running') })
    .from(jobs)
    .where(and(eq(jobs.state, 'RUNNING'), gte(jobs.leaseExpiresAt, nowIso), isNotNull(jobs.owner)))
    .groupBy(jobs.owner)
    .as('busy');
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .leftJoin(busy, eq(busy.owner, jobs.owner))
    .where(runnable(kinds, nowIso))
    .orderBy(sql`coalesce(${busy.running}, 0)`, jobs.runAfter, jobs.createdAt)
    .limit(1);
  return writeTransaction(
    db,
    async (tx) =>
      (
        await tx
          .update(jobs)
          .set({
            state: 'RUNNING',
            leaseOwner,
            leaseExpiresAt: new Date(now.getTime() + leaseMs).toISOString(),
            attempts: sql`${jobs.attempts} + 1`,
            progress: 0,
            startedAt: sql`coalesce(${jobs.startedAt}, ${nowIso})`,
            updatedAt: nowIso,
          })
          .where(eq(jobs.id, next))
          .returning()
      )[0],
  );
}

const held = (id: string, leaseOwner: string) =>
  and(eq(jobs.id, id), eq(jobs.leaseOwner, leaseOwner), eq(jobs.state, 'RUNNING'));

/**
 * Renews the lease (and writes progress when given). Null when the lease is lost; otherwise whether
 * cancel was requested.
 */
export async function renewLease(
  db: Db,
  id: string,
  leaseOwner: string,
  now: Date,
  leaseMs: number,
  progress?: number,
): Promise<{ cancelRequested: boolean } | null> {
  const rows = await writeTransaction(db, (tx) =>
    tx
      .update(jobs)
      .set({
        leaseExpiresAt: new Date(now.getTime() + leaseMs).toISOString(),
        updatedAt: now.toISOString(),
        ...(progress === undefined ? {} : { progress }),
      })
      .where(held(id, leaseOwner))
      .returning({ cancelRequestedAt: jobs.cancelRequestedAt }),
  );
  return rows[0] ? { cancelRequested: rows[0].cancelRequestedAt !== null } : null;
}

/**
 * Writes an interim result while the job runs (readable through jobs.get; the final result replaces
 * it). False when the lease is lost.
 */
export async function writeInterimResult(
  db: Db,
  id: string,
  leaseOwner: string,
  now: Date,
  result: unknown,
): Promise<boolean> {
  const rows = await writeTransaction(db, (tx) =>
    tx
      .update(jobs)
      .set({ result: result ?? null, updatedAt: now.toISOString() })
      .where(held(id, leaseOwner))
      .returning({ id: jobs.id }),
  );
  return rows.length > 0;
}

export type FinalFields =
  | { state: 'SUCCEEDED'; result: unknown }
  | { state: 'FAILED'; errorCode: string; errorDetail: string | null }
  | { state: 'CANCELLED' }
  | { state: 'QUEUED'; runAfter: Date; errorCode: string; errorDetail: string | null; giveBackAttempt?: boolean };

/** Ends this runner's hold on the job (a final state, or QUEUED again for a retry or a hand-back). The row after the write, or undefined when the lease was lost. */
export async function releaseJob(
  tx: Tx,
  id: string,
  leaseOwner: string,
  now: Date,
  fields: FinalFields,
): Promise<JobRow | undefined> {
  const nowIso = now.toISOString();
  const common = { leaseOwner: null, leaseExpiresAt: null, updatedAt: nowIso };
  const set =
    fields.state === 'QUEUED'
      ? {
          ...common,
          state: 'QUEUED' as const,
          runAfter: fields.runAfter.toISOString(),
          errorCode: fields.errorCode,
          errorDetail: fields.errorDetail,
          progress: 0,
          ...(fields.giveBackAttempt ? { attempts: sql`${jobs.attempts} - 1` } : {}),
        }
      : fields.state === 'SUCCEEDED'
        ? {
            ...common,
            state: 'SUCCEEDED' as const,
            result: fields.result ?? null,
            progress: 100,
            errorCode: null,
            errorDetail: null,
            finishedAt: nowIso,
          }
        : fields.state === 'FAILED'
          ? {
              ...common,
              state: 'FAILED' as const,
              errorCode: fields.errorCode,
              errorDetail: fields.errorDetail,
              finishedAt: nowIso,
            }
          : { ...common, state: 'CANCELLED' as const, finishedAt: nowIso };
  return (await tx.update(jobs).set(set).where(held(id, leaseOwner)).returning())[0];
}

/** A queued job becomes CANCELLED at once (the row after, or undefined when it was not queued). */
export async function cancelQueued(tx: Tx, id: string, now: Date): Promise<JobRow | undefined> {
  const nowIso = now.toISOString();
  return (
    await tx
      .update(jobs)
      .set({ state: 'CANCELLED', cancelRequestedAt: nowIso, finishedAt: nowIso, updatedAt: nowIso })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'QUEUED')))
      .returning()
  )[0];
}

/**
 * A FAILED job goes back to the queue, due now, with its attempts counted from zero again (a
 * manual retry gets the kind's full attempts). Its last error stays until the next outcome. The
 * row after, or undefined when the job was not FAILED.
 */
export async function requeueFailed(tx: Tx, id: string, now: Date): Promise<JobRow | undefined> {
  const nowIso = now.toISOString();
  return (
    await tx
      .update(jobs)
      .set({
        state: 'QUEUED',
        attempts: 0,
        runAfter: nowIso,
        progress: 0,
        leaseOwner: null,
        leaseExpiresAt: null,
        cancelRequestedAt: null,
        finishedAt: null,
        updatedAt: nowIso,
      })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'FAILED')))
      .returning()
  )[0];
}

/** Marks a running job for cancellation; its runner stops it at the next progress point. */
export async function requestCancel(tx: Tx, id: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const rows = await tx
    .update(jobs)
    .set({ cancelRequestedAt: sql`coalesce(${jobs.cancelRequestedAt}, ${nowIso})`, updatedAt: nowIso })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'RUNNING')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function jobById(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  return db.select().from(jobs).where(eq(jobs.id, id)).get();
}

export async function jobByDedupeKey(db: DbOrTx, dedupeKey: string): Promise<JobRow | undefined> {
  return db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).get();
}

/** Deletes jobs that finished before `before` (their dedupe keys belong to past time slots or finished work). */
export async function pruneFinished(db: Db, before: Date): Promise<number> {
  const rows = await writeTransaction(db, (tx) =>
    tx
      .delete(jobs)
      .where(and(isNotNull(jobs.finishedAt), lt(jobs.finishedAt, before.toISOString())))
      .returning({ id: jobs.id }),
  );
  return rows.length;
}
