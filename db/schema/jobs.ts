import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, instant } from './columns';

export const JOB_STATES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Background jobs as leased rows (docs/jobs.md): any API process claims the next runnable row
 * by taking its lease in one write, renews it while running, and a row whose lease expired (its
 * worker died) is claimable again. Instants are ISO-8601 UTC text, so they compare as text.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: id(),
    /** The handler that runs it (registered in api/compose/job-kinds.ts). */
    kind: text('kind').notNull(),
    payload: text('payload', { mode: 'json' }).$type<unknown>().notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('QUEUED'),
    /** Attempts started so far (a claim counts one, also when its worker dies). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Who holds the lease: runner id and a claim token, so a stale holder's writes match nothing. */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: instant('lease_expires_at'),
    /** Not claimable before this instant (backoff after a failed attempt). */
    runAfter: instant('run_after').notNull(),
    /** 0..100, written at most every 250 ms and only when it moved by a whole percent. */
    progress: integer('progress').notNull().default(0),
    /** A catalogue code (api/kernel/errors/error-codes.ts) of the last failure. */
    errorCode: text('error_code'),
    /** Details of the last failure for operators (AppError details as JSON, or an error message); never shown raw to users. */
    errorDetail: text('error_detail'),
    /** What the handler returned (small JSON). */
    result: text('result', { mode: 'json' }).$type<unknown>(),
    /**
     * The organisation the job works for (null: the platform's own jobs). The claim takes turns
     * between organisations: it prefers the job whose organisation has the fewest jobs running, so
     * one organisation's 30 exports cannot make another's upload check wait behind them.
     */
    owner: text('owner'),
    /** "Enqueue if not already there" in one write: at most one job per key, ever (until pruned). */
    dedupeKey: text('dedupe_key').unique(),
    /** Set by cancel on a running job; the runner stops it at its next progress point. */
    cancelRequestedAt: instant('cancel_requested_at'),
    /** The request that enqueued the job (its X-Request-Id): the job's log lines carry it too. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    /** First claim. */
    startedAt: instant('started_at'),
    /** Final state reached (SUCCEEDED, FAILED, CANCELLED). */
    finishedAt: instant('finished_at'),
    updatedAt: instant('updated_at'),
  },
  (t) => [
    index('jobs_runnable_idx').on(t.state, t.runAfter),
    index('jobs_lease_idx').on(t.state, t.leaseExpiresAt),
    index('jobs_finished_idx').on(t.finishedAt),
    index('jobs_owner_state_idx').on(t.owner, t.state),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
