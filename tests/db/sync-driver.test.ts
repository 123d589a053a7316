import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, databaseFilePath, defaultDriver, type DbHandle } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { insertRows, prepared, readAll, readOne, readTogether } from '../../db/prepared';
import { appSettings, companies, users } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { fixedClock } from '../../api/lib/clock';
import { findLiveSessionByTokenHash, insertSession, revokeSession } from '../../api/modules/auth/auth.repo';
import { chargeDatafile, refundTransaction } from '../../api/modules/credits/ledger.service';
import { company, contract, datafile, planRow, user } from '../support/ledger-fixtures';

// The libsql driver (db/sync-session.ts): synchronous connections behind this codebase's async
// transactions. One writer used only under the write lock, one reader for everything else.

let dir: string;
let url: string;
let h: DbHandle;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-driver-'));
  url = `file:${join(dir, 'app.db')}`;
  h = await createDb(url);
  await migrateDb(h.db);
});
afterEach(() => {
  h.close();
  rmSync(dir, { recursive: true, force: true });
});

const setting = (key: string) => h.db.select().from(appSettings).where(eq(appSettings.key, key)).get();
const settingByKey = prepared((db) =>
  db
    .select()
    .from(appSettings)
    .where(eq(appSettings.key, sql.placeholder('key')))
    .prepare(),
);

/** Holds a write transaction open (after `write`) until the returned release is called. */
async function openTransaction(write: (tx: Parameters<Parameters<typeof writeTransaction>[1]>[0]) => Promise<void>) {
  let inside!: () => void;
  const entered = new Promise<void>((r) => (inside = r));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const done = writeTransaction(h.db, async (tx) => {
    await write(tx);
    inside();
    await held;
  });
  await entered;
  return { release, done };
}

describe('which driver a URL gets', () => {
  it('plain database files go to the libsql driver; servers, in-memory databases and URLs with options to @libsql/client', () => {
    expect(defaultDriver('file:/var/lib/app/app.db')).toBe('libsql');
    expect(defaultDriver('file:///var/lib/app/app.db')).toBe('libsql');
    expect(databaseFilePath('file:///var/lib/app/app.db')).toBe('/var/lib/app/app.db');
    expect(databaseFilePath('file://localhost/var/lib/app/app.db')).toBe('/var/lib/app/app.db');
    for (const remote of [
      'libsql://db.example.turso.io',
      'http://127.0.0.1:8080',
      'https://db.example.com',
      'ws://127.0.0.1:8080',
      'wss://db.example.com',
      'file::memory:',
      ':memory:',
      'file:/tmp/x.db?mode=ro',
    ]) {
      expect(defaultDriver(remote), remote).toBe('client');
    }
    expect(h.driver).toBe('libsql');
  });
});

describe('the libsql driver', () => {
  it('shows another request only committed data while a transaction is open', async () => {
    await h.db.insert(appSettings).values({ key: 'committed', value: 'before', updatedAt: 'x' });
    const tx = await openTransaction(async (t) => {
      await t.insert(appSettings).values({ key: 'pending', value: 'uncommitted', updatedAt: 'x' });
      await t.update(appSettings).set({ value: 'changed' }).where(eq(appSettings.key, 'committed'));
      // The transaction itself sees its writes, through the builder and through a prepared query.
      expect((await t.select().from(appSettings).where(eq(appSettings.key, 'pending')).get())?.value).toBe(
        'uncommitted',
      );
      expect((await settingByKey(t).get({ key: 'committed' }))?.value).toBe('changed');
    });
    // Meanwhile another request reads through the handle: builder, prepared query and raw SQL.
    expect(await setting('pending')).toBeUndefined();
    expect((await setting('committed'))?.value).toBe('before');
    expect(await settingByKey(h.db).get({ key: 'pending' })).toBeUndefined();
    expect(await h.db.all(sql`select key from app_settings order by key`)).toEqual([{ key: 'committed' }]);
    tx.release();
    await tx.done;
    expect((await setting('pending'))?.value).toBe('uncommitted');
    expect((await settingByKey(h.db).get({ key: 'committed' }))?.value).toBe('changed');
  });

  it('leaves nothing of a transaction that throws, and a savepoint that throws undoes only its part', async () => {
    await expect(
      writeTransaction(h.db, async (tx) => {
        await tx.insert(appSettings).values({ key: 'lost', value: 1, updatedAt: 'x' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await setting('lost')).toBeUndefined();
    await writeTransaction(h.db, async (tx) => {
      await tx.insert(appSettings).values({ key: 'outer', value: 1, updatedAt: 'x' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(appSettings).values({ key: 'inner', value: 1, updatedAt: 'x' });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await setting('outer')).toBeDefined();
    expect(await setting('inner')).toBeUndefined();
  });

  it('makes a write outside a transaction wait for the open one instead of failing or stalling the process', async () => {
    const tx = await openTransaction(
      async (t) => void (await t.insert(appSettings).values({ key: 'first', value: 1, updatedAt: 'x' })),
    );
    let landed = false;
    const write = h.db
      .insert(appSettings)
      .values({ key: 'second', value: 2, updatedAt: 'x' })
      .then(() => (landed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(landed).toBe(false);
    tx.release();
    await Promise.all([tx.done, write]);
    expect(landed).toBe(true);
    expect((await h.db.all(sql`select key from app_settings order by key`)).map((r: any) => r.key)).toEqual([
      'first',
      'second',
    ]);
  });

  it('waits for another process holding the write lock without blocking the event loop', async () => {
    // A separate connection stands for another process: it holds SQLite's write lock for 600 ms.
    const other = createClient({ url });
    const otherTx = await other.transaction('write');
    await otherTx.execute(`insert into app_settings (key, value, updated_at) values ('other', '1', 'x')`);
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 5);
    const started = performance.now();
    const mine = Promise.all([
      h.db.insert(appSettings).values({ key: 'mine', value: 1, updatedAt: 'x' }),
      writeTransaction(
        h.db,
        async (tx) => void (await tx.insert(appSettings).values({ key: 'mine-tx', value: 1, updatedAt: 'x' })),
      ),
    ]);
    await new Promise((r) => setTimeout(r, 600));
    await otherTx.commit();
    await mine;
    clearInterval(ticker);
    other.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    // A synchronous busy wait would have frozen the timers until the other side let go (it never
    // could: its commit waits on the same event loop). The margin is for a loaded machine.
    expect(longestGap).toBeLessThan(400);
    expect((await h.db.all(sql`select key from app_settings order by key`)).map((r: any) => r.key)).toEqual([
      'mine',
      'mine-tx',
      'other',
    ]);
  });

  it('refuses a statement of a transaction that has already ended', async () => {
    let leaked: Parameters<Parameters<typeof writeTransaction>[1]>[0] | undefined;
    await writeTransaction(h.db, async (tx) => void (leaked = tx));
    const error = await leaked!
      .insert(appSettings)
      .values({ key: 'late', value: 1, updatedAt: 'x' })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect((error?.cause as Error | undefined)?.message).toMatch(/transaction has ended/);
    expect(await setting('late')).toBeUndefined();
  });

  it('binds booleans, dates and nulls as @libsql/client does, and refuses undefined without crashing', async () => {
    const row = await h.db.get<{ t: number; f: number; d: number; n: null }>(
      sql`select ${true} as t, ${false} as f, ${new Date(5)} as d, ${null} as n`,
    );
    expect(row).toEqual({ t: 1, f: 0, d: 5, n: null });
    const error = await h.db
      .select({ n: sql<number>`count(*)` })
      .from(appSettings)
      .where(eq(appSettings.key, sql.placeholder('key')))
      .prepare()
      .get({ key: undefined })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect((error?.cause as Error | undefined)?.message).toMatch(/undefined cannot be passed/);
  });
});

describe.each(['libsql', 'client'] as const)('one repository code path, %s driver', (driver) => {
  let d: DbHandle;
  beforeEach(async () => {
    d = await createDb(url, undefined, { driver });
  });
  afterEach(() => d.close());

  it('fills left-out values as drizzle does and maps rows back (defaults, booleans, JSON, NULL joins)', async () => {
    expect(d.driver).toBe(driver);
    await insertRows(d.db, companies, [
      { name: 'Prepared GmbH' },
      { name: 'Second GmbH', isBeta: true, status: 'ACTIVATED' },
    ]);
    await d.db.insert(companies).values({ name: 'Builder GmbH' });
    const rows = await d.db.select().from(companies).orderBy(companies.name);
    expect(rows.map((r) => [r.name, r.status, r.isBeta, r.supportLevel])).toEqual([
      ['Builder GmbH', 'PENDING', false, null],
      ['Prepared GmbH', 'PENDING', false, null],
      ['Second GmbH', 'ACTIVATED', true, null],
    ]);
    for (const r of rows) expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
    await d.db.insert(appSettings).values({ key: 'json', value: { a: [1, 2] }, updatedAt: 'x' });
    expect((await d.db.select().from(appSettings).where(eq(appSettings.key, 'json')).get())?.value).toEqual({
      a: [1, 2],
    });
    expect((await d.db.query.appSettings.findFirst({ where: eq(appSettings.key, 'json') }))?.value).toEqual({
      a: [1, 2],
    });
    expect(await d.db.$count(companies)).toBe(3);
    await d.db.insert(users).values({
      id: 'op',
      email: 'op@x.example',
      firstName: 'O',
      lastName: 'P',
      accessLevel: 'SUPER_ADMIN',
      status: 'ACTIVATED',
      magicKeyHash: 'k',
    });
    const joined = await d.db
      .select({ user: users, company: companies })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .get();
    expect(joined?.user.id).toBe('op');
    expect(joined?.company).toBeNull();
  });

  it('runs the ledger and the session lookup on the same prepared statements, in and out of transactions', async () => {
    const deps = { db: d.db, clock: fixedClock('2027-05-05T09:00:00.000Z') };
    const companyId = await company(d.db);
    const adminId = await user(d.db, companyId);
    const { primaryPlanId } = await contract(deps, { companyId, startDate: '2027-01-01', credits: 100 });
    const fileId = await datafile(d.db, companyId, adminId);
    const input = {
      companyId,
      datafileId: fileId,
      kind: 'UPLOAD' as const,
      idempotencyKey: `upload:${fileId}:0`,
      interviewCredits: [10, 9],
      actorId: adminId,
      description: 'upload',
    };
    const first = await chargeDatafile(deps, input);
    expect(first).toMatchObject({
      credits: 19,
      replayed: false,
      allocations: [{ creditPlanId: primaryPlanId, amount: 19 }],
    });
    expect(await chargeDatafile(deps, input)).toEqual({ ...first, replayed: true });
    expect((await planRow(d.db, primaryPlanId)).balance).toBe(81);
    const used = (await d.db.get<{ id: string }>(sql`select id from credit_transactions where type = 'USED'`))!.id;
    await refundTransaction(deps, { transactionId: used, actorId: adminId });
    expect((await planRow(d.db, primaryPlanId)).balance).toBe(100);

    await insertSession(d.db, {
      id: 's1',
      tokenHash: 'hash-1',
      userId: adminId,
      companyId: null,
      createdAt: '2027-05-05T08:00:00.000Z',
      expiresAt: '2027-05-05T17:00:00.000Z',
    });
    const live = await findLiveSessionByTokenHash(d.db, 'hash-1', '2027-05-05T09:00:00.000Z');
    expect(live).toMatchObject({
      session: { id: 's1', companyId: null, expiresAt: '2027-05-05T17:00:00.000Z' },
      user: { id: adminId, companyId },
      companyStatus: 'ACTIVATED',
    });
    expect(await findLiveSessionByTokenHash(d.db, 'hash-1', '2027-05-05T18:00:00.000Z')).toBeUndefined();
    await writeTransaction(d.db, async (tx) => {
      await revokeSession(tx, 's1', '2027-05-05T09:30:00.000Z');
      // Inside the transaction the revocation is visible; to the rest of the process only after commit.
      expect(await findLiveSessionByTokenHash(tx, 'hash-1', '2027-05-05T09:00:00.000Z')).toBeUndefined();
    });
    expect(await findLiveSessionByTokenHash(d.db, 'hash-1', '2027-05-05T09:00:00.000Z')).toBeUndefined();
  });

  it('reports SQLite errors in @libsql/client shape (code, extendedCode) inside drizzle query errors', async () => {
    await d.db.insert(appSettings).values({ key: 'dup', value: 1, updatedAt: 'x' });
    const error = await d.db
      .insert(appSettings)
      .values({ key: 'dup', value: 2, updatedAt: 'x' })
      .then(
        () => undefined,
        (e: Error & { cause?: { code?: string; extendedCode?: string; message?: string } }) => e,
      );
    expect(error?.message).toMatch(/Failed query/);
    expect(error?.cause?.code).toBe('SQLITE_CONSTRAINT');
    expect(error?.cause?.extendedCode).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
  });

  it('answers db.run with a result set as @libsql/client does (rows affected, last rowid)', async () => {
    const inserted = await d.db.run(
      sql`insert into app_settings (key, value, updated_at) values ('r1', '1', 'x'), ('r2', '2', 'x')`,
    );
    expect(inserted.rowsAffected).toBe(2);
    expect(typeof inserted.lastInsertRowid).toBe('bigint');
    expect(inserted.toJSON()).toMatchObject({ rowsAffected: 2, lastInsertRowid: String(inserted.lastInsertRowid) });
    const updated = await d.db.run(sql`update app_settings set value = '3' where key like 'r%'`);
    expect(updated.rowsAffected).toBe(2);
    const read = await d.db.run(sql`select key from app_settings order by key`);
    expect(read.rows.map((r) => r.key)).toEqual(['r1', 'r2']);
  });

  it('runs a batch in one transaction and answers each item in its own shape', async () => {
    const [inserted, all, one] = await d.db.batch([
      d.db.insert(appSettings).values({ key: 'b1', value: 1, updatedAt: 'x' }).returning({ key: appSettings.key }),
      d.db.select({ key: appSettings.key }).from(appSettings),
      d.db.get<{ n: number }>(sql`select count(*) as n from app_settings`),
    ]);
    expect(inserted).toEqual([{ key: 'b1' }]);
    expect(all).toEqual([{ key: 'b1' }]);
    expect(one).toEqual({ n: 1 });
  });

  it('reads prepared queries together in a transaction, mapped as each would be alone, seeing its writes', async () => {
    const settingsFrom = prepared((db) =>
      db
        .select()
        .from(appSettings)
        .where(sql`${appSettings.key} >= ${sql.placeholder('from')}`)
        .orderBy(appSettings.key)
        .prepare(),
    );
    await d.db.insert(appSettings).values({ key: 'r1', value: { a: [1] }, updatedAt: 'x' });
    await writeTransaction(d.db, async (tx) => {
      await tx.insert(appSettings).values({ key: 'r2', value: true, updatedAt: 'y' });
      const alone = [
        await settingByKey(tx).get({ key: 'r1' }),
        await settingByKey(tx).get({ key: 'none' }),
        await settingsFrom(tx).all({ from: 'r' }),
      ];
      const together = await readTogether(tx, [
        readOne(settingByKey(tx), { key: 'r1' }),
        readOne(settingByKey(tx), { key: 'none' }),
        readAll(settingsFrom(tx), { from: 'r' }),
      ]);
      expect(together).toEqual(alone);
      expect(together[0]?.value).toEqual({ a: [1] });
      expect(together[1]).toBeUndefined();
      expect(together[2].map((r) => [r.key, r.value])).toEqual([
        ['r1', { a: [1] }],
        ['r2', true],
      ]);
    });
  });
});
