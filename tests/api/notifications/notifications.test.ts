import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { countRows, makeCompany, makeUser } from '../../support/factories';
import { insertEventNotification } from '../../../api/modules/notifications';

const UNREAD = '{ getNotificationsForLoggedinUser { id title readed type url } }';
const ALL = '{ getAllNotifications { id readed } }';
const CREATE =
  'mutation($n:NotificationInput!){createNotification(notification:$n){id title description url readed type createdDate}}';
const MARK = 'mutation($id:ID!){markNotificationAsReaded(notificationId:$id){status}}';

describe('notifications', () => {
  let t: TestApp;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let operator: { token: string; id: string };

  beforeAll(async () => {
    t = await createTestApp();
    const cid = await makeCompany(t.db);
    const a = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const b = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const o = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
    alice = { id: a.id, token: await t.tokenFor(a.email, a.password) };
    bob = { id: b.id, token: await t.tokenFor(b.email, b.password) };
    operator = { id: o.id, token: await t.tokenFor(o.email, o.password) };
  });
  afterAll(() => t.close());

  it('creates a notification for oneself, lists it unread, and marking it read removes it from the unread list only', async () => {
    const created = await t.gql(
      CREATE,
      {
        n: {
          title: 'Upload abgeschlossen',
          description: 'Datei verarbeitet',
          url: '/datafile-result?datafileId=abc',
          type: 'UPLOAD_FINISHED',
        },
      },
      { token: alice.token },
    );
    const n = created.body.data.createNotification;
    expect(n).toMatchObject({ readed: false, type: 'UPLOAD_FINISHED', url: '/datafile-result?datafileId=abc' });
    expect(
      (await t.gql(UNREAD, {}, { token: alice.token })).body.data.getNotificationsForLoggedinUser.map(
        (x: { id: string }) => x.id,
      ),
    ).toEqual([n.id]);
    expect((await t.gql(MARK, { id: n.id }, { token: alice.token })).body.data.markNotificationAsReaded.status).toBe(
      'SUCCESS',
    );
    expect((await t.gql(UNREAD, {}, { token: alice.token })).body.data.getNotificationsForLoggedinUser).toEqual([]);
    expect((await t.gql(ALL, {}, { token: alice.token })).body.data.getAllNotifications).toEqual([
      { id: n.id, readed: true },
    ]);
  });

  it("renders an event in the reader's language when read, with plurals, numbers and dates in it; a typed text stays as written", async () => {
    const cid = await makeCompany(t.db);
    const reader = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const token = await t.tokenFor(reader.email, reader.password);
    const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 12, 0, s)).toISOString();
    const base = { userId: reader.id, companyId: cid, url: '/administration' };
    // Written while the recipient read German: the stored text is German, the event renders in any language.
    await insertEventNotification(
      t.db,
      {
        ...base,
        type: 'UPLOAD_FINISHED',
        event: 'uploadFinished',
        params: { title: 'Welle 1', records: 1, credits: 1200 },
        createdAt: at(3),
      },
      'de',
    );
    await insertEventNotification(
      t.db,
      {
        ...base,
        type: 'UPLOAD_FINISHED',
        event: 'uploadFinished',
        params: { title: 'Welle 2', records: 2500, credits: 10000 },
        createdAt: at(2),
      },
      'de',
    );
    await insertEventNotification(
      t.db,
      {
        ...base,
        type: 'GENERIC',
        event: 'contractExpiring',
        params: { name: 'Ada', company: 'Acme', date: { date: '2026-12-16' } },
        createdAt: at(1),
      },
      'de',
    );
    await t.db.run(sql`insert into notifications (id, user_id, type, title, description, created_at)
      values (${crypto.randomUUID()}, ${reader.id}, 'GENERIC', 'Wartung', 'Heute Abend kurz offline.', ${at(0)})`);
    const read = async (locale: 'de' | 'en') =>
      (
        await t.gql(
          '{ getNotificationsForLoggedinUser { title description event params } }',
          {},
          { token, headers: { 'accept-language': locale } },
        )
      ).body.data.getNotificationsForLoggedinUser.map((n: { title: string; description: string }) => [
        n.title,
        n.description,
      ]);
    expect(await read('de')).toEqual([
      ['Upload abgeschlossen', '„Welle 1“ ist fertig: 1 Interview bewertet, 1.200 Credits abgebucht.'],
      ['Upload abgeschlossen', '„Welle 2“ ist fertig: 2.500 Interviews bewertet, 10.000 Credits abgebucht.'],
      [
        expect.any(String),
        'Der Vertrag von Acme endet am 16.12.2026. Bitte kontaktieren Sie uns, um ohne Unterbrechung fortzufahren.',
      ],
      ['Wartung', 'Heute Abend kurz offline.'],
    ]);
    expect(await read('en')).toEqual([
      ['Upload finished', '“Welle 1” is ready: 1 interview scored, 1,200 credits charged.'],
      ['Upload finished', '“Welle 2” is ready: 2,500 interviews scored, 10,000 credits charged.'],
      [
        expect.any(String),
        'The contract of Acme ends on 16 Dec 2026. Please contact us to continue without interruption.',
      ],
      ['Wartung', 'Heute Abend kurz offline.'],
    ]);
    // The event travels with its raw values, so the web renders it again when the language changes.
    const [first] = (await t.gql('{ getNotificationsForLoggedinUser { event params } }', {}, { token })).body.data
      .getNotificationsForLoggedinUser;
    expect(first).toEqual({
      event: 'uploadFinished',
      params: JSON.stringify({ title: 'Welle 1', records: 1, credits: 1200 }),
    });
    const stored = await t.db.all<{ description: string }>(
      sql`select description from notifications where user_id = ${reader.id} and event = 'uploadFinished' order by created_at desc`,
    );
    expect(stored[0]!.description).toBe('„Welle 1“ ist fertig: 1 Interview bewertet, 1.200 Credits abgebucht.');
  });

  it("never shows or marks another user's notification", async () => {
    const n = (await t.gql(CREATE, { n: { title: 'Private', description: 'only Alice' } }, { token: alice.token })).body
      .data.createNotification;
    expect((await t.gql(UNREAD, {}, { token: bob.token })).body.data.getNotificationsForLoggedinUser).toEqual([]);
    expect(codeOf(await t.gql(MARK, { id: n.id }, { token: bob.token }))).toBe('INVALID_ID');
    const readAt = await t.db.all<{ read_at: string | null }>(
      sql`select read_at from notifications where id = ${n.id}`,
    );
    expect(readAt[0]!.read_at).toBeNull();
  });

  it('only operators address other users; links must stay inside the app', async () => {
    const before = await countRows(t.db, 'notifications');
    expect(
      codeOf(await t.gql(CREATE, { n: { userId: bob.id, title: 'Hi', description: 'x' } }, { token: alice.token })),
    ).toBe('UNAUTHORIZED');
    expect(
      codeOf(
        await t.gql(
          CREATE,
          { n: { title: 'Hi', description: 'x', url: 'https://evil.example' } },
          { token: alice.token },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:NOT_AN_APP_PATH');
    expect(
      codeOf(
        await t.gql(
          CREATE,
          { n: { title: 'Hi', description: 'x', url: 'javascript:alert(1)' } },
          { token: alice.token },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:NOT_AN_APP_PATH');
    expect(
      codeOf(
        await t.gql(CREATE, { n: { title: '<img src=x onerror=alert(1)>', description: 'x' } }, { token: alice.token }),
      ),
    ).toBe('INVALID_PARAMETERS:INVALID_CHARACTERS');
    expect(
      codeOf(await t.gql(CREATE, { n: { title: 'Hi', description: 'x'.repeat(1001) } }, { token: alice.token })),
    ).toBe('INVALID_PARAMETERS:TOO_LONG');
    expect(
      codeOf(
        await t.gql(
          CREATE,
          { n: { userId: crypto.randomUUID(), title: 'Hi', description: 'x' } },
          { token: operator.token },
        ),
      ),
    ).toBe('USER_NOT_FOUND');
    expect(await countRows(t.db, 'notifications')).toBe(before);
    const ok = await t.gql(
      CREATE,
      { n: { userId: bob.id, title: 'Wartung', description: 'Heute Abend' } },
      { token: operator.token },
    );
    expect(ok.body.data.createNotification.title).toBe('Wartung');
    expect((await t.gql(UNREAD, {}, { token: bob.token })).body.data.getNotificationsForLoggedinUser).toHaveLength(1);
  });

  it('needs a login', async () => {
    expect(codeOf(await t.gql(UNREAD))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.gql(MARK, { id: 'x' }))).toBe('UNAUTHENTICATED');
  });
});
