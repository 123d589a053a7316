// Respondent identities: written with each live respondent (in its charge's transaction) and for
// each uploaded record, read by the duplicate and velocity checks. Every read is bounded by the
// organisation: a hash of another organisation differs anyway (its own key), and the queries
// name the company too, so even a hash collision cannot cross organisations.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { respondentIdentities } from '../../../db/schema';

export type IdentityRow = typeof respondentIdentities.$inferSelect;
export type HashColumn = 'device_hash' | 'panel_hash';

/** Stores one interview's identity; a resend of the same record keeps the first (its hashes do not change). */
export const insertIdentities = (tx: DbOrTx, rows: readonly IdentityRow[]) =>
  rows.length === 0
    ? Promise.resolve()
    : tx
        .insert(respondentIdentities)
        .values([...rows])
        .onConflictDoNothing()
        .run();

/** One interview of the datafile and another of the organisation with the same hash. */
export type PairRow = {
  recordId: string;
  seenAt: string;
  /** The datafile's interview's sample source. */
  source: string | null;
  otherDatafileId: string;
  otherTitle: string;
  otherRecordId: string;
  otherSeenAt: string;
};

/**
 * For each interview of the datafile, every other interview of the organisation (not deleted) with
 * the same hash, by time (ties by datafile and record id). One probe of the (company, hash) index
 * per interview; an interview without a match returns no row, so the answer is as large as the
 * matches, not as the datafile. The time window is applied by the caller: a bound computed per row
 * in SQL (strftime) doubled the query's CPU time for a million interviews. CROSS JOIN keeps
 * SQLite's join order (the datafile's interviews outside, which it otherwise gives up for a scan
 * of the datafiles table), and INDEXED BY walks only those that carry the kind (the partial index).
 *
 * Nothing of the outer interview is read from the table until it has a match: the partial index
 * holds its datafile, hash and rowid, which is all the probe needs, and SQLite fetches its record
 * id and time only for a row that is returned. A filter on the outer interview's own company would
 * fetch every row of the datafile (measured: 4.5 times the CPU of the whole query at 200,000
 * against 200,000), so the organisation bounds the probed side, the one that could cross: a
 * datafile's rows carry its own organisation (every insert takes it from the datafile), and the
 * caller has checked that the datafile is the organisation's.
 */
export async function sameIdentityPairs(
  db: DbOrTx,
  companyId: string,
  datafileId: string,
  column: HashColumn,
): Promise<PairRow[]> {
  const col = sql.raw(column);
  const own = sql.raw(
    column === 'device_hash' ? 'respondent_identities_file_device_idx' : 'respondent_identities_file_panel_idx',
  );
  const all = sql.raw(
    column === 'device_hash' ? 'respondent_identities_device_idx' : 'respondent_identities_panel_idx',
  );
  return db.all<PairRow>(sql`
    select a.record_id as recordId, a.seen_at as seenAt, a.source as source, b.datafile_id as otherDatafileId, f.title as otherTitle,
           b.record_id as otherRecordId, b.seen_at as otherSeenAt
    from respondent_identities a indexed by ${own}
    cross join respondent_identities b indexed by ${all} on b.company_id = ${companyId} and b.${col} = a.${col} and b.rowid <> a.rowid
    cross join datafiles f on f.id = b.datafile_id and f.is_deleted = 0 and f.company_id = ${companyId}
    where a.datafile_id = ${datafileId} and a.${col} is not null
    order by a.record_id, b.seen_at, b.datafile_id, b.record_id`);
}

/** The datafile's interviews per sample source (null: none given). */
export const sourcesOf = (db: DbOrTx, datafileId: string) =>
  db
    .select({ recordId: respondentIdentities.recordId, source: respondentIdentities.source })
    .from(respondentIdentities)
    .where(and(eq(respondentIdentities.datafileId, datafileId)))
    .all();

/** The datafile's interviews per sample source, counted in the database (a million rows never reach JavaScript). */
export const sourceCountsOf = (db: DbOrTx, datafileId: string) =>
  db
    .select({ source: respondentIdentities.source, interviews: sql<number>`count(*)` })
    .from(respondentIdentities)
    .where(eq(respondentIdentities.datafileId, datafileId))
    .groupBy(respondentIdentities.source)
    .all();

/** When each record of the datafile was first seen (kept across new versions of an upload). */
export const seenAtOf = (db: DbOrTx, datafileId: string) =>
  db
    .select({ recordId: respondentIdentities.recordId, seenAt: respondentIdentities.seenAt })
    .from(respondentIdentities)
    .where(eq(respondentIdentities.datafileId, datafileId))
    .all();
