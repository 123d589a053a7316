import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { datafiles, datafileScoreStats } from '../../../db/schema';
import type { Viewer } from '../../graphql/context';
import { visibleDatafiles } from '../datafiles';
import type { ScoreStat } from '../../ingest';

/**
 * The datafiles the dashboard sums up: those the viewer sees (visibleDatafiles: the rule of
 * canSeeDatafile, drafts excluded) with data, i.e. READY, or STOPPED (a stopped live import keeps
 * its scores and still belongs to the user's figures).
 */
const withData = (viewer: Viewer) => and(visibleDatafiles(viewer), inArray(datafiles.status, ['READY', 'STOPPED']));

/** How many of the newest datafiles the dashboard lists. */
export const LATEST_DATAFILES = 5;

/** Replaces a datafile's score stats with those of the revision being published (in the publishing transaction). */
export async function replaceScoreStats(
  db: DbOrTx,
  datafileId: string,
  revision: number,
  stats: readonly ScoreStat[],
): Promise<void> {
  await db.delete(datafileScoreStats).where(eq(datafileScoreStats.datafileId, datafileId));
  await insertStats(db, datafileId, revision, stats);
}

async function insertStats(db: DbOrTx, datafileId: string, revision: number, stats: readonly ScoreStat[]) {
  if (stats.length === 0) return;
  await db.insert(datafileScoreStats).values(
    stats.map((s) => ({
      datafileId,
      revision,
      kind: s.kind,
      count: s.count,
      sum: s.sum,
      band0: s.bands[0],
      band1: s.bands[1],
      band2: s.bands[2],
      band3: s.bands[3],
    })),
  );
}

/**
 * The stat cards: datafiles, interviews, and quality scores, i.e. score values computed (every score
 * kind's scored interviews, from the stats of the published revision; a datafile without stats counts
 * its stored number_of_quality_scores).
 */
export async function dashboardTotals(db: DbOrTx, viewer: Viewer) {
  // Qualified by hand: drizzle drops table names from columns in single-table selects, which would make the correlation ambiguous.
  const scoreValues = sql`(select sum("s"."count") from "datafile_score_stats" "s" where "s"."datafile_id" = "datafiles"."id" and "s"."revision" = "datafiles"."revision" and "s"."kind" <> 'COMBINED')`;
  const row = await db
    .select({
      numberOfDatafiles: sql<number>`count(*)`,
      numberOfDataRecords: sql<number>`coalesce(sum(${datafiles.numberOfRecords}), 0)`,
      numberOfQualityScores: sql<number>`coalesce(sum(coalesce(${scoreValues}, ${datafiles.numberOfQualityScores})), 0)`,
    })
    .from(datafiles)
    .where(withData(viewer))
    .get();
  return {
    numberOfDatafiles: Number(row?.numberOfDatafiles ?? 0),
    numberOfDataRecords: Number(row?.numberOfDataRecords ?? 0),
    numberOfQualityScores: Number(row?.numberOfQualityScores ?? 0),
  };
}

/** Per score kind over the viewer's datafiles: scored interviews, sum of scores, interviews per benchmark band (published revisions only). */
/** Replaces the COMBINED stat of a datafile's revision (its combined score computed again under the datafile's weights). */
export async function replaceCombinedStat(
  db: DbOrTx,
  datafileId: string,
  revision: number,
  stat: ScoreStat | null,
): Promise<void> {
  await db
    .delete(datafileScoreStats)
    .where(and(eq(datafileScoreStats.datafileId, datafileId), eq(datafileScoreStats.kind, 'COMBINED')));
  if (stat) await insertStats(db, datafileId, revision, [stat]);
}

export async function scoreStatsByKind(db: DbOrTx, viewer: Viewer) {
  const s = datafileScoreStats;
  const rows = await db
    .select({
      kind: s.kind,
      count: sql<number>`sum(${s.count})`,
      sum: sql<number>`sum(${s.sum})`,
      band0: sql<number>`sum(${s.band0})`,
      band1: sql<number>`sum(${s.band1})`,
      band2: sql<number>`sum(${s.band2})`,
      band3: sql<number>`sum(${s.band3})`,
    })
    .from(s)
    .innerJoin(datafiles, and(eq(datafiles.id, s.datafileId), eq(datafiles.revision, s.revision)))
    .where(withData(viewer))
    .groupBy(s.kind);
  return rows.map((r) => ({
    kind: r.kind,
    count: Number(r.count),
    sum: Number(r.sum),
    bands: [Number(r.band0), Number(r.band1), Number(r.band2), Number(r.band3)] as [number, number, number, number],
  }));
}

/** The viewer's newest datafiles with data, with their mean combined score. */
export async function latestDatafiles(db: DbOrTx, viewer: Viewer, limit = LATEST_DATAFILES) {
  return db
    .select({
      id: datafiles.id,
      title: datafiles.title,
      createdAt: datafiles.createdAt,
      numberOfRecords: datafiles.numberOfRecords,
      meanCombinedScore: datafiles.meanCombinedScore,
    })
    .from(datafiles)
    .where(withData(viewer))
    .orderBy(desc(datafiles.createdAt), desc(datafiles.id))
    .limit(limit);
}
