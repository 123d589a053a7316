import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { datafiles } from './datafiles';

/** One page of a respondent as received: the answer (text or grid codes), the page time and paradata. */
export type LiveAnswer = {
  answer?: string | null;
  items?: (number | null)[] | null;
  seconds?: number | null;
  pastes?: number | null;
  keystrokes?: number | null;
};

/** The scores a respondent was answered with when it arrived (the published revision re-scores). */
export type LiveScores = {
  ts: number | null;
  oes: number | null;
  ibs: number | null;
  combined: number | null;
  /** OES category code per open-ended page label (0 = not scored). */
  categories: Record<string, number>;
  /** Grid score per grid page label. */
  grids: Record<string, number | null>;
  /** The cleaning decision under the default cleaning rules (any rule that fires removes) at arrival. */
  kept: boolean;
};

/**
 * Respondents of live imports, one row per datafile and record id. The primary key is the
 * idempotency of a respondent: it is written in the same transaction as its charge
 * (live:<datafileId>:<recordId>), so a respondent is stored exactly when it is charged. The cells
 * are kept as sent (JSON per page); the publish job turns them into the revision's Arrow columns.
 */
export const liveRespondents = sqliteTable(
  'live_respondents',
  {
    datafileId: text('datafile_id')
      .notNull()
      .references(() => datafiles.id),
    recordId: text('record_id').notNull(),
    /** Arrival order within the datafile (1, 2, ...): the row order of published revisions. */
    seq: integer('seq').notNull(),
    /** Answers by page label. */
    answers: text('answers', { mode: 'json' }).$type<Record<string, LiveAnswer>>().notNull(),
    /** Total interview seconds (sent, or the sum of the page times); null when unknown. */
    totalSeconds: real('total_seconds'),
    scores: text('scores', { mode: 'json' }).$type<LiveScores>().notNull(),
    credits: integer('credits').notNull(),
    chargeId: text('charge_id').notNull(),
    /** SHA-256 of the normalised respondent: a resend with other content is told so. */
    payloadHash: text('payload_hash').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.datafileId, t.recordId] }),
    index('live_respondents_seq_idx').on(t.datafileId, t.seq),
  ],
);
