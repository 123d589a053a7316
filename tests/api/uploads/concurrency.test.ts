// Two users of one organisation confirm an upload at the same moment, with credits for only one of
// them: both confirmations pass (each alone fits), both files process at once in two Worker
// threads, and the ledger decides: one READY and charged, the other UPLOAD_ERROR with
// BALANCE_NOT_ENOUGH and nothing charged; the ledger's invariants hold.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobLoop } from '../../../api/jobs/job-loop';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  createDraft,
  fixture,
  putFile,
  saveSuggested,
  UPLOAD_QUERIES as Q,
  uploadWorld,
} from '../../support/upload-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
});
afterAll(() => t.close());

describe('two uploads confirmed at the same moment with credits for one', () => {
  it('ends with one READY and one BALANCE_NOT_ENOUGH, charged once, the ledger consistent', async () => {
    // Probe the estimate of the file first, then give the organisation 1.5 times it.
    const probe = await uploadWorld(t);
    const probeKey = await putFile(t, probe.tokens.admin, probe.A, 'plain.csv', fixture('plain-tab.csv'));
    const probeId = (await createDraft(t, probe.tokens.admin, probeKey, { title: 'probe' })).body.data
      .createDraftDatafile.datafileId;
    const credits = (await saveSuggested(t, probe.tokens.admin, probeId)).estimate.creditAmount as number;

    const w = await uploadWorld(t, { credits: Math.round(credits * 1.5), backup: false });
    const prepared = [];
    for (const token of [w.tokens.admin, w.tokens.employee]) {
      const key = await putFile(t, token, w.A, 'plain.csv', fixture('plain-tab.csv'));
      const id = (await createDraft(t, token, key, { title: `Race ${prepared.length}` })).body.data.createDraftDatafile
        .datafileId as string;
      const check = await saveSuggested(t, token, id);
      expect(check.estimate).toMatchObject({ creditAmount: credits, isBalanceEnough: true });
      prepared.push({ token, id });
    }
    const confirmations = await Promise.all(
      prepared.map(({ token, id }) => t.gql(Q.confirm, { id, c: credits, s: 'PROCESSING' }, { token })),
    );
    for (const c of confirmations) expect(c.body.errors).toBeUndefined();

    const stop = startJobLoop(t.deps, { concurrency: 2, workerThreads: 2, pollMs: 50, schedule: false });
    const deadline = Date.now() + 120_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      states = await Promise.all(
        prepared.map(
          async ({ token, id }) =>
            (await t.gql(Q.progress, { id }, { token })).body.data.getDatafileUploadingProgress.status,
        ),
      );
      if (states.every((s) => s === 'READY' || s === 'ERROR')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await stop();
    expect(states.sort()).toEqual(['ERROR', 'READY']);
    const results = await Promise.all(
      prepared.map(
        async ({ token, id }) => (await t.gql(Q.progress, { id }, { token })).body.data.getDatafileUploadingProgress,
      ),
    );
    const error = results.find((r) => r.status === 'ERROR')!;
    expect(error.upload.error).toMatchObject({ code: 'BALANCE_NOT_ENOUGH', reason: 'NOT_ENOUGH_CREDITS_FOR_UPLOAD' });
    expect(await t.deps.blobs.stat(`datafiles/${error.datafileId}/${error.upload.revision}/manifest.json`)).toBeNull();

    // Ledger invariants: one charge of exactly the estimate; every plan's balance is its ledger sum; nothing negative.
    const charges = await t.db.all<{ credits: number; datafile_id: string }>(
      sql`select credits, datafile_id from datafile_charges where company_id = ${w.A}`,
    );
    expect(charges).toEqual([{ credits, datafile_id: results.find((r) => r.status === 'READY')!.datafileId }]);
    const plans = await t.db.all<{ id: string; balance: number; category: string; sum: number }>(
      sql`select p.id, p.balance, p.category, coalesce((select sum(delta) from credit_transactions t where t.credit_plan_id = p.id), 0) as sum from credit_plans p where p.company_id = ${w.A}`,
    );
    for (const p of plans) {
      if (p.category !== 'PAY_AS_USAGE') {
        expect(p.balance).toBe(Number(p.sum));
        expect(p.balance).toBeGreaterThanOrEqual(0);
      }
    }
    const [used] = await t.db.all<{ n: number }>(
      sql`select coalesce(sum(amount), 0) as n from credit_transactions where company_id = ${w.A} and type = 'USED'`,
    );
    expect(Number(used!.n)).toBe(credits);
    const notes = await t.db.all<{ type: string }>(
      sql`select type from notifications where company_id = ${w.A} and type in ('UPLOAD_FINISHED', 'UPLOAD_ERROR') order by type`,
    );
    expect(notes.map((n) => n.type)).toEqual(['UPLOAD_ERROR', 'UPLOAD_FINISHED']);
  });
});
