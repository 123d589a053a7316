import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { JobState } from '../../../db/schema';

/** One job as the event stream sees it: its state, and the datafile and organisation it works for. */
export type JobSnapshot = {
  id: string;
  kind: string;
  state: JobState;
  progress: number;
  /** An answer is published (a check publishes its answer while the job goes on preparing). */
  hasResult: boolean;
  updatedAt: string | null;
  datafileId: string | null;
  companyId: string | null;
  ownerId: string | null;
};

type Row = {
  id: string;
  kind: string;
  state: JobState;
  progress: number;
  has_result: number;
  updated_at: string | null;
  datafile_id: string | null;
  company_id: string | null;
  owner_id: string | null;
};

/**
 * The streamed kinds' jobs that are queued or running, and those that finished after `finishedAfter`,
 * with the datafile each works for: upload jobs name their upload (`$.uploadId`), exports their
 * datafile (`$.input.datafileId`). Two index reads (jobs by state, by finish time), however many
 * jobs the table keeps.
 */
export async function streamedJobs(db: Db, kinds: readonly string[], finishedAfter: string): Promise<JobSnapshot[]> {
  const inKinds = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows = await db.all<Row>(sql`
    with picked as (
      select * from jobs where state in ('QUEUED', 'RUNNING') and kind in (${inKinds})
      union all
      select * from jobs where finished_at > ${finishedAfter} and kind in (${inKinds})
    )
    select j.id, j.kind, j.state, j.progress, j.result is not null as has_result, j.updated_at,
      d.id as datafile_id, d.company_id, d.owner_id
    from picked j
    left join datafile_uploads u on u.id = json_extract(j.payload, '$.uploadId')
    left join datafiles d on d.id = coalesce(u.datafile_id, json_extract(j.payload, '$.input.datafileId'))`);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    state: r.state,
    progress: r.progress,
    hasResult: r.has_result === 1,
    updatedAt: r.updated_at,
    datafileId: r.datafile_id,
    companyId: r.company_id,
    ownerId: r.owner_id,
  }));
}
