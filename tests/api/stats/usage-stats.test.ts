import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viennaDate } from '../../../db/domain/calendar';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';
import { makeDatafile, makeLedgerRow, makePlan } from '../../support/usage-factories';

const PAGE = `query($f:UsageStatsFilters!,$by:UsageStatsSortField,$dir:SortDirection,$p:PageInput){getUsageStatsByMonth(filters:$f,sortBy:$by,sortDirection:$dir,paginationInfo:$p){
  months{ month numberOfOrganizations numberOfDatafiles numberOfLiveDatafiles numberOfManualDatafiles numberOfDataRecords numberOfLiveDataRecords numberOfManualDataRecords creditsUsed creditsRefunded }
  totals{ numberOfOrganizations numberOfDatafiles numberOfLiveDatafiles numberOfManualDatafiles numberOfDataRecords numberOfLiveDataRecords numberOfManualDataRecords creditsUsed creditsRefunded }
  rows{ month organization{ id name } numberOfDatafiles numberOfLiveDatafiles numberOfManualDatafiles numberOfDataRecords numberOfLiveDataRecords numberOfManualDataRecords creditsUsed creditsRefunded }
  pageInfo{ page limit total previousPage nextPage } } }`;
const CSV = `query($v:UsageStatsView!,$f:UsageStatsFilters!,$by:UsageStatsSortField,$dir:SortDirection){getUsageStatsCsv(view:$v,filters:$f,sortBy:$by,sortDirection:$dir){ fileName content }}`;

type Row = {
  month: string;
  organization: { id: string; name: string };
  numberOfDatafiles: number;
  numberOfLiveDatafiles: number;
  numberOfDataRecords: number;
  numberOfLiveDataRecords: number;
  creditsUsed: number;
  creditsRefunded: number;
} & Record<string, unknown>;

// Instants next to Vienna's month boundaries, on both sides of both daylight-saving switches.
const BOUNDARY_INSTANTS = [
  '2026-01-31T22:59:59.000Z', // 31 Jan 23:59:59 CET: January
  '2026-01-31T23:00:00.000Z', // 1 Feb 00:00 CET: February
  '2026-03-31T21:59:59.000Z', // 31 Mar 23:59:59 CEST: March
  '2026-03-31T22:00:00.000Z', // 1 Apr 00:00 CEST: April
  '2026-10-31T22:59:59.000Z', // 31 Oct 23:59:59 CET (after the switch back): October
  '2026-10-31T23:00:00.000Z', // 1 Nov 00:00 CET: November
];

let t: TestApp;
let op: string;
let admin: string;
let companies: { id: string; name: string }[];

/** Numbers computed from the raw rows with the Vienna calendar in JavaScript, independent of the SQL under test. */
async function expectedFromDatabase(from: string, to: string, companyId?: string) {
  const files = await t.db.all<{
    company_id: string;
    import_type: string;
    status: string;
    number_of_records: number;
    created_at: string;
    is_deleted: number;
  }>(sql`select company_id, import_type, status, number_of_records, created_at, is_deleted from datafiles`);
  const ledger = await t.db.all<{ company_id: string; type: string; amount: number; occurred_at: string }>(
    sql`select company_id, type, amount, occurred_at from credit_transactions`,
  );
  const rows = new Map<
    string,
    {
      companyId: string;
      month: string;
      files: number;
      liveFiles: number;
      records: number;
      liveRecords: number;
      used: number;
      refunded: number;
    }
  >();
  const rowOf = (companyId: string, month: string) => {
    const key = `${companyId}|${month}`;
    if (!rows.has(key))
      rows.set(key, { companyId, month, files: 0, liveFiles: 0, records: 0, liveRecords: 0, used: 0, refunded: 0 });
    return rows.get(key)!;
  };
  const inScope = (c: string, month: string) => month >= from && month <= to && (!companyId || c === companyId);
  for (const f of files) {
    const month = viennaDate(new Date(f.created_at)).slice(0, 7);
    if (f.is_deleted || f.status === 'DRAFT' || !inScope(f.company_id, month)) continue;
    const r = rowOf(f.company_id, month);
    r.files++;
    r.records += f.number_of_records;
    if (f.import_type === 'LIVE') {
      r.liveFiles++;
      r.liveRecords += f.number_of_records;
    }
  }
  for (const l of ledger) {
    const month = viennaDate(new Date(l.occurred_at)).slice(0, 7);
    if (!inScope(l.company_id, month) || (l.type !== 'USED' && l.type !== 'REFUND')) continue;
    const r = rowOf(l.company_id, month);
    if (l.type === 'USED') r.used += l.amount;
    else r.refunded += l.amount;
  }
  return [...rows.values()];
}

async function allRows(filters: Record<string, unknown>, by?: string, dir?: string): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await t.gql(PAGE, { f: filters, by, dir, p: { page, limit: 7 } }, { token: op });
    expect(res.body.errors).toBeUndefined();
    const data = res.body.data.getUsageStatsByMonth;
    out.push(...data.rows);
    if (!data.pageInfo.nextPage) return out;
  }
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  const secret = t.deps.appSecret;
  const names = ['Zeta Surveys', 'alpha insights', 'Mid Research', '=HYPERLINK("http://x";"y")'];
  companies = [];
  for (const name of names) companies.push({ id: await makeCompany(t.db, { name }), name });
  const owner = await makeUser(t.db, secret, { companyId: companies[0]!.id, accessLevel: 'ADMIN', owner: true });
  const operator = await makeUser(t.db, secret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
  op = await t.tokenFor(operator.email, operator.password);
  admin = await t.tokenFor(owner.email, owner.password);

  // A deterministic spread over 2025-11 .. 2026-11 (a pseudo-random walk, so every sort has ties and gaps).
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  for (let i = 0; i < 160; i++) {
    const c = companies[rand(companies.length)]!;
    const at =
      i < BOUNDARY_INSTANTS.length * 2
        ? BOUNDARY_INSTANTS[i % BOUNDARY_INSTANTS.length]!
        : new Date(Date.parse('2025-11-01T00:00:00Z') + rand(390) * 86_400_000 + rand(86_400) * 1000).toISOString();
    await makeDatafile(t.db, {
      companyId: c.id,
      ownerId: owner.id,
      createdAt: at,
      importType: rand(3) === 0 ? 'LIVE' : 'MANUAL',
      records: rand(2000),
      status: (['READY', 'READY', 'READY', 'ERROR', 'PROCESSING', 'DRAFT'] as const)[rand(6)],
      deleted: rand(10) === 0,
    });
  }
  for (const c of companies) {
    const plan = await makePlan(t.db, c.id);
    for (let i = 0; i < 25; i++) {
      const at =
        i < BOUNDARY_INSTANTS.length
          ? BOUNDARY_INSTANTS[i]!
          : new Date(Date.parse('2025-11-01T00:00:00Z') + rand(390) * 86_400_000 + rand(86_400) * 1000).toISOString();
      await makeLedgerRow(t.db, {
        companyId: c.id,
        planId: plan,
        type: (['USED', 'USED', 'REFUND', 'RECEIVED', 'EXPIRED'] as const)[rand(5)]!,
        amount: 1 + rand(5000),
        occurredAt: at,
      });
    }
  }
});
afterAll(() => t.close());

describe('getUsageStatsByMonth', () => {
  it('counts data files, records and credits per organisation and Vienna month as the raw rows say', async () => {
    const from = '2025-11';
    const to = '2026-11';
    const expected = await expectedFromDatabase(from, to);
    const rows = await allRows({ fromMonth: from, toMonth: to });
    const actual = rows.map((r) => ({
      companyId: r.organization.id,
      month: r.month,
      files: r.numberOfDatafiles,
      liveFiles: r.numberOfLiveDatafiles,
      records: r.numberOfDataRecords,
      liveRecords: r.numberOfLiveDataRecords,
      used: r.creditsUsed,
      refunded: r.creditsRefunded,
    }));
    const key = (r: { companyId: string; month: string }) => `${r.companyId}|${r.month}`;
    expect(actual.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    );
    expect(
      rows.every(
        (r) =>
          r.numberOfManualDatafiles === r.numberOfDatafiles - r.numberOfLiveDatafiles &&
          r.numberOfManualDataRecords === r.numberOfDataRecords - r.numberOfLiveDataRecords,
      ),
    ).toBe(true);
  });

  it('places instants beside the month boundaries in the Vienna month, across both daylight-saving switches', async () => {
    const only = companies[0]!.id;
    const stats = (
      await t.gql(PAGE, { f: { fromMonth: '2026-01', toMonth: '2026-11', companyId: only } }, { token: op })
    ).body.data.getUsageStatsByMonth;
    const expected = await expectedFromDatabase('2026-01', '2026-11', only);
    for (const month of stats.months) {
      const inMonth = expected.filter((e) => e.month === month.month);
      expect(month.numberOfDatafiles, month.month).toBe(inMonth.reduce((s, e) => s + e.files, 0));
      expect(month.creditsUsed, month.month).toBe(inMonth.reduce((s, e) => s + e.used, 0));
    }
    // The boundary instants do land on both sides (the check above would pass on an empty month too).
    expect(viennaDate(new Date(BOUNDARY_INSTANTS[3]!)).slice(0, 7)).toBe('2026-04');
    expect(viennaDate(new Date(BOUNDARY_INSTANTS[2]!)).slice(0, 7)).toBe('2026-03');
  });

  it('lists every month of the period, months without activity as zeros, and totals that add the months up', async () => {
    const stats = (await t.gql(PAGE, { f: { fromMonth: '2024-01', toMonth: '2026-12' } }, { token: op })).body.data
      .getUsageStatsByMonth;
    expect(stats.months).toHaveLength(36);
    expect(stats.months[0]).toEqual({
      month: '2024-01',
      numberOfOrganizations: 0,
      numberOfDatafiles: 0,
      numberOfLiveDatafiles: 0,
      numberOfManualDatafiles: 0,
      numberOfDataRecords: 0,
      numberOfLiveDataRecords: 0,
      numberOfManualDataRecords: 0,
      creditsUsed: 0,
      creditsRefunded: 0,
    });
    for (const field of [
      'numberOfDatafiles',
      'numberOfLiveDatafiles',
      'numberOfDataRecords',
      'creditsUsed',
      'creditsRefunded',
    ] as const) {
      expect(stats.totals[field], field).toBe(stats.months.reduce((s: number, m: any) => s + m[field], 0));
    }
    const expected = await expectedFromDatabase('2024-01', '2026-12');
    expect(stats.totals.numberOfOrganizations).toBe(new Set(expected.map((e) => e.companyId)).size);
    expect(stats.pageInfo.total).toBe(expected.length);
  });

  it.each([
    ['MONTH', 'DESC', (r: Row) => r.month],
    ['ORGANIZATION', 'ASC', (r: Row) => r.organization.name.toLowerCase()],
    ['DATAFILES', 'DESC', (r: Row) => r.numberOfDatafiles],
    ['MANUAL_DATA_RECORDS', 'ASC', (r: Row) => r.numberOfDataRecords - r.numberOfLiveDataRecords],
    ['CREDITS_USED', 'DESC', (r: Row) => r.creditsUsed],
    ['CREDITS_REFUNDED', 'ASC', (r: Row) => r.creditsRefunded],
  ] as const)('sorts by %s %s across pages, every row once', async (by, dir, key) => {
    const rows = await allRows({ fromMonth: '2025-11', toMonth: '2026-11' }, by, dir);
    const keys: (string | number)[] = rows.map((r) => key(r));
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(dir === 'ASC' ? sorted : sorted.reverse());
    expect(new Set(rows.map((r) => `${r.organization.id}|${r.month}`)).size).toBe(rows.length);
  });

  it('filters by organisation and refuses one that does not exist', async () => {
    const only = companies[2]!.id;
    const rows = await allRows({ fromMonth: '2025-11', toMonth: '2026-11', companyId: only });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.organization.id === only)).toBe(true);
    expect(rows.length).toBe((await expectedFromDatabase('2025-11', '2026-11', only)).length);
    const res = await t.gql(
      PAGE,
      { f: { fromMonth: '2025-11', toMonth: '2026-11', companyId: crypto.randomUUID() } },
      { token: op },
    );
    expect(codeOf(res)).toBe('COMPANY_NOT_FOUND');
  });

  it.each([
    [{ fromMonth: '2026-13', toMonth: '2026-12' }, 'INVALID_PARAMETERS:MONTH_FORMAT'],
    [{ fromMonth: '2026-1', toMonth: '2026-12' }, 'INVALID_PARAMETERS:MONTH_FORMAT'],
    [{ fromMonth: '2026-01', toMonth: "2026-02' or 1=1" }, 'INVALID_PARAMETERS:MONTH_FORMAT'],
    [{ fromMonth: '2026-05', toMonth: '2026-04' }, 'INVALID_PARAMETERS:END_BEFORE_START'],
    [{ fromMonth: '2016-01', toMonth: '2026-12' }, 'INVALID_PARAMETERS:PERIOD_TOO_LONG'],
  ])('refuses the period %j', async (filters, code) => {
    const res = await t.gql(PAGE, { f: filters }, { token: op });
    expect(codeOf(res)).toBe(code);
    expect(res.body.errors![0]!.message).not.toBe('INVALID_PARAMETERS');
  });

  it('is for operators only: an organisation admin is refused, also for their own organisation', async () => {
    const res = await t.gql(
      PAGE,
      { f: { fromMonth: '2025-11', toMonth: '2026-11', companyId: companies[0]!.id } },
      { token: admin },
    );
    expect(codeOf(res)).toBe('UNAUTHORIZED');
    expect(res.body.data?.getUsageStatsByMonth ?? null).toBeNull();
    expect(
      codeOf(await t.gql(CSV, { v: 'DATA_FILES', f: { fromMonth: '2025-11', toMonth: '2026-11' } }, { token: admin })),
    ).toBe('UNAUTHORIZED');
  });
});

describe('getUsageStatsCsv', () => {
  const parse = (content: string, delimiter: string) =>
    Papa.parse<string[]>(content.replace(/^\uFEFF/, '').trimEnd(), { delimiter }).data;

  it("writes every row of the selection in the table's order with the page's columns, in German with semicolons", async () => {
    const res = await t.gql(
      CSV,
      { v: 'DATA_FILES', f: { fromMonth: '2025-11', toMonth: '2026-11' }, by: 'DATAFILES', dir: 'DESC' },
      { token: op, headers: { 'x-locale': 'de' } },
    );
    expect(res.body.errors).toBeUndefined();
    const { fileName, content } = res.body.data.getUsageStatsCsv;
    expect(fileName).toBe('data-files-stats_2025-11_2026-11.csv');
    expect(content.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parse(content, ';');
    expect(header).toEqual([
      'Monat',
      'Organisation',
      'Organisations-ID',
      'Datendateien',
      'Live',
      'Manuell',
      'Credits verbraucht',
      'Credits erstattet',
    ]);
    const rows = await allRows({ fromMonth: '2025-11', toMonth: '2026-11' }, 'DATAFILES', 'DESC');
    expect(lines.map((l) => [l[0], l[2], Number(l[3]), Number(l[6])])).toEqual(
      rows.map((r) => [r.month, r.organization.id, r.numberOfDatafiles, r.creditsUsed]),
    );
  });

  it('neutralises an organisation name that looks like a formula and quotes separators', async () => {
    const res = await t.gql(
      CSV,
      { v: 'DATA_RECORDS', f: { fromMonth: '2025-11', toMonth: '2026-11', companyId: companies[3]!.id } },
      { token: op, headers: { 'x-locale': 'en' } },
    );
    const { content, fileName } = res.body.data.getUsageStatsCsv;
    expect(fileName).toMatch(/^data-records-stats_2025-11_2026-11_HYPERLINK-http-x-y\.csv$/);
    const lines = content
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Month,Organization,Organization ID,Data records,Live,Manual,Data files,Credits used,Credits refunded',
    );
    expect(lines.length).toBeGreaterThan(1);
    // The name starts with '=': an apostrophe first, and quoted because it holds a quote.
    for (const line of lines.slice(1)) expect(line).toContain(`,"'=HYPERLINK(""http://x"";""y"")",`);
  });
});
