import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { silentLogger } from '../../../api/lib/logger';
import { bunBin, repoRoot } from '../../support/server-process';

// Several server processes share the job table: two processes with their own connections to one
// database file claim from the same queue at the same moment, and every job runs exactly once.

let dir: string;
let deps: Deps;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-jobs-procs-'));
  const env = readEnv({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    JOB_INTERVAL_MINUTES: '0',
  });
  deps = await createDeps(env, { log: silentLogger });
  deps.jobs.register({ kind: 'test.effect', run: async () => 'not run here' });
  await deps.db.run(sql`create table effects (job_id text not null, runner text not null)`);
});
afterAll(() => {
  deps.close();
  rmSync(dir, { recursive: true, force: true });
});

function child(name: string) {
  const proc = spawn(
    bunBin,
    ['tests/support/job-claim-child.ts', `file:${join(dir, 'app.db')}`, join(dir, 'storage'), name],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', () => out.includes('ready') && resolve());
    proc.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, ready, exited, output: () => out };
}

describe('two processes claiming from one job table', () => {
  it('run each of 200 jobs exactly once between them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push((await deps.jobs.enqueue('test.effect', { i })).id);
    const a = child('a');
    const b = child('b');
    await Promise.all([a.ready, b.ready]);
    a.proc.stdin!.write('go\n');
    b.proc.stdin!.write('go\n');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);

    const effects = await deps.db.all<{ job_id: string; runner: string }>(sql`select job_id, runner from effects`);
    expect(effects).toHaveLength(200);
    expect(new Set(effects.map((e) => e.job_id)).size).toBe(200);
    const byRunner = {
      a: effects.filter((e) => e.runner === 'a').length,
      b: effects.filter((e) => e.runner === 'b').length,
    };
    expect(byRunner.a).toBeGreaterThan(0);
    expect(byRunner.b).toBeGreaterThan(0);
    const states = await deps.db.all<{ state: string; attempts: number; n: number }>(
      sql`select state, attempts, count(*) as n from jobs where kind = 'test.effect' group by state, attempts`,
    );
    expect(states.map((s) => ({ ...s, n: Number(s.n) }))).toEqual([{ state: 'SUCCEEDED', attempts: 1, n: 200 }]);
  });
});
