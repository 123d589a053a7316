import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datafiles, outboxMails, users } from '../../../db/schema';
import { createSmtpTransport } from '../../../api/infra/mail/mail.transport';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { countRows, makeCompany, makeUser } from '../../support/factories';
import { linkIn, startSmtpServer } from '../../support/smtp';

const INVITE = 'mutation($u:NewUserInput!,$c:ID!){inviteUserForSpecificCompany(newUser:$u,companyId:$c){status}}';
const UPDATE = 'mutation($i:UpdateUserInput!){updateUser(userToUpdate:$i){status}}';
const DELETE = 'mutation($u:ID!){deleteUser(userId:$u){status}}';
const RESEND = 'mutation($u:ID!){resendUserInvitation(userId:$u){status}}';
const ACTIVATE = 'mutation($i:UserActivationInput!){updateUserOnActivation(input:$i){status}}';
const AVATAR = 'query($k:String!,$u:ID!){getUserAvatarUploadURL(imageKey:$k,userId:$u){signedUrl imageUrl expiresAt}}';
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 10, 73, 68, 65, 84, 120, 156, 99, 0, 1, 0, 0, 5, 0, 1, 13, 10, 45, 180, 0, 0, 0, 0,
  73, 69, 78, 68, 174, 66, 96, 130,
]);

describe('user management with invitation mails over real SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId: string;
  let owner: Awaited<ReturnType<typeof makeUser>> & { token: string };
  let colleague: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    companyId = await makeCompany(t.db, { name: 'Acme Research' });
    const o = await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN', owner: true });
    owner = { ...o, token: await t.tokenFor(o.email, o.password) };
    colleague = await makeUser(t.db, t.deps.appSecret, { companyId });
  });
  afterAll(async () => {
    t.close();
    await smtp.close();
  });

  it('an invitation mails a single-use link; the invitee sets a password, becomes ACTIVATED and logs in', async () => {
    const res = await t.gql(
      INVITE,
      {
        c: companyId,
        u: { firstName: 'Ina', lastName: 'Neu', email: 'Ina.Neu@Acme.example', enableAdminAccess: true },
      },
      { token: owner.token },
    );
    expect(res.body.data.inviteUserForSpecificCompany.status).toBe('SUCCESS');
    const invitee = (await t.db.select().from(users).where(eq(users.email, 'ina.neu@acme.example')).get())!;
    expect(invitee).toMatchObject({ status: 'PENDING', accessLevel: 'ADMIN', passwordHash: null });
    const link = linkIn(smtp.received.at(-1)!.raw, '/create-account');
    expect(link).toContain('type=invitation');
    const token = new URL(link).searchParams.get('token')!;
    expect(
      (await t.gql(ACTIVATE, { i: { token, password: await t.encrypt('invited-secret') } })).body.data
        .updateUserOnActivation.status,
    ).toBe('SUCCESS');
    expect((await t.login('ina.neu@acme.example', 'invited-secret')).body.data.login.accessLevel).toBe('ADMIN');
    expect(codeOf(await t.gql(ACTIVATE, { i: { token, password: await t.encrypt('again-secret') } }))).toBe(
      'TOKEN_NOT_FOUND',
    );
  });

  it('refuses an existing address, bad names and bad emails, and writes nothing', async () => {
    const before = await countRows(t.db, 'users');
    for (const [u, code] of [
      [{ firstName: 'A', lastName: 'B', email: colleague.email.toUpperCase() }, 'USER_ALREADY_EXISTING'],
      [{ firstName: '', lastName: 'B', email: 'x@acme.example' }, 'INCOMPLETE_INPUT'],
      [{ firstName: '<i>A</i>', lastName: 'B', email: 'x@acme.example' }, 'INVALID_PARAMETERS:INVALID_CHARACTERS'],
      [{ firstName: 'A', lastName: 'B', email: 'no-at-sign' }, 'INVALID_PARAMETERS:INVALID_EMAIL'],
    ] as const) {
      expect(codeOf(await t.gql(INVITE, { c: companyId, u }, { token: owner.token })), JSON.stringify(u)).toBe(code);
    }
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('resending invalidates the previous link; deleting the invitation invalidates it too', async () => {
    await t.gql(
      INVITE,
      { c: companyId, u: { firstName: 'Paul', lastName: 'Pending', email: 'paul@acme.example' } },
      { token: owner.token },
    );
    const first = new URL(linkIn(smtp.received.at(-1)!.raw, '/create-account')).searchParams.get('token')!;
    const paul = (await t.db.select().from(users).where(eq(users.email, 'paul@acme.example')).get())!;
    expect((await t.gql(RESEND, { u: paul.id }, { token: owner.token })).body.data.resendUserInvitation.status).toBe(
      'SUCCESS',
    );
    const second = new URL(linkIn(smtp.received.at(-1)!.raw, '/create-account')).searchParams.get('token')!;
    expect(codeOf(await t.gql(ACTIVATE, { i: { token: first, password: await t.encrypt('long-enough') } }))).toBe(
      'TOKEN_NOT_FOUND',
    );
    expect((await t.gql(DELETE, { u: paul.id }, { token: owner.token })).body.data.deleteUser.status).toBe('SUCCESS');
    expect(codeOf(await t.gql(ACTIVATE, { i: { token: second, password: await t.encrypt('long-enough') } }))).toBe(
      'TOKEN_NOT_FOUND',
    );
    expect(codeOf(await t.gql(RESEND, { u: colleague.id }, { token: owner.token }))).toBe('USER_ALREADY_ACTIVATED');
  });

  it('the owner keeps admin access and cannot be deleted; nobody changes their own access or deletes themselves', async () => {
    const admin2 = await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN' });
    const token2 = await t.tokenFor(admin2.email, admin2.password);
    expect(
      codeOf(
        await t.gql(
          UPDATE,
          { i: { userId: owner.id, name: { first: 'O', last: 'W' }, accessLevel: 'EMPLOYEE' } },
          { token: token2 },
        ),
      ),
    ).toBe('UNAUTHORIZED:OWNER_KEEPS_ADMIN');
    expect(codeOf(await t.gql(DELETE, { u: owner.id }, { token: token2 }))).toBe(
      'UNAUTHORIZED:OWNER_CANNOT_BE_DELETED',
    );
    expect(
      codeOf(
        await t.gql(
          UPDATE,
          { i: { userId: admin2.id, name: { first: 'Me', last: 'Myself' }, accessLevel: 'EMPLOYEE' } },
          { token: token2 },
        ),
      ),
    ).toBe('UNAUTHORIZED:OWN_CARD');
    expect(codeOf(await t.gql(DELETE, { u: admin2.id }, { token: token2 }))).toBe('UNAUTHORIZED:OWN_CARD');
    // Names on one's own card are fine (the edit profile overlay).
    expect(
      (await t.gql(UPDATE, { i: { userId: admin2.id, name: { first: 'Anna', last: 'Zweit' } } }, { token: token2 }))
        .body.data.updateUser.status,
    ).toBe('SUCCESS');
    // Granting and removing admin access on someone else.
    expect(
      (
        await t.gql(
          UPDATE,
          { i: { userId: colleague.id, name: { first: 'Col', last: 'League' }, accessLevel: 'ADMIN' } },
          { token: owner.token },
        )
      ).body.data.updateUser.status,
    ).toBe('SUCCESS');
    expect((await t.db.select().from(users).where(eq(users.id, colleague.id)).get())!.accessLevel).toBe('ADMIN');
    await t.gql(
      UPDATE,
      { i: { userId: colleague.id, name: { first: 'Col', last: 'League' }, accessLevel: 'EMPLOYEE' } },
      { token: owner.token },
    );
    expect((await t.db.select().from(users).where(eq(users.id, colleague.id)).get())!.accessLevel).toBe('EMPLOYEE');
    expect(
      codeOf(
        await t.gql(
          UPDATE,
          { i: { userId: colleague.id, name: { first: '', last: 'League' } } },
          { token: owner.token },
        ),
      ),
    ).toBe('INCOMPLETE_INPUT');
  });

  it('deleting a user hands their datafiles to the owner and ends their sessions', async () => {
    const leaver = await makeUser(t.db, t.deps.appSecret, { companyId });
    const leaverToken = await t.tokenFor(leaver.email, leaver.password);
    await t.db.insert(datafiles).values({
      id: crypto.randomUUID(),
      companyId,
      ownerId: leaver.id,
      title: 'Leaver file',
      importType: 'MANUAL',
      status: 'READY',
      createdAt: new Date().toISOString(),
    });
    expect((await t.gql(DELETE, { u: leaver.id }, { token: owner.token })).body.data.deleteUser.status).toBe('SUCCESS');
    const files = await t.db.select().from(datafiles).where(eq(datafiles.title, 'Leaver file'));
    expect(files.map((f) => f.ownerId)).toEqual([owner.id]);
    expect(codeOf(await t.gql('{me{user{id}}}', {}, { token: leaverToken }))).toBe('UNAUTHENTICATED');
  });

  it("another company's users answer like missing ones", async () => {
    const other = await makeCompany(t.db);
    const stranger = await makeUser(t.db, t.deps.appSecret, { companyId: other, accessLevel: 'ADMIN' });
    const token = await t.tokenFor(stranger.email, stranger.password);
    for (const [q, v] of [
      ['query($u:ID!){getUser(userId:$u){id}}', { u: colleague.id }],
      [UPDATE, { i: { userId: colleague.id, name: { first: 'X', last: 'Y' } } }],
      [DELETE, { u: colleague.id }],
      [RESEND, { u: colleague.id }],
    ] as const) {
      expect(codeOf(await t.gql(q, v, { token }))).toBe('USER_NOT_FOUND');
    }
    expect(
      codeOf(
        await t.gql(INVITE, { c: companyId, u: { firstName: 'A', lastName: 'B', email: 'z@acme.example' } }, { token }),
      ),
    ).toBe('COMPANY_NOT_FOUND');
  });

  it('stores the Nfield password sealed and never returns it', async () => {
    await t.gql(
      'mutation($p:NipoIntegrationInput!){updateUserPreferenceForNipoIntegration(preferences:$p){status}}',
      { p: { username: 'nf', password: 'nf-secret', region: 'EU', domain: 'acme' } },
      { token: owner.token },
    );
    const raw = await t.db.all<{ nipo_password_sealed: string }>(
      sql`select nipo_password_sealed from user_preferences where user_id = ${owner.id}`,
    );
    expect(raw[0]!.nipo_password_sealed).not.toContain('nf-secret');
    const me = await t.gql(
      '{me{user{userPreferences{nipoIntegration{username password region domain}}}}}',
      {},
      { token: owner.token },
    );
    expect(me.body.data.me.user.userPreferences.nipoIntegration).toEqual({
      username: 'nf',
      password: '********',
      region: 'EU',
      domain: 'acme',
    });
    expect(
      codeOf(
        await t.gql(
          'mutation($p:NipoIntegrationInput!){updateUserPreferenceForNipoIntegration(preferences:$p){status}}',
          { p: { username: 'nf', password: '', region: 'EU', domain: 'acme' } },
          { token: owner.token },
        ),
      ),
    ).toBe('INCOMPLETE_INPUT');
  });

  it('avatars: a signed URL takes one image; forged, expired, non-image and oversized uploads are refused', async () => {
    const signed = (await t.gql(AVATAR, { k: 'me.png', u: owner.id }, { token: owner.token })).body.data
      .getUserAvatarUploadURL;
    // A path on the app: the browser resolves it against the origin its page came from.
    expect(signed.signedUrl).toMatch(/^\/files\/avatars\//);
    const path: string = signed.signedUrl;
    const put = (p: string, body: Uint8Array, type = 'image/png') =>
      t.app.request(p, {
        method: 'PUT',
        headers: { 'content-type': type },
        body: new Blob([body as Uint8Array<ArrayBuffer>]),
      });
    const refusal = async (res: Response) => ({
      status: res.status,
      ...((await res.json()) as any).errors[0].extensions,
    });
    expect(await refusal(await put(path.replace(/sig=[0-9a-f]{4}/, 'sig=0000'), PNG))).toEqual({
      status: 403,
      code: 'UNAUTHORIZED',
      reason: 'BAD_SIGNATURE',
    });
    expect(await refusal(await put(path.replace('/users/', '/companies/'), PNG))).toEqual({
      status: 403,
      code: 'UNAUTHORIZED',
      reason: 'BAD_SIGNATURE',
    });
    expect(await refusal(await put(path, new TextEncoder().encode('<svg onload=alert(1)>'), 'image/svg+xml'))).toEqual({
      status: 415,
      code: 'INVALID_PARAMETERS',
      reason: 'CONTENT_TYPE',
    });
    // Declared as PNG but not one: the bytes decide.
    expect(await refusal(await put(path, new TextEncoder().encode('<svg onload=alert(1)>')))).toEqual({
      status: 415,
      code: 'INVALID_PARAMETERS',
      reason: 'NOT_AN_IMAGE',
    });
    const tooLarge = await put(path, new Uint8Array(2 * 1024 * 1024 + 1));
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as any).errors[0]).toEqual({
      message: 'Die Datei ist größer als 2 MB: Wählen Sie eine kleinere.',
      extensions: { code: 'INVALID_PARAMETERS', reason: 'TOO_LARGE', maxMegabytes: 2 },
    });
    expect((await put(path, PNG)).status).toBe(200);
    const served = await t.app.request(signed.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(
      (
        await t.gql(
          UPDATE,
          { i: { userId: owner.id, name: { first: 'O', last: 'W' }, image: signed.imageUrl } },
          { token: owner.token },
        )
      ).body.data.updateUser.status,
    ).toBe('SUCCESS');
    expect(
      codeOf(
        await t.gql(
          UPDATE,
          { i: { userId: owner.id, name: { first: 'O', last: 'W' }, image: 'https://evil.example/x.png' } },
          { token: owner.token },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:NOT_AN_UPLOADED_AVATAR');
    expect(codeOf(await t.gql(AVATAR, { k: '../../etc/passwd', u: owner.id }, { token: owner.token }))).toBe(
      'INVALID_PARAMETERS:IMAGE_FILE_NAME',
    );
    expect(codeOf(await t.gql(AVATAR, { k: 'script.svg', u: owner.id }, { token: owner.token }))).toBe(
      'INVALID_PARAMETERS:IMAGE_FILE_NAME',
    );
    t.clock.advance(11 * 60_000);
    const late = (await t.gql(AVATAR, { k: 'late.png', u: owner.id }, { token: owner.token })).body.data
      .getUserAvatarUploadURL;
    t.clock.advance(11 * 60_000);
    const latePath: string = late.signedUrl;
    const expired = await put(latePath, PNG);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as any).errors[0].extensions).toEqual({
      code: 'UNAUTHORIZED',
      reason: 'URL_EXPIRED',
    });
  });
});

describe('an invitation when SMTP is down', () => {
  it('answers EMAIL_SENDING_FAILED and keeps the mail in the outbox for a retry', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const t = await createTestApp({ mailTransport: createSmtpTransport(smtp.url) });
    try {
      const cid = await makeCompany(t.db);
      const o = await makeUser(t.db, t.deps.appSecret, { companyId: cid, accessLevel: 'ADMIN', owner: true });
      const token = await t.tokenFor(o.email, o.password);
      const res = await t.gql(
        INVITE,
        { c: cid, u: { firstName: 'Sam', lastName: 'Later', email: 'sam@later.example' } },
        { token },
      );
      expect(codeOf(res)).toBe('EMAIL_SENDING_FAILED');
      const mail = await t.db.select().from(outboxMails).where(eq(outboxMails.to, 'sam@later.example')).get();
      expect(mail).toMatchObject({ status: 'PENDING', attempts: 1, template: 'invitation' });
    } finally {
      t.close();
    }
  });
});
