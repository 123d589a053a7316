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

/** The earlier interviews of the organisation (not deleted) with the same hash within `days` before each of the datafile's. */
export type MatchRow = {
  recordId: string;
  seenAt: string;
  matchDatafileId: string;
  matchTitle: string;
  matchRecordId: string;
  matchSeenAt: string;
};

/**
 * For each interview of the datafile, every earlier one of the organisation with the same hash in
 * the window (ties on time broken by datafile and record id, so exactly one of two is "first").
 * The (company, hash, seen_at) index answers each interview's lookup.
 */
export async function earlierMatches(
  db: DbOrTx,
  companyId: string,
  datafileId: string,
  column: HashColumn,
  windowDays: number,
): Promise<MatchRow[]> {
  const col = sql.raw(column);
  return db.all<MatchRow>(sql`
    select a.record_id as recordId, a.seen_at as seenAt, b.datafile_id as matchDatafileId, f.title as matchTitle,
           b.record_id as matchRecordId, b.seen_at as matchSeenAt
    from respondent_identities a
    join respondent_identities b on b.company_id = a.company_id and b.${col} = a.${col}
      and b.seen_at >= strftime('%Y-%m-%dT%H:%M:%fZ', a.seen_at, ${`-${windowDays} days`}) and b.seen_at <= a.seen_at
    join datafiles f on f.id = b.datafile_id and f.is_deleted = 0
    where a.company_id = ${companyId} and a.datafile_id = ${datafileId} and a.${col} is not null
      and (b.seen_at < a.seen_at or b.datafile_id < a.datafile_id
           or (b.datafile_id = a.datafile_id and b.record_id < a.record_id))
    order by a.record_id, b.seen_at, b.datafile_id, b.record_id`);
}

export type NearbyRow = { recordId: string; seenAt: string; otherDatafileId: string; otherSeenAt: string };

/** For each interview of the datafile, the organisation's interviews (its own included) with its hash within `days` either side. */
export async function nearbyInterviews(
  db: DbOrTx,
  companyId: string,
  datafileId: string,
  column: HashColumn,
  days: number,
): Promise<NearbyRow[]> {
  const col = sql.raw(column);
  return db.all<NearbyRow>(sql`
    select a.record_id as recordId, a.seen_at as seenAt, b.datafile_id as otherDatafileId, b.seen_at as otherSeenAt
    from respondent_identities a
    join respondent_identities b on b.company_id = a.company_id and b.${col} = a.${col}
      and b.seen_at >= strftime('%Y-%m-%dT%H:%M:%fZ', a.seen_at, ${`-${days} days`})
      and b.seen_at <= strftime('%Y-%m-%dT%H:%M:%fZ', a.seen_at, ${`+${days} days`})
    join datafiles f on f.id = b.datafile_id and f.is_deleted = 0
    where a.company_id = ${companyId} and a.datafile_id = ${datafileId} and a.${col} is not null
    order by a.record_id, b.seen_at`);
}

/** The datafile's interviews per sample source (null: none given). */
export const sourcesOf = (db: DbOrTx, datafileId: string) =>
  db
    .select({ recordId: respondentIdentities.recordId, source: respondentIdentities.source })
    .from(respondentIdentities)
    .where(and(eq(respondentIdentities.datafileId, datafileId)))
    .all();
