import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';

describe('settings switches and the get-started and survey modals', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof makeUser>> & { token: string };
  let other: Awaited<ReturnType<typeof makeUser>>;
  let operatorToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid, accessLevel: 'ADMIN' });
    user = { ...u, token: await t.tokenFor(u.email, u.password) };
    other = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const o = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
    operatorToken = await t.tokenFor(o.email, o.password);
  });
  afterAll(() => t.close());

  it('getClearLocalStorage is off until an operator switches it on, with the time it was set', async () => {
    expect(
      (await t.gql('{getClearLocalStorage{value updatedAt}}', {}, { token: user.token })).body.data
        .getClearLocalStorage,
    ).toEqual({ value: false, updatedAt: null });
    expect(codeOf(await t.gql('mutation{setClearLocalStorage(value:true){status}}', {}, { token: user.token }))).toBe(
      'UNAUTHORIZED',
    );
    expect(
      (await t.gql('mutation{setClearLocalStorage(value:true){status}}', {}, { token: operatorToken })).body.data
        .setClearLocalStorage.status,
    ).toBe('SUCCESS');
    expect(
      (await t.gql('{getClearLocalStorage{value updatedAt}}', {}, { token: user.token })).body.data
        .getClearLocalStorage,
    ).toEqual({ value: true, updatedAt: '2026-11-21T09:00:00.000Z' });
  });

  it('setSendNotification is for operators and known types only', async () => {
    expect(
      codeOf(
        await t.gql('mutation{setSendNotification(value:false,type:"LOW_BALANCE"){status}}', {}, { token: user.token }),
      ),
    ).toBe('UNAUTHORIZED');
    expect(
      codeOf(
        await t.gql('mutation{setSendNotification(value:false,type:"NOPE"){status}}', {}, { token: operatorToken }),
      ),
    ).toBe('INVALID_PARAMETERS:NOT_IN_LIST');
    expect(
      (
        await t.gql(
          'mutation{setSendNotification(value:false,type:"LOW_BALANCE"){status}}',
          {},
          { token: operatorToken },
        )
      ).body.data.setSendNotification.status,
    ).toBe('SUCCESS');
  });

  it('updateGetStarted and updateNPS act on oneself only; Later postpones, Yes finishes the survey', async () => {
    const ME = '{me{user{watchGetStarted watchNPS}}}';
    const first = await t.gql(ME, {}, { token: user.token });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.me.user).toEqual({ watchGetStarted: false, watchNPS: false });
    expect(
      codeOf(
        await t.gql('mutation($u:ID!){updateGetStarted(userId:$u){status}}', { u: other.id }, { token: user.token }),
      ),
    ).toBe('UNAUTHORIZED');
    expect(
      (await t.gql('mutation($u:ID!){updateGetStarted(userId:$u){status}}', { u: user.id }, { token: user.token })).body
        .data.updateGetStarted.status,
    ).toBe('SUCCESS');

    await t.db.run(sql`update users set next_nps_date = '2026-11-20T00:00:00.000Z' where id = ${user.id}`);
    expect((await t.gql(ME, {}, { token: user.token })).body.data.me.user).toEqual({
      watchGetStarted: true,
      watchNPS: true,
    });
    expect(
      codeOf(
        await t.gql(
          'mutation($u:ID!,$d:String){updateNPS(userId:$u,nextNPSDate:$d){status}}',
          { u: user.id, d: 'next week' },
          { token: user.token },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:INVALID_DATE');
    await t.gql(
      'mutation($u:ID!,$d:String){updateNPS(userId:$u,nextNPSDate:$d){status}}',
      { u: user.id, d: '2026-11-28T09:00:00.000Z' },
      { token: user.token },
    );
    expect((await t.gql(ME, {}, { token: user.token })).body.data.me.user.watchNPS).toBe(false);
    t.clock.set('2026-11-28T09:00:01.000Z');
    // A week later the first session has long expired (8 hours).
    const later = await t.tokenFor(user.email, user.password);
    expect((await t.gql(ME, {}, { token: later })).body.data.me.user.watchNPS).toBe(true);
    await t.gql('mutation($u:ID!){updateNPS(userId:$u,nextNPSDate:null){status}}', { u: user.id }, { token: later });
    expect((await t.gql(ME, {}, { token: later })).body.data.me.user.watchNPS).toBe(false);
    t.clock.set('2026-11-21T09:00:00.000Z');
  });

  it('updateMyLocale stores the language, which then picks the language of error messages', async () => {
    await t.gql('mutation{updateMyLocale(locale:en){status}}', {}, { token: user.token });
    const res = await t.gql(
      'mutation($u:ID!){updateGetStarted(userId:$u){status}}',
      { u: other.id },
      { token: user.token },
    );
    expect(res.body.errors![0]!.message).toBe('Not authorized');
  });
});
