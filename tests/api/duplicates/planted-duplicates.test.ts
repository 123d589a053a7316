// A generated multi-wave study over the live endpoint with planted duplicates: the same device
// through two suppliers, the same panel ID twice in one wave, a device in five surveys in a week,
// and distinct respondents that must not match. Another organisation sends the same device and
// the same panel ID: neither organisation sees or matches the other's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { applyRetention } from '../../../api/modules/retention';
import { sessionFor } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { CREATE, INTEGRATION, liveWorld, OPEN, PAGES, respondent, send } from '../../support/live-world';

const DUPES =
  'query($id:ID!,$w:Int,$s:Int,$d:Int){datafileDuplicates(datafileId:$id,windowDays:$w,velocitySurveys:$s,velocityDays:$d){windowDays velocitySurveys velocityDays interviewsWithIdentity duplicates{recordId kind matchDatafileId matchDatafileTitle matchRecordId} velocity{recordId kind surveys} sources{source interviews duplicates velocity}}}';
const DAY = 86_400_000;
const FP = (n: string) => `fp-${n}-0123456789abcdef`;

let t: TestApp;
let a: Awaited<ReturnType<typeof liveWorld>>;
let b: Awaited<ReturnType<typeof liveWorld>>;
let tokenA = '';
let tokenB = '';
const files: Record<string, { id: string; secret: string }> = {};

async function liveFile(token: string, name: string) {
  const created = await t.gql(CREATE, { i: { name, surveySoftware: 'OTHER', pages: PAGES } }, { token });
  const id = created.body.data.createLiveDatafile.datafileId as string;
  await t.gql(OPEN, { id }, { token });
  const integ = await t.gql(INTEGRATION, { id }, { token });
  return { id, secret: integ.body.data.getLiveDatafileIntegration.secretKey as string };
}

async function interview(file: string, recordId: string, identity: Record<string, string>) {
  const res = await send(t, files[file]!.id, files[file]!.secret, respondent(recordId, 60, identity));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
}

const report = async (file: string, token: string, vars: Record<string, number> = {}) =>
  t.gql(DUPES, { id: files[file]!.id, ...vars }, { token });

beforeAll(async () => {
  t = await createTestApp();
  a = await liveWorld(t);
  b = await liveWorld(t);
  files.x = { id: a.datafileId, secret: a.secret };
  files.y = await liveFile(a.tokens.admin, 'Wave 1 supplier Y');
  files.w2 = await liveFile(a.tokens.admin, 'Wave 2');
  files.s4 = await liveFile(a.tokens.admin, 'Survey 4');
  files.s5 = await liveFile(a.tokens.admin, 'Survey 5');
  files.other = { id: b.datafileId, secret: b.secret };

  // Day 0, wave 1 through supplier X: distinct respondents, a panel ID twice, the fast device.
  for (let i = 0; i < 8; i++)
    await interview('x', `x-d${i}`, { fingerprint: FP(`x${i}`), panelId: `PX${i}`, source: 'X' });
  await interview('x', 'x-1', { fingerprint: FP('shared'), source: 'X' });
  await interview('x', 'x-2', { panelId: 'P-twice', source: 'X' });
  await interview('x', 'x-3', { panelId: 'P-twice', source: 'X' });
  await interview('x', 'x-4', { fingerprint: FP('fast'), source: 'X' });
  t.clock.advance(DAY);
  // Wave 1 through supplier Y: distinct respondents, the device of x-1, the fast device again.
  for (let i = 0; i < 8; i++)
    await interview('y', `y-d${i}`, { fingerprint: FP(`y${i}`), panelId: `PY${i}`, source: 'Y' });
  await interview('y', 'y-1', { fingerprint: FP('shared'), source: 'Y' });
  await interview('y', 'y-2', { fingerprint: FP('fast'), source: 'Y' });
  // The fast device in three more surveys within the week.
  for (const f of ['w2', 's4', 's5']) {
    t.clock.advance(DAY);
    await interview(f, `${f}-fast`, { fingerprint: FP('fast') });
  }
  // Another organisation: the same device and panel ID as A's respondents.
  await interview('other', 'b-1', { fingerprint: FP('shared'), panelId: 'P-twice', source: 'X' });
  // Forty days later, wave 2 meets a wave-1 device again.
  t.clock.advance(40 * DAY);
  await interview('w2', 'w2-late', { fingerprint: FP('x0') });
  // Sessions last eight hours: the readers sign in now.
  tokenA = await sessionFor(t, a.admin.id, a.A);
  tokenB = await sessionFor(t, b.admin.id, b.A);
});
afterAll(() => t?.close());

describe('duplicates across waves and suppliers, within one organisation', () => {
  it('flags every planted duplicate, naming the datafile and record it matches, and no distinct respondent', async () => {
    const x = (await report('x', tokenA)).body.data.datafileDuplicates;
    expect(x.duplicates).toEqual([
      {
        recordId: 'x-3',
        kind: 'PANEL',
        matchDatafileId: files.x!.id,
        matchDatafileTitle: 'Live study',
        matchRecordId: 'x-2',
      },
    ]);
    const y = (await report('y', tokenA)).body.data.datafileDuplicates;
    expect(y.duplicates).toEqual([
      {
        recordId: 'y-1',
        kind: 'DEVICE',
        matchDatafileId: files.x!.id,
        matchDatafileTitle: 'Live study',
        matchRecordId: 'x-1',
      },
      {
        recordId: 'y-2',
        kind: 'DEVICE',
        matchDatafileId: files.x!.id,
        matchDatafileTitle: 'Live study',
        matchRecordId: 'x-4',
      },
    ]);
    expect(y.sources).toEqual([{ source: 'Y', interviews: 10, duplicates: 2, velocity: 1 }]);
    expect(x.sources).toEqual([{ source: 'X', interviews: 12, duplicates: 1, velocity: 1 }]);
  });

  it('flags a device in five surveys within a week in each of them, and only there', async () => {
    for (const [f, id] of [
      ['x', 'x-4'],
      ['y', 'y-2'],
      ['w2', 'w2-fast'],
      ['s4', 's4-fast'],
      ['s5', 's5-fast'],
    ] as const) {
      const r = (await report(f, tokenA)).body.data.datafileDuplicates;
      expect(r.velocity).toEqual([{ recordId: id, kind: 'DEVICE', surveys: 5 }]);
    }
    // Six surveys needed, or five within three days: nobody is that fast here.
    expect((await report('x', tokenA, { s: 6 })).body.data.datafileDuplicates.velocity).toEqual([]);
    expect((await report('x', tokenA, { d: 3 })).body.data.datafileDuplicates.velocity).toEqual([]);
  });

  it('matches within the chosen window only', async () => {
    const thirty = (await report('w2', tokenA)).body.data.datafileDuplicates;
    expect(thirty.duplicates.map((d: { recordId: string }) => d.recordId)).toEqual(['w2-fast']);
    const sixty = (await report('w2', tokenA, { w: 60 })).body.data.datafileDuplicates;
    expect(
      sixty.duplicates.map((d: { recordId: string; matchRecordId: string }) => [d.recordId, d.matchRecordId]),
    ).toEqual([
      ['w2-fast', 'x-4'],
      ['w2-late', 'x-d0'],
    ]);
    const bad = await report('w2', tokenA, { w: 0 });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'OUT_OF_RANGE' });
  });
});

describe('an organisation history never crosses to another organisation', () => {
  it("matches nothing of another organisation's and shows neither organisation the other's datafile", async () => {
    const other = (await report('other', tokenB)).body.data.datafileDuplicates;
    expect(other.duplicates).toEqual([]);
    expect(other.velocity).toEqual([]);
    for (const [f, token] of [
      ['other', tokenA],
      ['x', tokenB],
    ] as const) {
      const res = await report(f, token);
      expect(res.body.errors?.[0]?.extensions.code).toBe('NO_DATAFILE_FOUND');
    }
    // The same device hashes differently per organisation, and no value is stored in clear.
    const rows = await t.db.all<{ company_id: string; device_hash: string; panel_hash: string }>(
      sql`select company_id, device_hash, panel_hash from respondent_identities where record_id in ('x-1', 'b-1', 'x-2')`,
    );
    const hashOf = (company: string) => rows.find((r) => r.company_id === company && r.device_hash)?.device_hash;
    expect(hashOf(a.A)).toMatch(/^[0-9a-f]{32}$/);
    expect(hashOf(b.A)).toMatch(/^[0-9a-f]{32}$/);
    expect(hashOf(a.A)).not.toBe(hashOf(b.A));
    const clear = await t.db.get<{ n: number }>(
      sql`select count(*) as n from respondent_identities where device_hash like 'fp-%' or panel_hash like 'P%'`,
    );
    expect(clear?.n).toBe(0);
  });

  it('forgets a deleted datafile at once (its interviews match nothing any more), and purges its identities with its data', async () => {
    const del = await t.gql(
      'mutation($id:ID!){deleteDatafile(datafileId:$id){status}}',
      { id: files.x!.id },
      {
        token: tokenA,
      },
    );
    expect(del.body.errors).toBeUndefined();
    const y = (await report('y', tokenA)).body.data.datafileDuplicates;
    expect(y.duplicates.map((d: { recordId: string; matchRecordId: string }) => [d.recordId, d.matchRecordId])).toEqual(
      [],
    );
    // The retention job removes its identity rows with its interview data.
    const rows = async () =>
      (
        await t.db.get<{ n: number }>(
          sql`select count(*) as n from respondent_identities where datafile_id = ${files.x!.id}`,
        )
      )?.n;
    expect(await rows()).toBe(12);
    t.clock.advance(31 * DAY);
    await applyRetention(t.deps);
    expect(await rows()).toBe(0);
  });
});

describe('identity fields at the live endpoint', () => {
  it('refuses a malformed one naming the field, and hashes a queued respondent before its job is stored', async () => {
    for (const [field, value] of [
      ['fingerprint', 'short'],
      ['fingerprint', 'has spaces in it'],
      ['panelId', 'x'.repeat(201)],
      ['source', { name: 'X' }],
    ] as const) {
      const res = await send(t, files.s4!.id, files.s4!.secret, respondent(`bad-${field}`, 60, { [field]: value }));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'LIVE_IDENTITY_FIELD', field });
      expect(res.body.error.message).toContain(`“${field}”`);
    }
    const queued = await send(
      t,
      files.s4!.id,
      files.s4!.secret,
      respondent('async-1', 60, { fingerprint: FP('queued'), panelId: 'P-queued' }),
      { prefer: 'respond-async' },
    );
    expect(queued.status).toBe(202);
    const jobs = await t.db.get<{ n: number }>(
      sql`select count(*) as n from jobs where payload like '%fp-queued%' or payload like '%P-queued%'`,
    );
    expect(jobs?.n).toBe(0);
    await runJobsUntilIdle(t.deps);
    const row = await t.db.get<{ device_hash: string; panel_hash: string }>(
      sql`select device_hash, panel_hash from respondent_identities where record_id = 'async-1'`,
    );
    expect(row?.device_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(row?.panel_hash).toMatch(/^[0-9a-f]{32}$/);
  });
});
