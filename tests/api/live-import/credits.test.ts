import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readRevisionColumns } from '../../../api/ingest/index';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { publishNow } from '../../../api/modules/live-import/live-publish';
import { CREDITS_MAX, CREDITS_MIN } from '../../../scoring/credits';
import { createTestApp, type TestApp } from '../../support/test-app';
import { liveWorld, respondent, send } from '../../support/live-world';

let t: TestApp;
afterEach(() => t?.close());

/** Each respondent's charge beside the data points its published revision shows (the result table's column). */
async function chargedAndShown(datafileId: string, revision: number) {
  const scores = await readRevisionColumns(t.deps.blobs, datafileId, revision, 'scores', ['record_id', 'data_points']);
  const charges = await t.db.all<{ key: string; credits: number }>(
    sql`select idempotency_key as key, credits from datafile_charges where datafile_id = ${datafileId} and kind = 'LIVE'`,
  );
  const charged = new Map(charges.map((c) => [c.key.split(':')[2]!, c.credits]));
  return Array.from({ length: scores.numRows }, (_, i) => ({
    recordId: String(scores.getChild('record_id')!.get(i)),
    shown: Number(scores.getChild('data_points')!.get(i)),
    charged: charged.get(String(scores.getChild('record_id')!.get(i))),
  }));
}

const byRule = (points: number) => Math.min(CREDITS_MAX, Math.max(CREDITS_MIN, points));

describe('live import: what a respondent is charged is what is scored', () => {
  it('charges durations only once their median exists, so the charge and the result table agree by the credit rule', async () => {
    t = await createTestApp();
    // Three pages: an open answer, a grid and a time-only page; every respondent sends the total and three page times.
    const w = await liveWorld(t);
    const first = await send(t, w.datafileId, w.secret, respondent('c-1'));
    await send(t, w.datafileId, w.secret, respondent('c-2'));
    // No Time-Score yet: the open answer and the grid are scored, 2 data points, the minimum of 4 credits.
    expect(first.body.scores.ts).toBeNull();
    expect(first.body.credits).toBe(CREDITS_MIN);
    await publishNow(t.deps, { id: w.datafileId, companyId: w.A });
    await runJobsUntilIdle(t.deps);
    const early = await chargedAndShown(w.datafileId, 1);
    expect(early.map((r) => r.shown)).toEqual([2, 2]);
    for (const r of early) expect(r.charged).toBe(byRule(r.shown));

    // From the 30th respondent on the four durations are scored too: 6 data points, 6 credits. The
    // 29th to 32nd arrive at once: those stored after another came to the median are charged for it.
    for (let i = 3; i <= 28; i++) await send(t, w.datafileId, w.secret, respondent(`c-${i}`, 40 + i));
    const together = await Promise.all(
      [29, 30, 31, 32].map((i) => send(t, w.datafileId, w.secret, respondent(`c-${i}`, 40 + i))),
    );
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const r of together) expect(r.body.credits).toBe(byRule(2 + (r.body.scores.ts === null ? 0 : 4)));
    expect(together.filter((r) => r.body.scores.ts === null)).toHaveLength(1);
    await publishNow(t.deps, { id: w.datafileId, companyId: w.A });
    await runJobsUntilIdle(t.deps);
    const timed = (await chargedAndShown(w.datafileId, 2)).filter((r) =>
      together.some((a) => a.body.recordId === r.recordId && a.body.scores.ts !== null),
    );
    expect(timed).toHaveLength(3);
    for (const r of timed) expect([r.shown, r.charged]).toEqual([6, 6]);
  });
});
