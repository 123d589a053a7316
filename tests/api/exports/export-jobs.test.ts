// The export as a job through GraphQL: refused without a saved cleaning, queued with the saved
// cleaning and the revision's certificate, run by the job runner in a Worker, then downloaded through
// the signed link and read back with exceljs: both sheets, the Quality Mark naming the certificate.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { readWithPspp } from '../../support/pspp';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { reportWorld, saveCleaning } from '../../support/report-world';

const REQUEST = `mutation($i:ExportRequestInput!){requestDatafileExport(input:$i){jobId datafileId format state progress downloadUrl error{code message}}}`;
const JOB = `query($id:ID!){getExportJob(jobId:$id){jobId state progress downloadUrl fileName size includedRecords removedRecords error{code message}}}`;

let t: TestApp;
let w: Awaited<ReturnType<typeof reportWorld>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await reportWorld(t);
});
afterAll(() => t.close());

async function download(url: string): Promise<{ status: number; bytes: Uint8Array; disposition: string | null }> {
  const res = await t.app.request(url);
  return {
    status: res.status,
    bytes: new Uint8Array(await res.arrayBuffer()),
    disposition: res.headers.get('content-disposition'),
  };
}

describe('export jobs', () => {
  it('refuses a datafile without a saved cleaning with DATAFILE_NOT_CLEANED, and queues nothing', async () => {
    const res = await t.gql(REQUEST, { i: { datafileId: w.datafileId, format: 'XLSX' } }, { token: w.tokens.admin });
    expect(codeOf(res)).toBe('DATAFILE_NOT_CLEANED');
    const resEn = await t.gql(
      REQUEST,
      { i: { datafileId: w.datafileId, format: 'XLSX' } },
      { token: w.tokens.admin, headers: { 'x-locale': 'en' } },
    );
    expect(resEn.body.errors![0]!.message).toMatch(/clean/i);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'export')).all()).toEqual([]);
  });

  it('writes the workbook as a job; the signed link downloads it; exceljs reads both sheets and the certificate', async () => {
    const { kept, rows, certificate } = await saveCleaning(t, w.datafileId, w.admin.id);
    const req = await t.gql(
      REQUEST,
      { i: { datafileId: w.datafileId, format: 'XLSX', language: 'en', columnNames: 'TECHNICAL' } },
      { token: w.tokens.admin },
    );
    expect(req.body.errors).toBeUndefined();
    const job = req.body.data.requestDatafileExport;
    expect(job).toMatchObject({ datafileId: w.datafileId, format: 'XLSX', state: 'QUEUED', downloadUrl: null });

    await runJobsUntilIdle(t.deps);
    const state = (await t.gql(JOB, { id: job.jobId }, { token: w.tokens.admin })).body.data.getExportJob;
    expect(state).toMatchObject({
      state: 'SUCCEEDED',
      progress: 100,
      fileName: 'Omnibus_Welle_3-export.xlsx',
      includedRecords: kept,
      removedRecords: rows - kept,
      error: null,
    });
    expect(state.downloadUrl).toMatch(/\/files\/exports\//);

    const file = await download(state.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(state.size);
    expect(file.disposition).toContain('Omnibus_Welle_3-export.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.bytes) as never);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['QualityCheck Export Result', 'Quality Mark']);
    const data = wb.getWorksheet('QualityCheck Export Result')!;
    expect(data.rowCount).toBe(rows + 1);
    const header = (data.getRow(1).values as unknown[]).slice(1);
    const decision = header.indexOf('decision') + 1;
    let keptRows = 0;
    for (let r = 2; r <= rows + 1; r++) if (data.getRow(r).getCell(decision).value === 'Kept') keptRows++;
    expect(keptRows).toBe(kept);
    const mark = wb.getWorksheet('Quality Mark')!;
    expect((mark.getRow(1).values as unknown[]).slice(1)).toEqual([
      'certificateCode',
      'reportURL',
      'certificateLevel',
      'includedRecords',
      'removedRecords',
      'scoreThresholds',
    ]);
    const values = (mark.getRow(2).values as unknown[]).slice(1);
    expect(values.slice(0, 5)).toEqual([
      certificate.certificateCode,
      `http://app.test/datafile-report?datafileId=${w.datafileId}`,
      certificate.parsed.level,
      kept,
      rows - kept,
    ]);
    expect(values[5]).toMatch(/^Combined score < 62/);

    // A tampered link is refused.
    const bad = await download(
      state.downloadUrl.replace(/sig=[0-9a-f]/, (m: string) => (m.endsWith('0') ? 'sig=1' : 'sig=0')),
    );
    expect(bad.status).toBe(403);
  });

  it('writes the reject list with ; as separator', async () => {
    const req = await t.gql(
      REQUEST,
      { i: { datafileId: w.datafileId, format: 'REJECTS', csvSeparator: ';' } },
      { token: w.tokens.admin },
    );
    await runJobsUntilIdle(t.deps);
    const state = (await t.gql(JOB, { id: req.body.data.requestDatafileExport.jobId }, { token: w.tokens.admin })).body
      .data.getExportJob;
    expect(state.state).toBe('SUCCEEDED');
    const text = new TextDecoder().decode((await download(state.downloadUrl)).bytes).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text.trim(), { delimiter: ';' });
    expect(parsed.data.length - 1).toBe(state.removedRecords);
  });

  it('writes German CSV with the decimal comma by default for German and ;, and a .sav PSPP reads', async () => {
    const run = async (input: Record<string, unknown>) => {
      const req = await t.gql(REQUEST, { i: { datafileId: w.datafileId, ...input } }, { token: w.tokens.admin });
      expect(req.body.errors).toBeUndefined();
      await runJobsUntilIdle(t.deps);
      const state = (await t.gql(JOB, { id: req.body.data.requestDatafileExport.jobId }, { token: w.tokens.admin }))
        .body.data.getExportJob;
      expect(state.state).toBe('SUCCEEDED');
      return { state, bytes: (await download(state.downloadUrl)).bytes };
    };
    const csv = await run({ format: 'CSV', language: 'de', csvSeparator: ';' });
    const [header, ...rows] = Papa.parse<string[]>(new TextDecoder().decode(csv.bytes).trim(), { delimiter: ';' }).data;
    const combined = header!.indexOf('Gesamtscore');
    expect(combined).toBeGreaterThan(0);
    expect(rows.filter((r) => r[combined]).every((r) => /^\d{1,3},\d$/.test(r[combined]!))).toBe(true);
    const point = await run({ format: 'CSV', language: 'de', csvSeparator: ';', decimalSeparator: '.' });
    expect(new TextDecoder().decode(point.bytes)).toMatch(/;\d{1,3}\.\d;/);

    const sav = await run({ format: 'SAV', language: 'en' });
    expect(sav.state.fileName).toBe('Omnibus_Welle_3-export.sav');
    const file = readWithPspp(sav.bytes);
    expect(file.notes).toEqual([]);
    expect(file.cases).toHaveLength(sav.state.includedRecords + sav.state.removedRecords);
    expect(file.cases.filter((c) => c.decision === '1')).toHaveLength(sav.state.includedRecords);
    expect(file.variables.find((v) => v.name === 'combined')?.label).toBe('Combined score');
  });

  it("refuses a decimal comma beside commas between columns, saying what to choose, in the caller's language", async () => {
    for (const [locale, text] of [
      ['en', /choose “;” or the decimal point/],
      ['de', /Wählen Sie „;“ oder den Dezimalpunkt/],
    ] as const) {
      const res = await t.gql(
        REQUEST,
        { i: { datafileId: w.datafileId, format: 'CSV', csvSeparator: ',', decimalSeparator: ',' } },
        { token: w.tokens.admin, headers: { 'x-locale': locale } },
      );
      expect(codeOf(res)).toBe('INVALID_PARAMETERS:DECIMAL_COMMA_NEEDS_SEMICOLON');
      expect(res.body.errors![0]!.extensions).toMatchObject({
        field: 'decimalSeparator',
        reason: 'DECIMAL_COMMA_NEEDS_SEMICOLON',
      });
      expect(res.body.errors![0]!.message).toMatch(text);
    }
    const bad = await t.gql(
      REQUEST,
      { i: { datafileId: w.datafileId, format: 'CSV', decimalSeparator: ':' } },
      { token: w.tokens.admin, headers: { 'x-locale': 'en' } },
    );
    expect(bad.body.errors![0]!.extensions).toMatchObject({ field: 'decimalSeparator', reason: 'NOT_IN_LIST' });
  });

  it('lets only those who see the datafile ask, and refuses bad options', async () => {
    const other = await t.gql(REQUEST, { i: { datafileId: w.datafileId, format: 'CSV' } }, { token: w.tokens.adminB });
    expect(codeOf(other)).toBe('NO_DATAFILE_FOUND');
    const employee = await t.gql(
      REQUEST,
      { i: { datafileId: w.datafileId, format: 'CSV' } },
      { token: w.tokens.employee },
    );
    expect(codeOf(employee)).toBe('NO_DATAFILE_FOUND');
    const anon = await t.gql(REQUEST, { i: { datafileId: w.datafileId, format: 'CSV' } });
    expect(codeOf(anon)).toBe('UNAUTHENTICATED');
    expect(
      codeOf(
        await t.gql(
          REQUEST,
          { i: { datafileId: w.datafileId, format: 'CSV', csvSeparator: '|' } },
          { token: w.tokens.admin },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:NOT_IN_LIST');
    expect(
      codeOf(
        await t.gql(
          REQUEST,
          { i: { datafileId: w.datafileId, format: 'CSV', language: 'fr' } },
          { token: w.tokens.admin },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:NOT_IN_LIST');

    const mine = (await t.gql(REQUEST, { i: { datafileId: w.datafileId, format: 'CSV' } }, { token: w.tokens.admin }))
      .body.data.requestDatafileExport;
    expect(codeOf(await t.gql(JOB, { id: mine.jobId }, { token: w.tokens.adminB }))).toBe('INVALID_ID');
    expect(codeOf(await t.gql(JOB, { id: crypto.randomUUID() }, { token: w.tokens.admin }))).toBe('INVALID_ID');
  });

  it('after resetDatafileCleaning exports nothing as cleaned and the report says it is not cleaned (the settings stay for the worksheet)', async () => {
    await runJobsUntilIdle(t.deps);
    const reset = await t.gql(
      'mutation($id:ID!){resetDatafileCleaning(datafileId:$id){status}}',
      { id: w.datafileId },
      { token: w.tokens.admin },
    );
    expect(reset.body.errors).toBeUndefined();
    expect(
      codeOf(await t.gql(REQUEST, { i: { datafileId: w.datafileId, format: 'XLSX' } }, { token: w.tokens.admin })),
    ).toBe('DATAFILE_NOT_CLEANED');
    const report = await t.gql(
      'query($id:ID!){getDatafileReport(datafileId:$id){access}}',
      { id: w.datafileId },
      { token: w.tokens.admin },
    );
    expect(report.body.data.getDatafileReport.access).toBe('NOT_CLEANED');
  });
});
