import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { datafilesWorld, LIST, processingUpdate, type DatafilesWorld } from '../../support/datafiles-world';

let t: TestApp;
let w: DatafilesWorld;
let tok: Record<'admin' | 'employee' | 'employee2' | 'adminB' | 'op', string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await datafilesWorld(t);
  tok = w.tokens;
  // A's files: the admin's manual and live ones, the employee's own file and draft, a file shared
  // with the employee, the employee2's draft shared with the employee (drafts stay their owner's),
  // a deleted file, and B's file.
  ids.adminManual = await w.file({
    ownerId: w.admin.id,
    title: 'Brand tracker Q3',
    meanCombinedScore: 82.4,
    numberOfRecords: 600,
  });
  ids.adminLive = await w.file({
    ownerId: w.admin.id,
    title: 'Live panel',
    importType: 'LIVE',
    meanCombinedScore: 55,
    numberOfRecords: 50,
  });
  ids.employeeOwn = await w.file({
    ownerId: w.employee.id,
    title: 'Employee survey',
    meanCombinedScore: null,
    numberOfRecords: 300,
  });
  ids.employeeDraft = await w.file({
    ownerId: w.employee.id,
    title: 'Employee draft',
    status: 'DRAFT',
    numberOfRecords: 0,
    revision: 0,
  });
  ids.shared = await w.file({
    ownerId: w.admin.id,
    title: 'Shared tracker',
    meanCombinedScore: 38,
    numberOfRecords: 450,
    isCleaned: true,
    numberOfCleanedRecords: 400,
    certificateLevel: 2,
  });
  ids.otherDraft = await w.file({ ownerId: w.employee2.id, title: 'Other draft', status: 'DRAFT', revision: 0 });
  ids.deleted = await w.file({ ownerId: w.admin.id, title: 'Deleted tracker', isDeleted: true });
  ids.b = await w.file({ ownerId: w.adminB.id, companyId: w.B, title: 'B tracker' });
  await w.share(ids.shared!, w.employee.id);
  await w.share(ids.otherDraft!, w.employee.id);
  await processingUpdate(t, ids.adminManual!, w.admin.id);
});
afterAll(() => t.close());

const list = async (
  token: string,
  f: Record<string, unknown> = {},
  p: Record<string, unknown> = { page: 1, limit: 100 },
) => t.gql(LIST, { f, p }, { token });
const titles = (res: Awaited<ReturnType<typeof list>>) =>
  res.body.data.getDatafilesForLoggedInUser.datafiles.map((d: { title: string }) => d.title);

describe('who sees which datafiles (the rule of canSeeDatafile, in SQL)', () => {
  it('the organisation ADMIN sees every live datafile of A, drafts of others included, newest first', async () => {
    expect(titles(await list(tok.admin))).toEqual([
      'Other draft',
      'Shared tracker',
      'Employee draft',
      'Employee survey',
      'Live panel',
      'Brand tracker Q3',
    ]);
  });

  it("an EMPLOYEE sees their own files and drafts and the files shared with them, never another user's draft", async () => {
    expect(titles(await list(tok.employee))).toEqual(['Shared tracker', 'Employee draft', 'Employee survey']);
    expect(titles(await list(tok.employee2))).toEqual(['Other draft']);
  });

  it('another organisation sees none of A; an operator sees every organisation and filters by one', async () => {
    expect(titles(await list(tok.adminB))).toEqual(['B tracker']);
    const all = titles(await list(tok.op));
    expect(all).toEqual(expect.arrayContaining(['B tracker', 'Other draft', 'Brand tracker Q3']));
    expect(all).not.toContain('Deleted tracker');
    expect(titles(await list(tok.op, { companyId: w.B }))).toEqual(['B tracker']);
  });

  it('ADMIN and EMPLOYEE may name only their own organisation: another one answers like a missing one', async () => {
    expect(codeOf(await list(tok.admin, { companyId: w.B }))).toBe('COMPANY_NOT_FOUND');
    expect(codeOf(await list(tok.employee, { companyId: crypto.randomUUID() }))).toBe('COMPANY_NOT_FOUND');
    expect(titles(await list(tok.employee, { companyId: w.A }))).toEqual([
      'Shared tracker',
      'Employee draft',
      'Employee survey',
    ]);
  });
});

describe('filters, search, sorting and pages (in SQL)', () => {
  it('all / live / manual / draft', async () => {
    expect(titles(await list(tok.admin, { importType: 'LIVE' }))).toEqual(['Live panel']);
    expect(titles(await list(tok.admin, { importType: 'MANUAL' }))).toEqual([
      'Shared tracker',
      'Employee survey',
      'Brand tracker Q3',
    ]);
    expect(titles(await list(tok.admin, { importType: 'DRAFT' }))).toEqual(['Other draft', 'Employee draft']);
    expect(titles(await list(tok.employee, { importType: 'DRAFT' }))).toEqual(['Employee draft']);
  });

  it('searches the title case-insensitively and literally (no wildcards)', async () => {
    expect(titles(await list(tok.admin, { search: 'TRACKER' }))).toEqual(['Shared tracker', 'Brand tracker Q3']);
    expect(titles(await list(tok.admin, { search: '%' }))).toEqual([]);
    expect(codeOf(await list(tok.admin, { search: 'x'.repeat(101) }))).toBe('INVALID_PARAMETERS:TOO_LONG');
  });

  it('sorts by title, records and score (files without a score last in both directions)', async () => {
    expect(titles(await list(tok.admin, { importType: 'MANUAL', sort: 'TITLE', sortDirection: 'ASC' }))).toEqual([
      'Brand tracker Q3',
      'Employee survey',
      'Shared tracker',
    ]);
    expect(
      titles(await list(tok.admin, { importType: 'MANUAL', sort: 'NUMBER_OF_RECORDS', sortDirection: 'DESC' })),
    ).toEqual(['Brand tracker Q3', 'Shared tracker', 'Employee survey']);
    expect(
      titles(await list(tok.admin, { importType: 'MANUAL', sort: 'MEAN_COMBINED_SCORE', sortDirection: 'ASC' })),
    ).toEqual(['Shared tracker', 'Brand tracker Q3', 'Employee survey']);
    expect(
      titles(await list(tok.admin, { importType: 'MANUAL', sort: 'MEAN_COMBINED_SCORE', sortDirection: 'DESC' })),
    ).toEqual(['Brand tracker Q3', 'Shared tracker', 'Employee survey']);
  });

  it('pages with previous, current and next page and the total', async () => {
    const first = (await list(tok.admin, {}, { page: 1, limit: 4 })).body.data.getDatafilesForLoggedInUser;
    expect(first).toMatchObject({ currentPage: 1, previousPage: null, nextPage: 2, totalNumberOfDatafiles: 6 });
    expect(first.datafiles).toHaveLength(4);
    const second = (await list(tok.admin, {}, { page: 2, limit: 4 })).body.data.getDatafilesForLoggedInUser;
    expect(second).toMatchObject({ currentPage: 2, previousPage: 1, nextPage: null, totalNumberOfDatafiles: 6 });
    expect(second.datafiles.map((d: { title: string }) => d.title)).toEqual(['Live panel', 'Brand tracker Q3']);
    expect(codeOf(await list(tok.admin, {}, { page: 1, limit: 101 }))).toBe('INVALID_PARAMETERS:OUT_OF_RANGE');
  });
});

describe('what a row carries', () => {
  it('owner, contributors, counts, score, certificate, a re-upload in progress and what the viewer may do', async () => {
    const rows = (await list(tok.employee)).body.data.getDatafilesForLoggedInUser.datafiles;
    const shared = rows.find((d: { id: string }) => d.id === ids.shared);
    expect(shared).toMatchObject({
      importType: 'MANUAL',
      status: 'READY',
      numberOfRecords: 450,
      numberOfCleanedRecords: 400,
      isCleaned: true,
      meanCombinedScore: 38,
      certificateLevel: 2,
      owner: { id: w.admin.id, email: w.admin.email, accessLevel: 'ADMIN' },
      contributors: [{ id: w.employee.id }],
      company: { id: w.A },
      canManage: false,
      isUpdating: false,
    });
    expect(rows.find((d: { id: string }) => d.id === ids.employeeOwn)).toMatchObject({
      canManage: true,
      meanCombinedScore: null,
    });
    const adminRows = (await list(tok.admin)).body.data.getDatafilesForLoggedInUser.datafiles;
    expect(adminRows.find((d: { id: string }) => d.id === ids.adminManual)).toMatchObject({
      isUpdating: true,
      canManage: true,
    });
  });

  it('needs a login', async () => {
    expect(codeOf(await t.gql(LIST, {}, {}))).toBe('UNAUTHENTICATED');
  });
});
