// Step 2's identity column types on a real upload: a fingerprint, panel ID and source column of a CSV
// become identity rows (hashes only) that the duplicate check matches against a live datafile of
// the same organisation; a new version keeps when each record was first seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/test-app';
import { liveWorld, respondent, send } from '../../support/live-world';
import { createDraft, putFile, runJobs, saveSuggested, UPLOAD_QUERIES } from '../../support/upload-world';

const DUPES =
  'query($id:ID!){datafileDuplicates(datafileId:$id){interviewsWithIdentity duplicates{recordId kind matchDatafileId matchRecordId} sources{source interviews duplicates}}}';
const TYPES: Record<string, string> = { fp: 'DEVICE_FINGERPRINT', psid: 'PANEL_ID', supplier: 'SAMPLE_SOURCE' };

let t: TestApp;
let w: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await liveWorld(t);
});
afterAll(() => t?.close());

function csv(rows: number, extra: (i: number) => string[] = () => []) {
  const lines = ['id,duration,fp,psid,supplier'];
  for (let i = 1; i <= rows; i++) {
    const [fp = `device-${i}-abcdef`, psid = `P${i}`, supplier = i % 2 ? 'Panel A' : 'Panel B'] = extra(i);
    lines.push(`u${i},${300 + ((i * 37) % 200)},${fp},${psid},${supplier}`);
  }
  return new TextEncoder().encode(lines.join('\n'));
}

async function upload(bytes: Uint8Array, step: { reuploadOf?: string; title?: undefined } = {}) {
  const key = await putFile(t, w.tokens.admin, w.A, 'wave.csv', bytes);
  const draft = await createDraft(t, w.tokens.admin, key, { title: 'Uploaded wave', ...step });
  if (!draft.body.data) throw new Error(JSON.stringify(draft.body.errors));
  const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
  // The suggestions name no identity column: each is typed here as a user would in step 2.
  const check = await saveSuggested(t, w.tokens.admin, datafileId, (cols) => [
    ...cols.filter((c) => !TYPES[c.columns[0]]),
    ...Object.entries(TYPES).map(([column, type]) => ({
      dataPointIdentifier: column,
      dataPointType: type,
      columns: [column],
    })),
  ]);
  if (check.state !== 'DONE') throw new Error(JSON.stringify(check));
  const confirm = await t.gql(
    UPLOAD_QUERIES.confirm,
    { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' },
    { token: w.tokens.admin },
  );
  if (!confirm.body.data) throw new Error(JSON.stringify(confirm.body.errors));
  await runJobs(t);
  return datafileId;
}

describe('device fingerprint, panel ID and sample source columns of an upload', () => {
  it('are stored as hashes and matched against the organisation’s live interviews', async () => {
    // A live interview first: the device and panel ID the upload's u3 and u4 reuse.
    const live = await send(t, w.datafileId, w.secret, respondent('live-1', 60, { fingerprint: 'device-3-abcdef' }));
    expect(live.status).toBe(200);
    await send(t, w.datafileId, w.secret, respondent('live-2', 60, { panelId: 'P4' }));
    t.clock.advance(3_600_000);
    const id = await upload(csv(40));
    const status = await t.db.get<{ status: string }>(sql`select status from datafiles where id = ${id}`);
    expect(status?.status).toBe('READY');
    const r = (await t.gql(DUPES, { id }, { token: w.tokens.admin })).body.data.datafileDuplicates;
    expect(r.interviewsWithIdentity).toBe(40);
    expect(r.duplicates).toEqual([
      { recordId: 'u3', kind: 'DEVICE', matchDatafileId: w.datafileId, matchRecordId: 'live-1' },
      { recordId: 'u4', kind: 'PANEL', matchDatafileId: w.datafileId, matchRecordId: 'live-2' },
    ]);
    expect(r.sources).toEqual([
      { source: 'Panel A', interviews: 20, duplicates: 1 },
      { source: 'Panel B', interviews: 20, duplicates: 1 },
    ]);
    const clear = await t.db.get<{ n: number }>(
      sql`select count(*) as n from respondent_identities where device_hash like 'device-%' or panel_hash like 'P%'`,
    );
    expect(clear?.n).toBe(0);

    // A new version five hours later (within the session's eight): the 40 keep when they were first seen, the 5 new ones are seen now.
    const seen = () =>
      t.db.all<{ at: string; n: number }>(
        sql`select seen_at as at, count(*) as n from respondent_identities where datafile_id = ${id} group by seen_at order by seen_at`,
      );
    const first = await seen();
    t.clock.advance(5 * 3_600_000);
    expect(await upload(csv(45), { reuploadOf: id, title: undefined })).toBe(id);
    const after = await seen();
    expect(after.map((r) => r.n)).toEqual([40, 5]);
    expect(after[0]!.at).toBe(first[0]!.at);
    const again = (await t.gql(DUPES, { id }, { token: w.tokens.admin })).body.data.datafileDuplicates;
    expect(again.duplicates.map((d: { recordId: string }) => d.recordId)).toEqual(['u3', 'u4']);
  });
});
