import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { createdAt, instant } from './columns';
import { datafiles } from './datafiles';

/**
 * How a page's open answer came about, as the snippet measures it: timing and counts only, never
 * typed or pasted text (docs/live-import.md, "Behaviour"). Every field may be missing.
 */
export type LiveBehaviour = {
  /** Key presses in text fields (shortcuts and lone modifiers not counted). */
  keys?: number | null;
  /** Backspace and Delete presses. */
  deletions?: number | null;
  /** From the page opening to the first key press, ms. */
  firstKeyMs?: number | null;
  /** Sum of the intervals between key presses, ms. */
  typingMs?: number | null;
  /** Median and interquartile range of the intervals between key presses, ms (from 5 intervals). */
  ikiMedianMs?: number | null;
  ikiIqrMs?: number | null;
  /** Share of intervals within 10 ms of their median (0..1): near 1 for a machine's constant rhythm. */
  regularShare?: number | null;
  pastes?: number | null;
  /** Characters pasted (the clipboard text's length). */
  pastedChars?: number | null;
  /** Pastes after the respondent left the window or tab, with no key pressed since coming back. */
  pastesAfterSwitch?: number | null;
  /** Characters that appeared with neither a key press nor a paste (a script, an extension, autofill). */
  unexplainedChars?: number | null;
  /** The window lost focus / the tab was hidden while the page was open. */
  focusLosses?: number | null;
  hidden?: number | null;
  /** The browser translated the page. */
  translated?: boolean | null;
};

/** One page of a respondent as received: the answer (text or grid codes), the page time and paradata. */
export type LiveAnswer = {
  answer?: string | null;
  items?: (number | null)[] | null;
  seconds?: number | null;
  pastes?: number | null;
  keystrokes?: number | null;
  behaviour?: LiveBehaviour | null;
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
  /** Behaviour score (0..100) from the pages' behaviour fields; null (or absent, stored before it) when none came. */
  bas?: number | null;
  /** Behaviour category code per open-ended page label that sent behaviour (scoring's BEHAVIOUR_CATEGORIES). */
  behaviour?: Record<string, number>;
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

/** Which key a live request came with: the public one in the survey page's snippet, or the server-to-server one. */
export const LIVE_KEY_KINDS = ['BROWSER', 'SERVER'] as const;
export type LiveKeyKind = (typeof LIVE_KEY_KINDS)[number];

/**
 * What a live import may receive, one row per live datafile (written with it). The browser key sits
 * in every respondent's page, so it cannot be secret: the ceilings bound what it can cost, and the
 * counters beside them are raised in the same transaction as each charge (a conditional update that
 * refuses past the ceiling), so they are exact across every process sharing the database.
 */
export const liveSettings = sqliteTable('live_settings', {
  datafileId: text('datafile_id')
    .primaryKey()
    .references(() => datafiles.id),
  /** SHA-256 of the server-to-server key (requests are checked against it); empty until one is made. */
  serverKeyHash: text('server_key_hash').notNull().default(''),
  /** The server key sealed with the app secret, so the integration screen can show it again. */
  serverKeySealed: text('server_key_sealed').notNull().default(''),
  /** The sample the survey expects (the ceilings' default is derived from it); null when not given. */
  expectedRespondents: integer('expected_respondents'),
  /** Ceiling: respondents charged at most. */
  maxRespondents: integer('max_respondents').notNull(),
  /** Ceiling: credits charged at most. */
  maxCredits: integer('max_credits').notNull(),
  /** Respondents charged so far (raised in each charge's transaction). */
  respondents: integer('respondents').notNull().default(0),
  /** Credits charged so far. */
  credits: integer('credits').notNull().default(0),
  /** Browser key: respondents per client address and clock hour; 0 = no limit. */
  perAddressPerHour: integer('per_address_per_hour').notNull(),
  /** Browser key: respondents per device id (when the snippet sends one); 0 = no limit. */
  perDevice: integer('per_device').notNull(),
  /** Browser key: origins allowed to call (exact, or https://*.example.com); empty = any. */
  allowedOrigins: text('allowed_origins', { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  /** When the ADMINs were told 80 % of a ceiling is used (once per ceiling; cleared when it is raised past). */
  nearingNotifiedAt: instant('nearing_notified_at'),
  /** When the ADMINs were told a ceiling is reached. */
  reachedNotifiedAt: instant('reached_notified_at'),
  updatedAt: instant('updated_at'),
});

/**
 * Respondents charged per source of a live datafile (browser key only), for the per-source limits:
 * `a:<hour>:<address hash>` per client address and clock hour, `d:<device hash>` per device id.
 * Addresses and device ids are stored only as keyed hashes. Address rows of past hours are pruned
 * by the publish job.
 */
export const liveSources = sqliteTable(
  'live_sources',
  {
    datafileId: text('datafile_id')
      .notNull()
      .references(() => datafiles.id),
    source: text('source').notNull(),
    respondents: integer('respondents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.datafileId, t.source] })],
);
