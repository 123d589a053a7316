import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../../db/seed';
import { seedSecrets } from '../../../api/demo/seed-secrets';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';

const ACTIVE = `query($s:String,$by:CompanySortField,$dir:SortDirection,$p:PageInput){getAllActiveCompanies(search:$s,sortBy:$by,sortDirection:$dir,page:$p){
  companies{ id name isActivated supportLevel contract{ type startDate endDate remainingDays status } activeCreditOverview{ totalActiveBalance totalActiveReceived totalReceivedFromPayAsUsage } latestDataImport{ daysAgo } }
  pageInfo{ page limit total previousPage nextPage } } }`;

describe('organisations through GraphQL, on the demo data', () => {
  let t: TestApp;
  let op: string;
  let admin: string;
  const demo = '00000000-0000-4000-8000-c00000000001';

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
    await seedDemoData(t.db, seedSecrets(), { now: t.clock.now() });
    op = await t.tokenFor('superadmin@example.com', DEMO_PASSWORD);
    admin = await t.tokenFor('admin@example.com', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  it('getCompaniesSummary counts active and new organisations', async () => {
    const res = await t.gql('{getCompaniesSummary{numberOfActiveCompanies numberOfNewCompanies}}', {}, { token: op });
    expect(res.body.data.getCompaniesSummary).toEqual({ numberOfActiveCompanies: 5, numberOfNewCompanies: 3 });
  });

  it('getAllActiveCompanies pages 5 per page with the overview, the active contract and the latest import', async () => {
    const first = (await t.gql(ACTIVE, {}, { token: op })).body.data.getAllActiveCompanies;
    expect(first.pageInfo).toEqual({ page: 1, limit: 5, total: 5, previousPage: null, nextPage: null });
    expect(first.companies.map((c: any) => c.name)).toEqual([
      'Alpen Insights AG',
      'Danube Data KG',
      'Demo Research GmbH',
      'Nordlicht Marktforschung GmbH',
      'Rheinland Research GmbH',
    ]);
    const demoRow = first.companies.find((c: any) => c.id === demo);
    expect(demoRow.contract).toMatchObject({
      type: 'ENTERPRISE',
      status: 'ACTIVE',
      startDate: '2026-08-13',
      remainingDays: 265,
    });
    // The demo organisation's latest import is its failed first upload (the credit history's files are deleted).
    expect(demoRow.latestDataImport).toEqual({ daysAgo: 1 });
    expect(demoRow.activeCreditOverview.totalActiveBalance).toBeGreaterThan(0);
    const paged = (await t.gql(ACTIVE, { p: { page: 2, limit: 2 } }, { token: op })).body.data.getAllActiveCompanies;
    expect(paged.pageInfo).toEqual({ page: 2, limit: 2, total: 5, previousPage: 1, nextPage: 3 });
    expect(paged.companies.map((c: any) => c.name)).toEqual(['Demo Research GmbH', 'Nordlicht Marktforschung GmbH']);
  });

  it('searches by name, case-insensitively, with LIKE wildcards taken literally', async () => {
    const res = (await t.gql(ACTIVE, { s: 'RESEARCH' }, { token: op })).body.data.getAllActiveCompanies;
    expect(res.companies.map((c: any) => c.name)).toEqual(['Demo Research GmbH', 'Rheinland Research GmbH']);
    expect((await t.gql(ACTIVE, { s: '%' }, { token: op })).body.data.getAllActiveCompanies.pageInfo.total).toBe(0);
    expect(
      (await t.gql(ACTIVE, { s: "'; drop table companies; --" }, { token: op })).body.data.getAllActiveCompanies
        .pageInfo.total,
    ).toBe(0);
  });

  it('sorts by remaining days, contract type, support level and latest import, empties last', async () => {
    const by = async (field: string, dir = 'ASC') =>
      (await t.gql(ACTIVE, { by: field, dir }, { token: op })).body.data.getAllActiveCompanies.companies;
    const remaining = (await by('REMAINING_DAYS')).map((c: any) => c.contract?.remainingDays ?? null);
    expect(remaining).toEqual([...remaining].sort((a, b) => (a ?? 1e9) - (b ?? 1e9)));
    const types = (await by('CONTRACT_TYPE', 'DESC')).map((c: any) => c.contract?.type);
    expect(types).toEqual([...types].sort().reverse());
    // Two more organisations import (the seed's files of theirs are deleted and do not count).
    for (const [n, days] of [
      [2, 8],
      [3, 15],
    ] as const)
      await t.db.run(sql`insert into datafiles (id, company_id, owner_id, title, import_type, status, created_at)
        select ${crypto.randomUUID()}, company_id, id, 'Import', 'MANUAL', 'READY', ${new Date(t.clock.now().getTime() - days * 86_400_000).toISOString()}
        from users where company_id = ${`00000000-0000-4000-8000-c0000000000${n}`} and access_level = 'ADMIN' limit 1`);
    const imports = (await by('LATEST_IMPORT', 'DESC')).map((c: any) => c.latestDataImport?.daysAgo ?? null);
    expect(imports.slice(0, 3)).toEqual([1, 8, 15]);
    expect(imports.slice(3)).toEqual([null, null]);
  });

  it('refuses pages out of range', async () => {
    expect(codeOf(await t.gql(ACTIVE, { p: { page: 0 } }, { token: op }))).toBe('INVALID_PARAMETERS:OUT_OF_RANGE');
    expect(codeOf(await t.gql(ACTIVE, { p: { limit: 1000 } }, { token: op }))).toBe('INVALID_PARAMETERS:OUT_OF_RANGE');
  });

  it('getAllNewCompanies lists pending registrations, newest first, with their owners', async () => {
    const res = (
      await t.gql(
        '{getAllNewCompanies{companies{name createdDate companyOwner{email name{first last}}} pageInfo{total}}}',
        {},
        { token: op },
      )
    ).body.data.getAllNewCompanies;
    expect(res.pageInfo.total).toBe(3);
    expect(res.companies.map((c: any) => c.name)).toEqual([
      'Quantum Surveys',
      'Blue Fox Research',
      'Lakeside Studies Ltd',
    ]);
    expect(res.companies[0]).toMatchObject({
      companyOwner: { email: 'owner@quantum.example.com', name: { first: 'Quirin', last: 'Quast' } },
    });
  });

  it('activateOrganization creates the contract and plan and sets ACTIVATED; the owner can then log in', async () => {
    const lakeside = '00000000-0000-4000-8000-c00000000010';
    const input = {
      companyId: lakeside,
      contract: { contractType: 'PROFESSIONAL', startDate: '2026-11-21', endDate: '2027-11-20', autoRenew: true },
      creditPlan: { creditPlanCategory: 'EXPIRING', creditAmount: 50_000, pricePerCredit: 10, paymentAmount: 500_000 },
      accountManager: 'Sophie Wagner',
      supportLevel: 'B',
      notes: 'Signed at the fair',
    };
    const ACTIVATE = 'mutation($i:ActivateOrganizationInput!){activateOrganization(input:$i){status}}';
    expect(codeOf(await t.gql(ACTIVATE, { i: { ...input, accountManager: 'Somebody Else' } }, { token: op }))).toBe(
      'INVALID_PARAMETERS:NOT_IN_LIST',
    );
    expect(codeOf(await t.gql(ACTIVATE, { i: { ...input, accountManager: '' } }, { token: op }))).toBe(
      'INCOMPLETE_INPUT',
    );
    expect((await t.gql(ACTIVATE, { i: input }, { token: op })).body.data.activateOrganization.status).toBe('SUCCESS');
    const company = (
      await t.gql(
        'query($c:ID!){getCompany(companyId:$c){isActivated accountManager supportLevel comment contract{type} activeCreditOverview{totalActiveBalance}}}',
        { c: lakeside },
        { token: op },
      )
    ).body.data.getCompany;
    expect(company).toEqual({
      isActivated: 'ACTIVATED',
      accountManager: 'Sophie Wagner',
      supportLevel: 'B',
      comment: 'Signed at the fair',
      contract: { type: 'PROFESSIONAL' },
      activeCreditOverview: { totalActiveBalance: 50_000 },
    });
    expect((await t.login('owner@lakeside.example.com', DEMO_PASSWORD)).body.data.login.accessLevel).toBe('ADMIN');
    expect(codeOf(await t.gql(ACTIVATE, { i: input }, { token: op }))).toBe('INVALID_PARAMETERS:NOT_PENDING');
  });

  it('updateCompany: ADMIN edits name and address of its own company only; operator fields are refused for ADMIN and required for operators', async () => {
    const UPDATE = 'mutation($i:UpdateCompanyInput!){updateCompany(companyToUpdate:$i){status}}';
    const base = {
      id: demo,
      name: 'Demo Research GmbH',
      legalName: 'Demo Research GmbH',
      address: { street: 'Ring 1', postalCode: '1010', city: 'Wien', country: 'at' },
    };
    expect((await t.gql(UPDATE, { i: base }, { token: admin })).body.data.updateCompany.status).toBe('SUCCESS');
    expect(codeOf(await t.gql(UPDATE, { i: { ...base, supportLevel: 'C' } }, { token: admin }))).toBe(
      'UNAUTHORIZED:OPERATOR_FIELDS',
    );
    expect(codeOf(await t.gql(UPDATE, { i: { ...base, address: { postalCode: '10A0' } } }, { token: admin }))).toBe(
      'INVALID_PARAMETERS:NUMERIC',
    );
    expect(codeOf(await t.gql(UPDATE, { i: { ...base, name: '' } }, { token: admin }))).toBe('INCOMPLETE_INPUT');
    expect(codeOf(await t.gql(UPDATE, { i: { ...base, name: '<b>Demo</b>' } }, { token: admin }))).toBe(
      'INVALID_PARAMETERS:INVALID_CHARACTERS',
    );
    expect(
      codeOf(await t.gql(UPDATE, { i: { ...base, id: '00000000-0000-4000-8000-c00000000002' } }, { token: admin })),
    ).toBe('COMPANY_NOT_FOUND');
    expect(codeOf(await t.gql(UPDATE, { i: base }, { token: op }))).toBe('INCOMPLETE_INPUT');
    const employeeId = '00000000-0000-4000-8000-b00000000003';
    expect(
      codeOf(
        await t.gql(
          UPDATE,
          { i: { ...base, accountManager: 'Anna Berger', supportLevel: 'A', companyOwner: employeeId } },
          { token: op },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:NOT_AN_ADMIN_OF_THE_COMPANY');
    expect(
      (
        await t.gql(
          UPDATE,
          {
            i: {
              ...base,
              accountManager: 'Anna Berger',
              supportLevel: 'A',
              companyOwner: '00000000-0000-4000-8000-b00000000004',
            },
          },
          { token: op },
        )
      ).body.data.updateCompany.status,
    ).toBe('SUCCESS');
    const c = (
      await t.gql(
        'query($c:ID!){getCompany(companyId:$c){address{country postalCode} companyOwner{email}}}',
        { c: demo },
        { token: op },
      )
    ).body.data.getCompany;
    expect(c).toEqual({
      address: { country: 'AT', postalCode: '1010' },
      companyOwner: { email: 'maria.huber@example.com' },
    });
  });

  it('updateCompany takes as the logo only a picture uploaded for that organisation, or none', async () => {
    const UPDATE = 'mutation($i:UpdateCompanyInput!){updateCompany(companyToUpdate:$i){status}}';
    const base = { id: demo, name: 'Demo Research GmbH' };
    const logo = `/files/avatars/companies/${demo}/Ab3_x-9Z-logo.png`;
    for (const image of [
      'https://tracker.example/pixel.png',
      '/graphql?query=%7Bme%7Bid%7D%7D',
      `/files/avatars/users/${demo}/Ab3_x-9Z-logo.png`,
      '/files/avatars/companies/00000000-0000-4000-8000-c00000000002/Ab3_x-9Z-logo.png',
      `${logo}?x=1`,
    ])
      expect(codeOf(await t.gql(UPDATE, { i: { ...base, image } }, { token: admin })), image).toBe(
        'INVALID_PARAMETERS:NOT_AN_UPLOADED_AVATAR',
      );
    const imageOf = async () =>
      (await t.gql('query($c:ID!){getCompany(companyId:$c){image}}', { c: demo }, { token: admin })).body.data
        .getCompany.image;
    expect(
      (await t.gql(UPDATE, { i: { ...base, image: logo } }, { token: admin })).body.data.updateCompany.status,
    ).toBe('SUCCESS');
    expect(await imageOf()).toBe(logo);
    expect(
      (await t.gql(UPDATE, { i: { ...base, image: null } }, { token: admin })).body.data.updateCompany.status,
    ).toBe('SUCCESS');
    expect(await imageOf()).toBeNull();
  });

  it("deactivation ends the organisation's sessions; deletion frees the addresses", async () => {
    const nordlicht = '00000000-0000-4000-8000-c00000000002';
    const token = await t.tokenFor('owner@nordlicht.example.com', DEMO_PASSWORD);
    await t.gql(
      'mutation($i:CompanyRefInput!){changeCompanyStatusToDeactivate(company:$i){status}}',
      { i: { companyId: nordlicht } },
      { token: op },
    );
    expect(codeOf(await t.gql('{me{user{id}}}', {}, { token }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.login('owner@nordlicht.example.com', DEMO_PASSWORD))).toBe('COMPANY_DEACTIVATED');
    expect(
      codeOf(
        await t.gql(
          'mutation($i:CompanyStatusInput!){updateCompanyStatus(company:$i){status}}',
          { i: { companyId: nordlicht, status: 'PENDING' } },
          { token: op },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:CANNOT_RETURN_TO_PENDING');
    await t.gql(
      'mutation($i:CompanyStatusInput!){updateCompanyStatus(company:$i){status}}',
      { i: { companyId: nordlicht, status: 'ACTIVATED' } },
      { token: op },
    );
    expect((await t.login('owner@nordlicht.example.com', DEMO_PASSWORD)).body.data.login).toBeTruthy();

    const quantum = '00000000-0000-4000-8000-c00000000008';
    expect(
      (await t.gql('mutation($c:ID!){deleteCompany(companyId:$c){status}}', { c: quantum }, { token: op })).body.data
        .deleteCompany.status,
    ).toBe('SUCCESS');
    expect(codeOf(await t.gql('query($c:ID!){getCompany(companyId:$c){id}}', { c: quantum }, { token: op }))).toBe(
      'COMPANY_NOT_FOUND',
    );
    const rows = await t.db.all<{ n: number }>(
      sql`select count(*) as n from users where email = 'owner@quantum.example.com' and deleted_at is null`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('stats, users and active admins of a company', async () => {
    const stats = (
      await t.gql(
        'query($c:ID!){getCompanyStats(companyId:$c){numberOfDataImports numberOfDataRecords numberOfUsers}}',
        { c: demo },
        { token: admin },
      )
    ).body.data.getCompanyStats;
    // The failed first upload counts as an import; the deleted files of the credit history do not.
    expect(stats).toEqual({ numberOfDataImports: 1, numberOfDataRecords: 0, numberOfUsers: 6 });
    const admins = (
      await t.gql('query($c:ID!){getActiveCompanyAdminUsers(companyId:$c){email}}', { c: demo }, { token: admin })
    ).body.data.getActiveCompanyAdminUsers;
    expect(admins.map((u: any) => u.email).sort()).toEqual(['admin@example.com', 'maria.huber@example.com']);
  });
});
