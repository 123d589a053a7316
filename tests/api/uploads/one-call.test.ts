// The one-call upload for scripts against a real server: the file streamed in the request body, the
// screens' steps run on the server (draft, suggested data points, check, charge), the wait for READY,
// refusals in the catalogue's codes and the caller's language, a new version, and the scores of the
// default rules as CSV, Arrow, Parquet and Triple-S right after READY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import Papa from 'papaparse';
import { translate } from '../../../api/lib/i18n';
import { FIXTURE_ROWS } from '../../fixtures/uploads/make-fixtures';
import { readTripleS } from '../../support/triple-s';
import { fixture } from '../../support/upload-world';
import { startScriptsServer, type ScriptsServer } from '../../support/scripts-world';

let server: ScriptsServer;
beforeAll(async () => {
  // A cap between the fixtures' sizes (at most 83 KB, the uncompressed .sav 209 KB) to test it.
  server = await startScriptsServer({ env: { UPLOAD_MAX_BYTES: '150000' } });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

async function post(
  path: string,
  query: Record<string, string>,
  body: Uint8Array | string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.baseUrl}${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'x-api-key': server.adminKey, 'content-type': 'application/octet-stream', ...headers },
    body: body as BodyInit,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { headers: { 'x-api-key': server.adminKey, ...headers } });

describe('POST /api/datafiles: one call from a file to READY', () => {
  let csvId: string;

  it.each([
    ['plain-tab.csv', {}],
    ['survey.xlsx', { sheet: 'Data', headerRow: '3' }],
    ['survey-compressed.sav', {}],
  ])(
    'uploads %s with the suggested data points, charges it once and answers READY',
    async (name, options: Record<string, string>) => {
      const query = { fileName: name, mapping: 'auto', wait: '120', ...options };
      const { status, body } = await post('/api/datafiles', query, fixture(name));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.status).toBe('READY');
      expect(body.title).toBe(name.replace(/\.[^.]+$/, ''));
      expect(body.estimate.creditAmount).toBeGreaterThan(0);
      expect(body.upload).toMatchObject({ status: 'READY', revision: 1, creditsCharged: body.estimate.creditAmount });
      expect(body.estimate.numberOfRecords, JSON.stringify(body.upload)).toBe(FIXTURE_ROWS);
      expect(body.recordSummary.totalNumberOfDataRecords).toBe(FIXTURE_ROWS);
      if (name.endsWith('.csv')) csvId = body.datafileId;
      const again = await get(body.links.status);
      expect(again.status).toBe(200);
      expect(((await again.json()) as any).status).toBe('READY');
    },
    120_000,
  );

  it('reads the scores and the default rules’ decisions as CSV right after READY, in the caller’s language', async () => {
    const res = await get(`/api/datafiles/${csvId}/scores?format=csv`, { 'accept-language': 'en' });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(200);
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['respid', 'combined', 'ts', 'decision', 'reason_code']),
    );
    const decisions = new Set(rows.map((r) => r.decision));
    expect([...decisions].sort()).toEqual(['Kept', 'Removed']);
    // The planted speeders and straightliners are removed by the default rules, with a reason code.
    expect(rows.filter((r) => r.decision === 'Removed').every((r) => r.reason_code !== '')).toBe(true);
    const german = await (
      await get(`/api/datafiles/${csvId}/scores?format=csv&delimiter=;`, { 'accept-language': 'de' })
    ).text();
    expect(german.split('\r\n')[0]).toContain(';combined;');
    expect(german).toContain('Behalten');
  });

  it('gives the same interviews and decisions as Arrow, with kept as 1 or 0', async () => {
    const res = await get(`/api/datafiles/${csvId}/scores?format=arrow`);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.arrow.stream');
    const table = tableFromIPC(new Uint8Array(await res.arrayBuffer()));
    expect(table.numRows).toBe(200);
    const kept = Array.from(table.getChild('kept')!.toArray() as Int8Array);
    const csv = Papa.parse<Record<string, string>>(
      await (await get(`/api/datafiles/${csvId}/scores`, { 'accept-language': 'en' })).text(),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(kept.map((k) => (k === 1 ? 'Kept' : 'Removed'))).toEqual(csv.map((r) => r.decision));
  });

  it('gives the same table as Parquet, read back by a reader other than the writer (hyparquet)', async () => {
    const res = await get(`/api/datafiles/${csvId}/scores?format=parquet`, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(res.headers.get('content-encoding')).toBeNull();
    const file = await res.arrayBuffer();
    const metadata = parquetMetadata(file);
    expect(Number(metadata.num_rows)).toBe(200);
    // The Arrow schema (with the fields' labels) travels in the file for pandas and R's arrow.
    expect(metadata.key_value_metadata?.map((kv) => kv.key)).toContain('ARROW:schema');
    const rows = (await parquetReadObjects({ file })) as Record<string, unknown>[];
    const csv = Papa.parse<Record<string, string>>(
      await (await get(`/api/datafiles/${csvId}/scores`, { 'accept-language': 'en' })).text(),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(rows.map((r) => String(r.respid))).toEqual(csv.map((r) => r.respid));
    expect(rows.map((r) => (r.kept === 1 ? 'Kept' : 'Removed'))).toEqual(csv.map((r) => r.decision));
    expect(rows.map((r) => r.reason_code ?? '')).toEqual(csv.map((r) => r.reason_code));
    for (const [i, r] of rows.entries())
      expect(r.combined ?? null).toBe(csv[i]!.combined === '' ? null : Number(csv[i]!.combined));
  });

  it("gives the same interviews as Triple-S, read by Python's zipfile and xml.etree, labelled in the caller's language", async () => {
    const res = await get(`/api/datafiles/${csvId}/scores?format=sss`, { 'accept-language': 'en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const en = readTripleS(new Uint8Array(await res.arrayBuffer()));
    expect(en.version).toBe('2.0');
    const variable = (name: string) => en.variables.find((v) => v.name === name)!;
    expect(variable('combined')).toMatchObject({ type: 'quantity', label: 'Combined score' });
    expect(variable('decision').codes).toEqual({ '0': 'Removed', '1': 'Kept' });
    const csv = Papa.parse<Record<string, string>>(
      await (await get(`/api/datafiles/${csvId}/scores`, { 'accept-language': 'en' })).text(),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(en.rows.map((r) => r.respid)).toEqual(csv.map((r) => r.respid));
    expect(en.rows.map((r) => (r.decision === '1' ? 'Kept' : 'Removed'))).toEqual(csv.map((r) => r.decision));
    for (const [i, r] of en.rows.entries())
      expect(r.combined).toBe(csv[i]!.combined === '' ? null : Number(csv[i]!.combined).toFixed(4));
    const de = readTripleS(
      new Uint8Array(
        await (await get(`/api/datafiles/${csvId}/scores?format=sss`, { 'accept-language': 'de' })).arrayBuffer(),
      ),
    );
    expect(de.variables.find((v) => v.name === 'decision')!.codes).toEqual({ '0': 'Entfernt', '1': 'Behalten' });
  });

  it('uploads a new version of the datafile the same way: only ids not charged before are charged', async () => {
    const { status, body } = await post(
      `/api/datafiles/${csvId}/versions`,
      { fileName: 'plain-tab.csv', wait: 'true' },
      fixture('plain-tab.csv'),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.upload).toMatchObject({
      kind: 'UPDATE',
      status: 'READY',
      revision: 2,
      chargedRecords: 0,
      creditsCharged: 0,
    });
  }, 120_000);

  it('takes the row number as the record id when the file has no id column', async () => {
    const query = { fileName: 'plain-tab.csv', title: 'By row', rowNumber: 'true', wait: 'true' };
    const { status, body } = await post('/api/datafiles', query, fixture('plain-tab.csv'));
    expect(status, JSON.stringify(body)).toBe(200);
    const csv = await (await get(`/api/datafiles/${body.datafileId}/scores`)).text();
    const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    // Step 2's row-number ID: the scores carry it as record_id, the file's columns stay as they were.
    expect(Object.keys(rows[0]!)).not.toContain('#row');
    expect(rows.map((r) => r.record_id)).toEqual(Array.from({ length: FIXTURE_ROWS }, (_, i) => String(i + 2)));
    // The same rows again as a new version: the same row numbers, so nothing is charged.
    const again = await post(
      `/api/datafiles/${body.datafileId}/versions`,
      { fileName: 'plain-tab.csv', rowNumber: 'true', wait: 'true' },
      fixture('plain-tab.csv'),
    );
    expect(again.body.upload).toMatchObject({ kind: 'UPDATE', status: 'READY', chargedRecords: 0 });
    const both = await post('/api/datafiles', { ...query, id: 'respid' }, 'x');
    expect(both.body.errors[0].extensions).toMatchObject({ reason: 'QUERY_PARAMETER', field: 'rowNumber' });
  }, 120_000);

  it('takes an explicit mapping in the preview’s shape, and names what is wrong in one', async () => {
    const mapping = [
      { dataPointIdentifier: 'respid', dataPointType: 'RECORD_ID', columns: ['respid'], startingQuestion: false },
      { dataPointIdentifier: 'duration_total', dataPointType: 'DURATION', columns: ['duration_total'], role: 'TOTAL' },
    ];
    const query = { fileName: 'plain-tab.csv', checkOnly: 'true', mapping: JSON.stringify(mapping) };
    const ok = await post('/api/datafiles', query, fixture('plain-tab.csv'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.estimate.numberOfDatapoints).toBe(1);
    const unknown = [mapping[0], { ...mapping[1], dataPointIdentifier: 'nope', columns: ['nope'] }];
    const wrong = await post(
      '/api/datafiles',
      { ...query, mapping: JSON.stringify(unknown) },
      fixture('plain-tab.csv'),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].extensions.column).toBe('nope');
    const notJson = await post('/api/datafiles', { ...query, mapping: 'suggested' }, fixture('plain-tab.csv'));
    expect(notJson.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'MAPPING_NOT_JSON' });
    // A data point of the wrong shape is refused after the draft was made: the answer names the draft.
    const shapeless = [{ dataPointIdentifier: 'g', dataPointType: 'TIMESTAMP', columns: ['gender'] }];
    const shape = await post(
      '/api/datafiles',
      { ...query, mapping: JSON.stringify(shapeless) },
      fixture('plain-tab.csv'),
    );
    expect(shape.body.errors[0].extensions).toMatchObject({ reason: 'DATA_POINT_SHAPE', column: 'g' });
    expect(shape.body.datafileId).toBe(shape.body.errors[0].extensions.datafileId);
    expect(shape.body.datafileId).toBeTruthy();
  }, 60_000);

  it('only checks with checkOnly: the estimate comes back, nothing is charged, the datafile stays a draft', async () => {
    const { status, body } = await post(
      '/api/datafiles',
      { fileName: 'plain-tab.csv', checkOnly: 'true', id: 'respid', missing: '-999,-99' },
      fixture('plain-tab.csv'),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ status: 'CHECKED', estimate: { numberOfRecords: 200 } });
    const res = await get(`/api/datafiles/${body.datafileId}`);
    expect(((await res.json()) as any).status).toBe('DRAFT');
    // Then charged with the estimate it saw; another amount is refused, saying the current one.
    const confirm = (amount: number) =>
      post(`/api/datafiles/${body.datafileId}/confirm`, { creditAmount: String(amount), wait: 'true' }, '');
    const changed = await confirm(body.estimate.creditAmount + 1);
    expect(changed.body.errors[0].extensions).toMatchObject({
      reason: 'ESTIMATE_CHANGED',
      value: body.estimate.creditAmount,
    });
    const confirmed = await confirm(body.estimate.creditAmount);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.upload).toMatchObject({ status: 'READY', creditsCharged: body.estimate.creditAmount });
  }, 60_000);

  it('answers at once with 202 PROCESSING without wait, and the status route follows it to READY', async () => {
    const { status, body } = await post(
      '/api/datafiles',
      { fileName: 'plain-tab.csv', title: 'Without wait' },
      fixture('plain-tab.csv'),
    );
    expect([200, 202]).toContain(status);
    let answer: any = body;
    for (let i = 0; i < 600 && answer.status !== 'READY'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      answer = await (await get(`/api/datafiles/${body.datafileId}`)).json();
    }
    expect(answer).toMatchObject({ status: 'READY', title: 'Without wait' });
  }, 150_000);
});

describe('refusals a script can act on', () => {
  it('names the column and rows of a refused data point, in English or German as asked', async () => {
    const en = await post('/api/datafiles', { fileName: 'plain-tab.csv', id: 'gender' }, fixture('plain-tab.csv'), {
      'accept-language': 'en',
    });
    expect(en.status).toBe(422);
    expect(en.body.datafileId).toBeTruthy();
    expect(en.body.errors[0].extensions).toMatchObject({ code: 'RECORD_ID_COLUMN_DUPLICATES', column: 'gender' });
    expect(en.body.errors[0].message).toMatch(/gender/);
    const de = await post('/api/datafiles', { fileName: 'plain-tab.csv', id: 'gender' }, fixture('plain-tab.csv'), {
      'accept-language': 'de',
    });
    expect(de.body.errors[0].extensions.code).toBe('RECORD_ID_COLUMN_DUPLICATES');
    expect(de.body.errors[0].message).not.toBe(en.body.errors[0].message);
  }, 60_000);

  it('refuses a hostile file as such, and a form instead of the file’s bytes, saying what to send', async () => {
    const png = await post('/api/datafiles', { fileName: 'png-renamed.csv' }, fixture('hostile/png-renamed.csv'), {
      'accept-language': 'en',
    });
    expect(png.status).toBeGreaterThanOrEqual(400);
    expect(png.body.errors[0].extensions.code).toMatch(/^UPLOAD_FILE_/);
    const form = new FormData();
    form.set('file', new Blob([fixture('plain-tab.csv') as BlobPart]), 'plain-tab.csv');
    const res = await fetch(`${server.baseUrl}/api/datafiles?fileName=plain-tab.csv`, {
      method: 'POST',
      headers: { 'x-api-key': server.adminKey, 'accept-language': 'en' },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'RAW_BODY_EXPECTED' });
    expect(body.errors[0].message).toContain('--data-binary');
  });

  it('refuses a file over the cap whether its size is announced or only streamed, and keeps nothing of it', async () => {
    const savFiles = () =>
      readdirSync(join(server.dir, 'storage'), { recursive: true }).filter((f) => String(f).endsWith('.sav')).length;
    const before = savFiles();
    const big = fixture('survey-uncompressed.sav');
    const announced = await post('/api/datafiles', { fileName: 'big.sav' }, big, { 'accept-language': 'en' });
    expect(announced.status).toBe(413);
    expect(announced.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'TOO_LARGE' });
    const streamed = await fetch(`${server.baseUrl}/api/datafiles?fileName=big.sav`, {
      method: 'POST',
      headers: { 'x-api-key': server.adminKey, 'accept-language': 'en' },
      body: new Blob([big as BlobPart]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as any).errors[0].extensions.reason).toBe('TOO_LARGE');
    expect(savFiles()).toBe(before);
  });

  it('holds the cap under 200 concurrent streamed uploads over it, and answers every one', async () => {
    const big = fixture('survey-uncompressed.sav');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${server.baseUrl}/api/datafiles?fileName=big.sav`, {
          method: 'POST',
          headers: { 'x-api-key': server.employeeKey },
          body: new Blob([big as BlobPart]).stream(),
          duplex: 'half',
        } as RequestInit).then(async (r) => [r.status, ((await r.json()) as any).errors[0].extensions.reason]),
      ),
    );
    expect(new Set(answers.map((a) => a.join(' ')))).toEqual(new Set(['413 TOO_LARGE']));
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }, 60_000);

  it('answers a script that sends no Accept-Language in its user’s own language, never German to an English user', async () => {
    const refusedFor = async (key: string) => {
      const res = await fetch(`${server.baseUrl}/api/datafiles?fileName=plain-tab.csv&id=gender`, {
        method: 'POST',
        headers: { 'x-api-key': key },
        body: fixture('plain-tab.csv') as BodyInit,
      });
      return ((await res.json()) as any).errors[0].message as string;
    };
    const english = await refusedFor(server.employeeKey);
    const german = await refusedFor(server.adminKey);
    expect(english).not.toBe(german);
    const scores = await fetch(`${server.baseUrl}/api/datafiles/${crypto.randomUUID()}/scores`, {
      headers: { 'x-api-key': server.employeeKey },
    });
    const message = ((await scores.json()) as any).errors[0].message as string;
    expect(message).toBe(translate('en', 'errors.NO_DATAFILE_FOUND'));
  }, 60_000);

  it('refuses a bad parameter with the field, and a missing or foreign key like the other routes', async () => {
    const bad = await post('/api/datafiles', { fileName: 'plain-tab.csv', wait: 'soon' }, 'x', {
      'accept-language': 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'QUERY_PARAMETER',
      field: 'wait',
    });
    const anonymous = await fetch(`${server.baseUrl}/api/datafiles?fileName=a.csv`, { method: 'POST', body: 'a' });
    expect(anonymous.status).toBe(401);
    const foreign = await fetch(`${server.baseUrl}/api/datafiles/${'0'.repeat(36)}/scores`, {
      headers: { 'x-api-key': server.otherOrganisationKey },
    });
    expect(foreign.status).toBe(404);
  });
});
