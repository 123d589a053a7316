import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { datafilesWorld, LIST, type DatafilesWorld } from '../../support/datafiles-world';

let t: TestApp;
let w: DatafilesWorld;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await datafilesWorld(t);
});
afterAll(() => t.close());

const ADD = 'mutation($id:ID!,$u:[ID!]!){addContributorToDatafile(datafileId:$id,inviteeIds:$u){status}}';
const REMOVE = 'mutation($id:ID!,$u:ID!){removeContributorFromDatafile(datafileId:$id,contributorId:$u){status}}';
const CONTRIBUTORS =
  'query($id:ID!){getAllDatafileContributors(datafileId:$id){id email name{first last} image accessLevel}}';
const AVAILABLE = 'query($id:ID!){getAvailableUsersAsContributorForDatafile(datafileId:$id){id}}';
const as = (token: string) => ({ token });
const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
const visibleTo = async (token: string) =>
  (
    await t.gql(LIST, { f: {}, p: { page: 1, limit: 100 } }, as(token))
  ).body.data.getDatafilesForLoggedInUser.datafiles.map((d: { id: string }) => d.id);

describe('sharing a datafile', () => {
  it('the owner shares with users of the organisation: they see it, are told, and can be removed again', async () => {
    const id = await w.file({ ownerId: w.employee.id, title: 'Shared survey' });
    expect(
      idsOf(
        (await t.gql(AVAILABLE, { id }, as(w.tokens.employee))).body.data.getAvailableUsersAsContributorForDatafile,
      ),
    ).toEqual([w.admin.id, w.employee2.id].sort());
    expect(await visibleTo(w.tokens.employee2)).not.toContain(id);

    expect(
      (await t.gql(ADD, { id, u: [w.employee2.id, w.employee2.id] }, as(w.tokens.employee))).body.data
        .addContributorToDatafile.status,
    ).toBe('SUCCESS');
    expect(await visibleTo(w.tokens.employee2)).toContain(id);
    const contributors = (await t.gql(CONTRIBUTORS, { id }, as(w.tokens.employee2))).body.data
      .getAllDatafileContributors;
    expect(contributors).toEqual([
      expect.objectContaining({ id: w.employee2.id, email: w.employee2.email, accessLevel: 'EMPLOYEE' }),
    ]);
    expect(
      idsOf(
        (await t.gql(AVAILABLE, { id }, as(w.tokens.employee))).body.data.getAvailableUsersAsContributorForDatafile,
      ),
    ).toEqual([w.admin.id]);
    const [note] = await t.db.all<{ url: string; title: string; event: string }>(
      sql`select url, title, event from notifications where user_id = ${w.employee2.id} order by created_at desc limit 1`,
    );
    // Stored as the event (rendered in the reader's language when read) beside the recipient's German text.
    expect(note).toEqual({
      url: `/datafile-result?datafileId=${id}`,
      title: 'Eine Datendatei wurde mit Ihnen geteilt',
      event: 'datafileShared',
    });
    // Sharing again changes nothing and notifies nobody twice.
    await t.gql(ADD, { id, u: [w.employee2.id] }, as(w.tokens.employee));
    expect(
      (
        await t.db.all<{ n: number }>(
          sql`select count(*) as n from notifications where user_id = ${w.employee2.id} and url = ${`/datafile-result?datafileId=${id}`}`,
        )
      )[0]!.n,
    ).toBe(1);

    // A contributor reads, but does not share or unshare.
    expect(codeOf(await t.gql(ADD, { id, u: [w.admin.id] }, as(w.tokens.employee2)))).toBe('UNAUTHORIZED');
    expect(codeOf(await t.gql(REMOVE, { id, u: w.employee2.id }, as(w.tokens.employee2)))).toBe('UNAUTHORIZED');
    expect(codeOf(await t.gql(AVAILABLE, { id }, as(w.tokens.employee2)))).toBe('UNAUTHORIZED');

    expect(
      (await t.gql(REMOVE, { id, u: w.employee2.id }, as(w.tokens.admin))).body.data.removeContributorFromDatafile
        .status,
    ).toBe('SUCCESS');
    expect(await visibleTo(w.tokens.employee2)).not.toContain(id);
    expect(codeOf(await t.gql(REMOVE, { id, u: w.employee2.id }, as(w.tokens.employee)))).toBe(
      'INVALID_PARAMETERS:NOT_A_CONTRIBUTOR',
    );
    expect(codeOf(await t.gql(CONTRIBUTORS, { id }, as(w.tokens.employee2)))).toBe('NO_DATAFILE_FOUND');
  });

  it('only with activated users of the same organisation, never the owner, never a draft', async () => {
    const id = await w.file({ ownerId: w.admin.id });
    const count = async () =>
      (
        await t.db.all<{ n: number }>(sql`select count(*) as n from datafile_contributors where datafile_id = ${id}`)
      )[0]!.n;
    expect(codeOf(await t.gql(ADD, { id, u: [w.adminB.id] }, as(w.tokens.admin)))).toBe('USER_NOT_FOUND');
    expect(codeOf(await t.gql(ADD, { id, u: [w.employee.id, w.pending.id] }, as(w.tokens.admin)))).toBe(
      'USER_NOT_FOUND',
    );
    expect(codeOf(await t.gql(ADD, { id, u: [crypto.randomUUID()] }, as(w.tokens.admin)))).toBe('USER_NOT_FOUND');
    expect(codeOf(await t.gql(ADD, { id, u: [w.admin.id] }, as(w.tokens.admin)))).toBe(
      'INVALID_PARAMETERS:OWNER_IS_NOT_A_CONTRIBUTOR',
    );
    expect(codeOf(await t.gql(ADD, { id, u: [] }, as(w.tokens.admin)))).toBe('INCOMPLETE_INPUT:NO_INVITEES');
    expect(
      codeOf(await t.gql(ADD, { id, u: Array.from({ length: 51 }, () => crypto.randomUUID()) }, as(w.tokens.admin))),
    ).toBe('INVALID_PARAMETERS:TOO_MANY_INVITEES');
    expect(await count()).toBe(0);
    const draft = await w.file({ ownerId: w.employee.id, status: 'DRAFT' });
    expect(codeOf(await t.gql(ADD, { id: draft, u: [w.employee2.id] }, as(w.tokens.employee)))).toBe(
      'INVALID_PARAMETERS:DRAFTS_ARE_NOT_SHARED',
    );
  });

  it('another organisation gets the answer of a missing datafile for every sharing call', async () => {
    const id = await w.file({ ownerId: w.admin.id });
    for (const [query, vars] of [
      [ADD, { id, u: [w.adminB.id] }],
      [REMOVE, { id, u: w.employee.id }],
      [CONTRIBUTORS, { id }],
      [AVAILABLE, { id }],
    ] as const) {
      expect(codeOf(await t.gql(query, vars, as(w.tokens.adminB)))).toBe('NO_DATAFILE_FOUND');
      expect(codeOf(await t.gql(query, { ...vars, id: crypto.randomUUID() }, as(w.tokens.adminB)))).toBe(
        'NO_DATAFILE_FOUND',
      );
    }
    // Operators share any organisation's datafile, with that organisation's users.
    expect(
      (await t.gql(ADD, { id, u: [w.employee.id] }, as(w.tokens.op))).body.data.addContributorToDatafile.status,
    ).toBe('SUCCESS');
  });
});
