import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { applyRetention, RETENTION_JOB } from '../../../api/modules/retention';
import { readManifest } from '../../../api/ingest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { liveWorld, respondent, send } from '../../support/live-world';
import { fixture, runJobs, uploadThrough } from '../../support/upload-world';
import { ledgerBreaches } from '../../support/ops-world';

// Retention: a deleted datafile's interview data (revisions, exports, upload sources, live
// respondents) leaves storage once its grace period is over, and not before; export files and
// uploaded sources expire by age; what is not deleted or not expired stays, and so do the ledger.

const DAY = 86_400_000;
const DELETE = 'mutation($id:ID!){deleteDatafile(datafileId:$id){status}}';

let t: TestApp;
let w: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  t = await createTestApp({ now: new Date().toISOString() });
  w = await liveWorld(t);
});
afterAll(() => t?.close());

const keysUnder = async (prefix: string) => {
  const keys: string[] = [];
  for await (const o of t.deps.blobs.list(prefix)) keys.push(o.key);
  return keys;
};
/** Dates an object's last modification (the local store's file time). */
const age = (key: string, at: Date) => utimesSync(join(t.deps.env.storageDir, key), at, at);
const count = async (q: ReturnType<typeof sql>) => Number(((await t.db.get(q)) as { n: number }).n);

async function uploaded(name: string) {
  const up = await uploadThrough(t, w.tokens.admin, w.A, name, fixture('plain-tab.csv'));
  await runJobs(t);
  return up;
}

describe('storage retention', () => {
  it('purges a deleted datafile after its grace period, expires exports and sources, keeps the rest', async () => {
    const doomed = await uploaded('doomed.csv');
    const kept = await uploaded('kept.csv');
    for (const r of ['a', 'b', 'c'])
      expect((await send(t, w.datafileId, w.secret, respondent(`live-${r}`))).status).toBe(200);
    const exportKey = (id: string, name: string) => `exports/${id}/1/${name}.csv`;
    for (const key of [
      exportKey(doomed.datafileId, 'e'),
      exportKey(kept.datafileId, 'old'),
      exportKey(kept.datafileId, 'new'),
    ])
      await t.deps.blobs.put(key, new TextEncoder().encode('id;q1\n1;2\n'));
    const orphan = `uploads/${w.A}/${w.admin.id}/abandoned.csv`;
    await t.deps.blobs.put(orphan, fixture('plain-tab.csv'));

    for (const id of [doomed.datafileId, w.datafileId])
      expect((await t.gql(DELETE, { id }, { token: w.tokens.admin })).body.data.deleteDatafile.status).toBe('SUCCESS');
    expect(await keysUnder(`datafiles/${doomed.datafileId}/`)).not.toEqual([]);

    // Within the grace period nothing of a deleted datafile goes.
    t.clock.advance(29 * DAY);
    expect(await applyRetention(t.deps)).toMatchObject({ datafilesPurged: 0, liveRespondentsRemoved: 0 });
    expect(await keysUnder(`datafiles/${doomed.datafileId}/`)).not.toEqual([]);

    // Past it, through the job kind the server schedules hourly.
    t.clock.advance(2 * DAY);
    const now = t.clock.now().getTime();
    age(exportKey(kept.datafileId, 'old'), new Date(now - 31 * DAY));
    age(exportKey(kept.datafileId, 'new'), new Date(now - 1 * DAY));
    age(orphan, new Date(now - 91 * DAY));
    age(kept.key, new Date(now - 10 * DAY));
    age(doomed.key, new Date(now - 10 * DAY));
    await t.deps.jobs.enqueue(RETENTION_JOB, {});
    await runJobsUntilIdle(t.deps);
    const job = await t.db.get<{ state: string; result: string }>(
      sql`select state, result from jobs where kind = ${RETENTION_JOB} order by created_at desc limit 1`,
    );
    expect(job!.state).toBe('SUCCEEDED');
    expect(JSON.parse(job!.result)).toEqual({
      datafilesPurged: 2,
      liveRespondentsRemoved: 3,
      exportsRemoved: 1,
      uploadSourcesRemoved: 1,
    });

    // The deleted ones: no revision, export, source or respondent left; row, charges, ledger stay.
    expect(await keysUnder(`datafiles/${doomed.datafileId}/`)).toEqual([]);
    expect(await keysUnder(`exports/${doomed.datafileId}/`)).toEqual([]);
    expect(await keysUnder(`datafiles/${w.datafileId}/`)).toEqual([]);
    expect(await t.deps.blobs.stat(doomed.key)).toBeNull();
    expect(await count(sql`select count(*) as n from live_respondents where datafile_id = ${w.datafileId}`)).toBe(0);
    expect(await count(sql`select count(*) as n from datafiles where purged_at is not null and is_deleted = 1`)).toBe(
      2,
    );
    expect(await count(sql`select count(*) as n from datafile_charges where datafile_id = ${w.datafileId}`)).toBe(3);
    expect(await count(sql`select count(*) as n from datafile_charges where datafile_id = ${doomed.datafileId}`)).toBe(
      1,
    );
    expect(await ledgerBreaches(t.deps)).toEqual([]);

    // What was neither deleted nor expired is all there.
    expect(await readManifest(t.deps.blobs, kept.datafileId, 1)).not.toBeNull();
    expect(await t.deps.blobs.stat(kept.key)).not.toBeNull();
    expect(await keysUnder(`exports/${kept.datafileId}/`)).toEqual([exportKey(kept.datafileId, 'new')]);
    expect(await t.deps.blobs.stat(orphan)).toBeNull();

    // A second run finds nothing more.
    expect(await applyRetention(t.deps)).toEqual({
      datafilesPurged: 0,
      liveRespondentsRemoved: 0,
      exportsRemoved: 0,
      uploadSourcesRemoved: 0,
    });
  }, 120_000);
});
