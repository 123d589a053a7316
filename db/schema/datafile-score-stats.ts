import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { datafiles } from './datafiles';

/** The score kinds the dashboard sums up: the combined score, the seven quality scores and the consistency score. */
export const SCORE_STAT_KINDS = ['COMBINED', 'TS', 'IBS', 'OES', 'PS', 'CS', 'IS', 'SDS', 'CON', 'BAS'] as const;
export type ScoreStatKind = (typeof SCORE_STAT_KINDS)[number];

/**
 * Per datafile and score kind, what the dashboard needs of its published revision's scores, kept
 * when the revision is published (the scores themselves live only in scores.arrow in the blob
 * store, which SQL cannot read): how many interviews have the score, their sum (full precision, so
 * an average over many datafiles is weighted by interviews), and how many fall into each benchmark
 * band on the score rounded half up to an integer: 0 to under 40, 40 to under 60, 60 to under 80,
 * 80 to 100. A row belongs to `revision`; the dashboard reads only rows of the datafile's published
 * revision, so a revision published without them is left out, never counted with another revision's
 * figures.
 */
export const datafileScoreStats = sqliteTable(
  'datafile_score_stats',
  {
    datafileId: text('datafile_id')
      .notNull()
      .references(() => datafiles.id),
    kind: text('kind', { enum: SCORE_STAT_KINDS }).notNull(),
    revision: integer('revision').notNull(),
    count: integer('count').notNull(),
    sum: real('sum').notNull(),
    band0: integer('band_0').notNull(),
    band1: integer('band_1').notNull(),
    band2: integer('band_2').notNull(),
    band3: integer('band_3').notNull(),
  },
  (t) => [primaryKey({ columns: [t.datafileId, t.kind] })],
);
