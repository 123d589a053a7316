import { spawn } from 'node:child_process';
import { createClient } from '@libsql/client';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type DbHandle } from '../../../db/client';
import { AppError } from '../../../api/kernel/errors/errors';
import { chargeDatafile, refundTransaction } from '../../../api/modules/credits/ledger.service';
import { writeTransaction } from '../../../db/write-transaction';
import { countRows } from '../../support/factories';
import { company, contract, datafile, ledgerDb, planRow, user, type LedgerDb } from '../../support/ledger-fixtures';

// Invariant 15 on a database FILE: concurrent charges and refunds end in a state some serial order
// would produce, and no SQLITE_BUSY reaches a caller. Separate clients (own connection pools) on the
// same file share the file's in-process write lock; separate processes contend for SQLite's lock.

let t: LedgerDb;
let companyId: string;
let adminId: string;
const extra: DbHandle[] = [];
beforeEach(async () => {
  t = await ledgerDb('2027-05-05T09:00:00.000Z');
  companyId = await company(t.db);
  adminId = await user(t.db, companyId);
});
afterEach(() => {
  for (const h of extra.splice(0)) h.close();
  t.close();
});

async function clients(n: number) {
  const handles = await Promise.all(Array.from({ length: n }, () => createDb(t.url)));
  extra.push(...handles);
  return handles.map((h) => ({ db: h.db, clock: t.clock, client: h.client }));
}
const codeOf = (e: unknown) => (e instanceof AppError ? e.code : String((e as Error)?.message ?? e));

describe('concurrent charges', () => {
  it('50 parallel charges of one datafile with the same key give exactly one charge', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 10_000 });
    const fileId = await datafile(t.db, companyId, adminId);
    const [other] = await clients(1);
    const input = {
      companyId,
      datafileId: fileId,
      kind: 'UPLOAD' as const,
      idempotencyKey: `upload:${fileId}:0`,
      interviewCredits: [10, 9, 8, 7],
      actorId: adminId,
      description: 'upload',
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => chargeDatafile(i % 2 ? t.deps : other!, input)),
    );
    expect(new Set(results.map((r) => r.chargeId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await countRows(t.db, 'datafile_charges')).toBe(1);
    expect((await planRow(t.db, primaryPlanId)).balance).toBe(10_000 - 34);
  });

  it('parallel charges of different datafiles on separate connections never overdraw and never surface SQLITE_BUSY', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 1_000 });
    const files = await Promise.all(Array.from({ length: 8 }, () => datafile(t.db, companyId, adminId)));
    const pool = [t.deps, ...(await clients(3))];
    // 80 charges of 20..100 credits: about 4,800 demanded against 1,000 available.
    const demands = Array.from({ length: 80 }, (_, i) => Array.from({ length: 2 + (i % 9) }, () => 10));
    const settled = await Promise.allSettled(
      demands.map((credits, i) =>
        chargeDatafile(pool[i % pool.length]!, {
          companyId,
          datafileId: files[i % files.length]!,
          kind: 'LIVE',
          idempotencyKey: `live:${i}`,
          interviewCredits: credits,
          actorId: null,
          description: 'live',
        }),
      ),
    );
    const failures = settled
      .filter((s) => s.status === 'rejected')
      .map((s) => codeOf((s as PromiseRejectedResult).reason));
    expect(new Set(failures)).toEqual(new Set(['BALANCE_NOT_ENOUGH']));
    const charged = settled
      .flatMap((s) => (s.status === 'fulfilled' ? [s.value.credits] : []))
      .reduce((a, b) => a + b, 0);
    const plan = await planRow(t.db, primaryPlanId);
    // Some serial order explains the end state: balance = received - what succeeded, never below zero.
    expect(plan.balance).toBe(1_000 - charged);
    expect(plan.balance).toBeGreaterThanOrEqual(0);
    // Charges were refused only when the rest could not cover them.
    const smallest = Math.min(...demands.map((d) => d.length * 10));
    expect(plan.balance).toBeLessThan(smallest + 90);
    const sums = await t.db.get<{ used: number }>(
      sql`select sum(amount) used from credit_transactions where type = 'USED'`,
    );
    expect(sums!.used).toBe(charged);
  });

  it('charges from three OS processes on one file never overdraw and never surface SQLITE_BUSY', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 2_000 });
    const files = await Promise.all(Array.from({ length: 4 }, () => datafile(t.db, companyId, adminId)));
    const worker = fileURLToPath(new URL('./ledger-charge-worker.ts', import.meta.url));
    const run = (prefix: string) =>
      new Promise<{ charged: number; ok: number; failures: string[] }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            worker,
            JSON.stringify({ url: t.url, now: t.clock.now().toISOString(), companyId, files, count: 40, prefix }),
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.on('exit', (code) =>
          code === 0
            ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
            : reject(new Error(`worker exited ${code}: ${out}`)),
        );
      });
    const results = await Promise.all([run('a'), run('b'), run('c')]);
    const failures = results.flatMap((r) => r.failures);
    expect(failures.filter((f) => f !== 'BALANCE_NOT_ENOUGH')).toEqual([]);
    const charged = results.reduce((a, r) => a + r.charged, 0);
    expect(charged).toBeGreaterThan(0);
    const plan = await planRow(t.db, primaryPlanId);
    expect(plan.balance).toBe(2_000 - charged);
    expect(plan.balance).toBeGreaterThanOrEqual(0);
    expect(await countRows(t.db, 'datafile_charges')).toBe(results.reduce((a, r) => a + r.ok, 0));
  }, 60_000);

  it('parallel refunds of one USED row on separate connections refund it once', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 500 });
    const fileId = await datafile(t.db, companyId, adminId);
    await chargeDatafile(t.deps, {
      companyId,
      datafileId: fileId,
      kind: 'UPLOAD',
      idempotencyKey: 'k',
      interviewCredits: [10, 10],
      actorId: null,
      description: 'upload',
    });
    const used = (await t.db.get<{ id: string }>(sql`select id from credit_transactions where type = 'USED'`))!.id;
    const pool = [t.deps, ...(await clients(3))];
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        refundTransaction(pool[i % pool.length]!, { transactionId: used, actorId: null }),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(
      settled
        .filter((s) => s.status === 'rejected')
        .map((s) => ((s as PromiseRejectedResult).reason as AppError).details.reason),
    ).toEqual(Array(19).fill('ALREADY_REFUNDED'));
    expect((await planRow(t.db, primaryPlanId)).balance).toBe(500);
  });

  it('charges and refunds interleaved on separate connections end as some serial order would', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 600 });
    const files = await Promise.all(Array.from({ length: 4 }, () => datafile(t.db, companyId, adminId)));
    const pool = [t.deps, ...(await clients(2))];
    const first = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        chargeDatafile(t.deps, {
          companyId,
          datafileId: files[i % 4]!,
          kind: 'LIVE',
          idempotencyKey: `first:${i}`,
          interviewCredits: [10, 10],
          actorId: null,
          description: 'x',
        }),
      ),
    );
    const usedIds = (await t.db.all<{ id: string }>(sql`select id from credit_transactions where type = 'USED'`)).map(
      (r) => r.id,
    );
    expect(first).toHaveLength(10);
    const work = [
      ...usedIds.flatMap((id, i) => [
        refundTransaction(pool[i % 3]!, { transactionId: id, actorId: null }),
        refundTransaction(pool[(i + 1) % 3]!, { transactionId: id, actorId: null }),
      ]),
      ...Array.from({ length: 40 }, (_, i) =>
        chargeDatafile(pool[i % 3]!, {
          companyId,
          datafileId: files[i % 4]!,
          kind: 'LIVE',
          idempotencyKey: `second:${i}`,
          interviewCredits: [10, 10, 10],
          actorId: null,
          description: 'x',
        }),
      ),
    ];
    const settled = await Promise.allSettled(work);
    const refused = settled
      .filter((s) => s.status === 'rejected')
      .map((s) => {
        const e = (s as PromiseRejectedResult).reason;
        return e instanceof AppError
          ? `${e.code}${e.details.reason ? `:${e.details.reason}` : ''}`
          : String(e?.message ?? e);
      });
    // Each USED row refunded exactly once; the only other refusal is a charge the balance could not cover.
    expect(refused.filter((r) => r === 'INVALID_PARAMETERS:ALREADY_REFUNDED')).toHaveLength(usedIds.length);
    expect(refused.filter((r) => r !== 'INVALID_PARAMETERS:ALREADY_REFUNDED' && r !== 'BALANCE_NOT_ENOUGH')).toEqual(
      [],
    );
    const sums = await t.db.get<{ received: number; used: number; refunded: number }>(
      sql`select sum(case when type = 'RECEIVED' then amount else 0 end) received, sum(case when type = 'USED' then amount else 0 end) used, sum(case when type = 'REFUND' then amount else 0 end) refunded from credit_transactions`,
    );
    expect(sums!.refunded).toBe(200);
    const plan = await planRow(t.db, primaryPlanId);
    expect(plan.balance).toBe(sums!.received - sums!.used + sums!.refunded);
    expect(plan.balance).toBeGreaterThanOrEqual(0);
  });

  it('a ledger transaction takes the write lock at BEGIN (IMMEDIATE), before its first write', async () => {
    // A bare client stands for another process: clients made by createDb share the file's in-process
    // write lock. No waiting on it: its BEGIN IMMEDIATE must be refused while the first holds the lock.
    const other = { client: createClient({ url: t.url }) };
    await other.client.execute('PRAGMA busy_timeout = 0');
    let releasedAt = 0;
    const holder = writeTransaction(t.db, async (tx) => {
      await tx.run(sql`select 1`);
      await new Promise((r) => setTimeout(r, 300));
      releasedAt = Date.now();
    });
    await new Promise((r) => setTimeout(r, 50));
    // Another connection's BEGIN IMMEDIATE cannot start while the first only read: it waits or is told BUSY.
    const started = other!.client.transaction('write').then(
      async (tx) => {
        const at = Date.now();
        await tx.rollback();
        return at;
      },
      (e: { code?: string }) => e.code ?? 'error',
    );
    await holder;
    other.client.close();
    expect(await started).toMatch(/SQLITE_BUSY/);
    expect(releasedAt).toBeGreaterThan(0);
  });
});

describe('write transactions', () => {
  it('refuse to nest on the same database instead of waiting on themselves forever', async () => {
    const error = await writeTransaction(t.db, () => writeTransaction(t.db, async () => 'inner')).catch(
      (e: Error) => e.message,
    );
    expect(error).toMatch(/inside a write transaction/);
    // The queue is free again afterwards.
    expect(await writeTransaction(t.db, async () => 'next')).toBe('next');
  });
});
