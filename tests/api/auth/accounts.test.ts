import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companies, outboxMails, users } from '../../../db/schema';
import { createSmtpTransport } from '../../../api/infra/mail/mail.transport';
import { runJobsOnce } from '../../../api/compose/run-jobs';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { countRows, makeCompany, makeUser } from '../../support/factories';
import { decodeRaw, linkIn, startSmtpServer } from '../../support/smtp';

const REGISTER = 'mutation($i:RegisterCompanyInput!){registerCompany(input:$i){status message}}';
const ACTIVATE = 'mutation($i:UserActivationInput!){updateUserOnActivation(input:$i){status message}}';
const SEND_RESET = 'mutation($e:String!){sendPasswordResetEmail(email:$e){status message}}';
const RESET = 'mutation($p:String!,$t:String!){resetPassword(newPassword:$p,passwordResetToken:$t){status message}}';
const CHANGE = 'mutation($o:String!,$n:String!){changePassword(oldPassword:$o,newPassword:$n){status message}}';
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('registration, confirmation, password reset and change, with mails over real SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    t.close();
    await smtp.close();
  });

  const input = async (over: Record<string, unknown> = {}) => ({
    companyName: 'Müller & Söhne Marktforschung',
    firstName: 'Jürgen',
    lastName: "O'Brien",
    email: 'Juergen@Mueller.example',
    password: await t.encrypt('lange-geheime-phrase'),
    termsAccepted: true,
    locale: 'de',
    ...over,
  });

  /** sendPasswordResetEmail answers first; its job builds and sends the mail. */
  const sendReset = async (email: string) => {
    const res = await t.gql(SEND_RESET, { e: email });
    await runJobsUntilIdle(t.deps);
    return res;
  };

  it('registerCompany creates a PENDING company and its NOT_ACTIVATED owner, and mails the confirmation link over SMTP', async () => {
    const sent = smtp.received.length;
    const res = await t.gql(REGISTER, { i: await input() });
    expect(res.body.data.registerCompany.status).toBe('SUCCESS');
    const user = await t.db.select().from(users).where(eq(users.email, 'juergen@mueller.example')).get();
    expect(user).toMatchObject({
      accessLevel: 'ADMIN',
      status: 'NOT_ACTIVATED',
      hasAcceptedTerms: true,
      lastName: "O'Brien",
    });
    const company = await t.db.select().from(companies).where(eq(companies.id, user!.companyId!)).get();
    expect(company).toMatchObject({ status: 'PENDING', name: 'Müller & Söhne Marktforschung', ownerId: user!.id });

    const mail = await smtp.waitFor('juergen@mueller.example', sent);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?Q\?Best=C3=A4tigen|Subject: Bestätigen/);
    // Nobody confirmed the address yet: nothing the caller typed (names, organisation) is in the mail.
    expect(decodeRaw(mail.raw)).not.toMatch(/Jürgen|Müller|Söhne|Brien/);
    // The mail server has the mail the moment it is sent; the outbox row is marked just after, so wait for it.
    await vi.waitFor(async () => {
      const outbox = await t.db.select().from(outboxMails).where(eq(outboxMails.to, 'juergen@mueller.example')).get();
      expect(outbox).toMatchObject({ status: 'SENT', attempts: 1, locale: 'de', template: 'registrationConfirmation' });
    });

    // Not confirmed yet: the right password still cannot log in.
    expect(codeOf(await t.login('juergen@mueller.example', 'lange-geheime-phrase'))).toBe('USER_NOT_ACTIVATED');
    const link = linkIn(mail.raw, '/create-account');
    expect(link).toContain('type=confirmation');
    const confirmed = await t.gql(ACTIVATE, { i: { token: tokenOf(link) } });
    expect(confirmed.body.data.updateUserOnActivation.status).toBe('SUCCESS');
    // Confirmed, but the organisation waits for an operator.
    expect(codeOf(await t.login('juergen@mueller.example', 'lange-geheime-phrase'))).toBe('COMPANY_NOT_ACTIVATED');
    // The link works once.
    expect(codeOf(await t.gql(ACTIVATE, { i: { token: tokenOf(link) } }))).toBe('TOKEN_NOT_FOUND');
  });

  it('refuses bad registrations with a code and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ companyName: 'x'.repeat(101) }, 'INVALID_PARAMETERS:TOO_LONG'],
      [{ companyName: '<script>alert(1)</script>' }, 'INVALID_PARAMETERS:INVALID_CHARACTERS'],
      [{ firstName: "Robert'); DROP TABLE users;--" }, 'INVALID_PARAMETERS:INVALID_CHARACTERS'],
      [{ lastName: "x' OR '1'='1" }, 'INVALID_PARAMETERS:INVALID_CHARACTERS'],
      [{ lastName: '   ' }, 'INCOMPLETE_INPUT'],
      [{ email: 'not-an-email' }, 'INVALID_PARAMETERS:INVALID_EMAIL'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'INVALID_PARAMETERS:INVALID_EMAIL'],
      [{ termsAccepted: false }, 'INCOMPLETE_INPUT'],
      [{ password: 'plain-text-password' }, 'PASSWORD_NOT_ENCRYPTED'],
    ];
    const before = {
      c: await countRows(t.db, 'companies'),
      u: await countRows(t.db, 'users'),
      m: await countRows(t.db, 'outbox_mails'),
    };
    for (const [over, code] of cases) {
      const res = await t.gql(REGISTER, { i: await input({ email: 'new@fresh.example', ...over }) });
      expect(codeOf(res), JSON.stringify(over)).toBe(code);
      expect(res.body.errors![0]!.message.length).toBeGreaterThan(5);
    }
    const short = await t.gql(REGISTER, {
      i: await input({ email: 'new@fresh.example', password: await t.encrypt('short') }),
    });
    expect(codeOf(short)).toBe('PASSWORD_TOO_SHORT');
    expect({
      c: await countRows(t.db, 'companies'),
      u: await countRows(t.db, 'users'),
      m: await countRows(t.db, 'outbox_mails'),
    }).toEqual(before);
  });

  it('sendPasswordResetEmail answers the same for unknown addresses and mails a single-use link to known ones', async () => {
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid, locale: 'en' });
    const oldSession = await t.tokenFor(u.email, u.password);
    const sentBefore = smtp.received.length;
    const unknown = await sendReset('ghost@nowhere.example');
    const known = await sendReset(u.email.toUpperCase());
    expect(unknown.body).toEqual(known.body);
    expect(smtp.received.length).toBe(sentBefore + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([u.email]);
    expect(mail.raw).toContain('Subject: Reset your password');
    const token = tokenOf(linkIn(mail.raw, '/new-password'));

    expect(codeOf(await t.gql(RESET, { p: await t.encrypt('short'), t: token }))).toBe('PASSWORD_TOO_SHORT');
    expect(
      (await t.gql(RESET, { p: await t.encrypt('brand-new-secret'), t: token })).body.data.resetPassword.status,
    ).toBe('SUCCESS');
    expect(codeOf(await t.gql(RESET, { p: await t.encrypt('another-secret'), t: token }))).toBe('TOKEN_NOT_FOUND');
    expect(codeOf(await t.gql('{me{user{id}}}', {}, { token: oldSession }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.login(u.email, u.password))).toBe('AUTHENTICATION_FAILED');
    expect((await t.login(u.email, 'brand-new-secret')).body.data.login.accessToken).toBeTruthy();
  });

  it('a reset link expires (RESET_TOKEN_EXPIRED), a newer one replaces it, and forged tokens are TOKEN_NOT_FOUND', async () => {
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    await sendReset(u.email);
    const first = tokenOf(linkIn(smtp.received.at(-1)!.raw, '/new-password'));
    await sendReset(u.email);
    const second = tokenOf(linkIn(smtp.received.at(-1)!.raw, '/new-password'));
    expect(codeOf(await t.gql(RESET, { p: await t.encrypt('brand-new-secret'), t: first }))).toBe('TOKEN_NOT_FOUND');
    t.clock.advance(2 * 3600_000 + 1000);
    expect(codeOf(await t.gql(RESET, { p: await t.encrypt('brand-new-secret'), t: second }))).toBe(
      'RESET_TOKEN_EXPIRED',
    );
    t.clock.set('2026-11-21T09:00:00.000Z');
    expect(codeOf(await t.gql(RESET, { p: await t.encrypt('brand-new-secret'), t: 'a'.repeat(43) }))).toBe(
      'TOKEN_NOT_FOUND',
    );
    expect(codeOf(await t.gql(RESET, { p: await t.encrypt('brand-new-secret'), t: "' OR 1=1 --" }))).toBe(
      'TOKEN_NOT_FOUND',
    );
  });

  it('changePassword needs the right old password, keeps this session and ends the others', async () => {
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const here = await t.tokenFor(u.email, u.password);
    const elsewhere = await t.tokenFor(u.email, u.password);
    const wrong = await t.gql(
      CHANGE,
      { o: await t.encrypt('not-my-password'), n: await t.encrypt('new-password-1') },
      { token: here },
    );
    expect(codeOf(wrong)).toBe('OLD_PASSWORDS_DONT_MATCH');
    expect(wrong.body.errors![0]!.message).toBe('Das aktuelle Passwort ist falsch');
    const en = await t.gql(
      CHANGE,
      { o: await t.encrypt('not-my-password'), n: await t.encrypt('new-password-1') },
      { token: here, headers: { 'accept-language': 'en-GB,en;q=0.9' } },
    );
    expect(en.body.errors![0]!.message).toBe('Old password is wrong');
    expect(
      codeOf(await t.gql(CHANGE, { o: await t.encrypt(u.password), n: await t.encrypt('1234567') }, { token: here })),
    ).toBe('PASSWORD_TOO_SHORT');
    expect(codeOf(await t.gql(CHANGE, { o: await t.encrypt(u.password), n: await t.encrypt('new-password-1') }))).toBe(
      'UNAUTHENTICATED',
    );
    const ok = await t.gql(
      CHANGE,
      { o: await t.encrypt(u.password), n: await t.encrypt('new-password-1') },
      { token: here },
    );
    expect(ok.body.data.changePassword.status).toBe('SUCCESS');
    expect((await t.gql('{me{user{id}}}', {}, { token: here })).status).toBe(200);
    expect(codeOf(await t.gql('{me{user{id}}}', {}, { token: elsewhere }))).toBe('UNAUTHENTICATED');
    expect((await t.login(u.email, 'new-password-1')).body.data.login).toBeTruthy();
  });

  it('an invited user sets a password on /create-account and can log in; the link works once', async () => {
    const cid = await makeCompany(t.db);
    const invited = await makeUser(t.db, t.deps.appSecret, { companyId: cid, status: 'PENDING', password: null });
    const { sha256Hex, randomToken } = await import('../../../api/lib/crypto');
    const token = randomToken();
    await t.db.run(
      sql`insert into auth_tokens (id, token_hash, user_id, purpose, created_at, expires_at) values (${crypto.randomUUID()}, ${sha256Hex(token)}, ${invited.id}, 'INVITATION', '2026-11-21T08:00:00.000Z', '2026-11-24T08:00:00.000Z')`,
    );
    expect(codeOf(await t.gql(ACTIVATE, { i: { token } }))).toBe('INCOMPLETE_INPUT');
    expect(
      (await t.gql(ACTIVATE, { i: { token, password: await t.encrypt('my-first-password') } })).body.data
        .updateUserOnActivation.status,
    ).toBe('SUCCESS');
    expect((await t.login(invited.email, 'my-first-password')).body.data.login.accessLevel).toBe('EMPLOYEE');
    expect(codeOf(await t.gql(ACTIVATE, { i: { token, password: await t.encrypt('my-second-password') } }))).toBe(
      'TOKEN_NOT_FOUND',
    );
  });
});

describe('the mail outbox when SMTP is down', () => {
  it('keeps the mail PENDING with the error, and the job delivers it once SMTP is back', async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    const t = await createTestApp({ mailTransport: createSmtpTransport(`smtp://127.0.0.1:${port}`) });
    try {
      const cid = await makeCompany(t.db);
      const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
      expect((await t.gql(SEND_RESET, { e: u.email })).body.data.sendPasswordResetEmail.status).toBe('SUCCESS');
      await runJobsUntilIdle(t.deps);
      const row = await t.db.select().from(outboxMails).where(eq(outboxMails.to, u.email)).get();
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(row!.lastError).toBeTruthy();

      const { SMTPServer } = await import('smtp-server');
      const got: string[] = [];
      const again = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData: (s, session, cb) => {
          s.resume();
          s.on('end', () => {
            got.push(session.envelope.rcptTo[0]!.address);
            cb();
          });
        },
      });
      await new Promise<void>((r) => again.listen(port, '127.0.0.1', r));
      expect((await runJobsOnce(t.deps)).mailsSent).toBe(1);
      expect(got).toEqual([u.email]);
      expect((await t.db.select().from(outboxMails).where(eq(outboxMails.to, u.email)).get())!.status).toBe('SENT');
      expect((await runJobsOnce(t.deps)).mailsSent).toBe(0);
      await new Promise<void>((r) => again.close(() => r()));
    } finally {
      t.close();
    }
  });
});
