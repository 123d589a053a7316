import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { silentLogger } from '../../../api/lib/logger';
import { bunBin, graphqlPoster, repoRoot, startServerProcess, type ServerProcess } from '../../support/server-process';
import { ledgerBreaches, opsWorld, sendRespondents, uploadAcross, type OpsWorld } from '../../support/ops-world';

// The restore drill: back up while a server takes an upload and live respondents, restore the
// backup into an empty folder, start a fresh server on it, and check that every datafile opens,
// every ledger invariant holds and every certificate still verifies.

let w: OpsWorld;
let restoredDir: string;
let restoredDeps: Deps | undefined;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  w = await opsWorld();
  restoredDir = mkdtempSync(join(tmpdir(), 'sqp-ops-restored-'));
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  restoredDeps?.close();
  w?.close();
  rmSync(restoredDir, { recursive: true, force: true });
});

/** A command of the project in its own process (asynchronously: the load goes on meanwhile). */
function runCommand(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(bunBin, [script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const CLEAN =
  'mutation($id:ID!,$s:CleaningSettingsInput!){updateCleaningSettings(datafileId:$id,cleaningSettings:$s){certificateCode certificateLevel}}';
const VERIFY = 'query($c:String!){verifyCertificate(certificateCode:$c){signatureValid datafileId revision}}';

describe('a backup taken under load', () => {
  it('restores into a fresh server where every datafile opens, the ledger adds up and certificates verify', async () => {
    const server = await startServerProcess(w.env);
    processes.push(server);
    const admin = { token: w.world.tokens.admin, companyId: w.world.A };
    const gql = graphqlPoster(server.baseUrl, admin.token);

    // Before the load: a datafile with a saved cleaning and its certificate.
    const cleanedId = await uploadAcross([server.baseUrl], admin, 'plain-tab.csv', 'Cleaned before the backup');
    const saved = (
      await gql(CLEAN, {
        id: cleanedId,
        s: {
          revision: 1,
          scoreThresholds: [{ key: 'combined', isEnable: true, threshold: 60 }],
          badAnswers: { isEnable: true, min: 2 },
          cleaningMethod: 'THRESHOLDS',
        },
      })
    ).updateCleaningSettings;
    expect(saved.certificateCode).toMatch(/\S/);

    // Under load: another upload and a stream of respondents while db:backup runs.
    const backupDir = join(w.dir, 'backup');
    const load = Promise.all([
      uploadAcross(
        [server.baseUrl],
        { token: w.world.tokens.employee, companyId: w.world.A },
        'qualtrics-utf8-bom.csv',
        'During the backup',
      ),
      sendRespondents([server.baseUrl], w.live, 0, 150, 8),
    ]);
    load.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    const backedUp = await runCommand('api/cli/db-backup.ts', ['--out', backupDir], w.env);
    expect(backedUp.code, backedUp.out).toBe(0);
    const summary = JSON.parse(backedUp.out.trim().split('\n').at(-1)!);
    expect(summary).toMatchObject({ integrity: 'ok', storageCopied: true, missing: [] });
    await load;
    await server.stop();

    // Restore into an empty folder and serve it.
    const restoredEnv = {
      ...w.env,
      DATABASE_URL: `file:${join(restoredDir, 'app.db')}`,
      STORAGE_DIR: join(restoredDir, 'storage'),
    };
    const restored = await runCommand('api/cli/db-restore.ts', [backupDir], restoredEnv);
    expect(restored.code, restored.out).toBe(0);
    expect(JSON.parse(restored.out.trim().split('\n').at(-1)!).missing).toEqual([]);
    const fresh = await startServerProcess(restoredEnv);
    processes.push(fresh);
    restoredDeps = await createDeps(
      readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', JOB_INTERVAL_MINUTES: '0', ...restoredEnv }),
      { log: silentLogger },
    );
    const db = restoredDeps.db;

    // The backup holds the jobs that were queued under load (a live import's publish, the upload's
    // processing); the restored server runs them, and a publish moves a datafile's revision. Compare
    // once they are done (up to 60 s), so the row count read below is the revision the route serves.
    for (let waited = 0; waited < 60_000; waited += 200) {
      const [busy] = await db.all<{ n: number }>(
        sql`select count(*) as n from jobs where kind in ('live.publish', 'upload') and state in ('QUEUED', 'RUNNING')`,
      );
      if (!busy?.n) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    // Every datafile with a published revision opens through the columns route, row for row.
    const files = await db.all<{ id: string; number_of_records: number }>(
      sql`select id, number_of_records from datafiles where revision > 0 and is_deleted = 0`,
    );
    expect(files.map((f) => f.id)).toContain(cleanedId);
    for (const f of files) {
      const res = await fetch(`${fresh.baseUrl}/api/datafiles/${f.id}/columns?file=scores`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(res.status, f.id).toBe(200);
      expect(tableFromIPC(new Uint8Array(await res.arrayBuffer())).numRows, f.id).toBe(f.number_of_records);
    }

    // The ledger adds up, respondents and their charges came over together.
    expect(await ledgerBreaches(restoredDeps)).toEqual([]);
    const respondents = Number(
      (await db.get<{ n: number }>(
        sql`select count(*) as n from live_respondents where datafile_id = ${w.live.datafileId}`,
      ))!.n,
    );
    expect(respondents).toBeGreaterThan(0);

    // Every certificate still verifies.
    const codes = await db.all<{ code: string }>(sql`select code from certificates`);
    expect(codes.length).toBeGreaterThan(0);
    for (const { code } of codes) {
      const v = (await graphqlPoster(fresh.baseUrl, admin.token)(VERIFY, { c: code })).verifyCertificate;
      expect(v.signatureValid, code).toBe(true);
    }

    // The restored server goes on where the backup stopped: a respondent it holds is not charged again.
    const held = (await db.get<{ id: string }>(
      sql`select record_id as id from live_respondents where datafile_id = ${w.live.datafileId} limit 1`,
    ))!.id;
    const i = Number(held.slice('resp-'.length));
    const again = await sendRespondents([fresh.baseUrl], w.live, i, i + 1, 1);
    expect(again.get(held)!.every((a) => a.status === 'ALREADY_RECEIVED')).toBe(true);
  }, 300_000);
});
