// Mails anyone can ask for without logging in: registration and password reset answer alike for
// known and unknown addresses, do the same work before answering, and their links do not lie
// around readable in the outbox table or the log.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { outboxMails, users } from '../../../db/schema';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { countRows, makeCompany, makeUser } from '../../support/factories';
import { decodeRaw, linkIn, startSmtpServer } from '../../support/smtp';

const REGISTER = 'mutation($i:RegisterCompanyInput!){registerCompany(input:$i){status message}}';
const SEND_RESET = 'mutation($e:String!){sendPasswordResetEmail(email:$e){status message}}';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('registration and reset answer alike, with mails over real SMTP', () => {
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

  const registration = async (email: string) => ({
    companyName: 'Neue Firma',
    firstName: 'Nina',
    lastName: 'Neu',
    email,
    password: await t.encrypt('lange-geheime-phrase'),
    termsAccepted: true,
  });

  it('registering a taken address answers like a new one, creates nothing and tells the owner instead', async () => {
    const cid = await makeCompany(t.db);
    const owner = await makeUser(t.db, t.deps.appSecret, { companyId: cid, locale: 'en' });
    const fresh = await t.gql(REGISTER, { i: await registration('fresh@new.example') });
    const before = { c: await countRows(t.db, 'companies'), u: await countRows(t.db, 'users') };
    const sent = smtp.received.length;
    const taken = await t.gql(REGISTER, { i: await registration(owner.email.toUpperCase()) });

    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect({ c: await countRows(t.db, 'companies'), u: await countRows(t.db, 'users') }).toEqual(before);
    const notice = await smtp.waitFor(owner.email, sent);
    expect(notice.raw).toContain('Subject: Registration with your email address');
    // No token: the notice points to the reset page, and carries nothing the caller typed.
    expect(decodeRaw(notice.raw)).toContain('http://app.test/forgot-password');
    expect(decodeRaw(notice.raw)).not.toMatch(/token=|Neue Firma|Nina/);
  });

  it('a reset request does the same work for a known and an unknown address: one queued job, no token, no mail yet', async () => {
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const rows = async () => ({
      jobs: await countRows(t.db, 'jobs'),
      tokens: await countRows(t.db, 'auth_tokens'),
      mails: await countRows(t.db, 'outbox_mails'),
    });
    const start = await rows();
    const known = await t.gql(SEND_RESET, { e: u.email });
    const afterKnown = await rows();
    const unknown = await t.gql(SEND_RESET, { e: 'ghost@nowhere.example' });
    const afterUnknown = await rows();
    expect(known.body).toEqual(unknown.body);
    expect(afterKnown).toEqual({ ...start, jobs: start.jobs + 1 });
    expect(afterUnknown).toEqual({ ...afterKnown, jobs: afterKnown.jobs + 1 });

    const sent = smtp.received.length;
    await runJobsUntilIdle(t.deps);
    expect((await smtp.waitFor(u.email, sent)).to).toEqual([u.email]);
    expect(smtp.received.slice(sent).some((m) => m.to.includes('ghost@nowhere.example'))).toBe(false);
  });

  it(
    'answers a known and an unknown address in about the same time (a known one no slower than 1.5x)',
    { retry: 2 },
    async () => {
      const cid = await makeCompany(t.db);
      // A new known address each round, like the unknown ones (both sides start a new per-recipient
      // counter), all made before the measurement (a request right after a write is slower); the
      // order alternates, so each side is first in half the rounds.
      const ROUNDS = 40;
      const emails: string[] = [];
      for (let i = 0; i < ROUNDS; i++) emails.push((await makeUser(t.db, t.deps.appSecret, { companyId: cid })).email);
      const known: number[] = [];
      const unknown: number[] = [];
      const timed = async (email: string, into: number[]) => {
        const t0 = performance.now();
        await t.gql(SEND_RESET, { e: email });
        into.push(performance.now() - t0);
      };
      for (let i = 0; i < ROUNDS; i++) {
        // Each round in a new hour, so the per-address limit stays out of the measurement.
        t.clock.advance(3600_000 + 1000);
        if (i % 2 === 0) {
          await timed(emails[i]!, known);
          await timed(`ghost-${i}@nowhere.example`, unknown);
        } else {
          await timed(`ghost-${i}@nowhere.example`, unknown);
          await timed(emails[i]!, known);
        }
      }
      t.clock.set('2026-11-21T09:00:00.000Z');
      // Before the change a known address took about twice as long as an unknown one. Only that side is
      // held: the request path is the same code for both, and a bound below (known faster) failed one
      // run in three on the shared machine with nothing but noise behind it. Each round's two requests
      // run back to back, so the median of the rounds' ratios cancels the load bursts a busy machine
      // puts into single requests (a CI run beside other work once saw medians of 4.1 against 1.3 ms);
      // a real difference of 2x shows in every round and in every retry.
      const ratio = median(known.map((k, i) => k / unknown[i]!));
      expect(ratio, `known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`).toBeLessThan(1.5);
    },
  );

  it('keeps the reset link sealed in the outbox and empties the body once the mail is sent', async () => {
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    await t.db.update(users).set({ hasConfirmedEmail: false }).where(eq(users.id, u.id));
    const sent = smtp.received.length;
    await t.gql(SEND_RESET, { e: u.email });
    await runJobsUntilIdle(t.deps);
    const mail = await smtp.waitFor(u.email, sent);
    expect(linkIn(mail.raw, '/new-password')).toMatch(/token=/);
    // The address was never confirmed: the greeting names nobody.
    expect(decodeRaw(mail.raw)).toContain('Guten Tag,');
    const row = await t.db.select().from(outboxMails).where(eq(outboxMails.to, u.email)).get();
    expect(row).toMatchObject({ status: 'SENT', sealed: true, text: '', html: '' });
  });
});

describe('a reset link without SMTP', () => {
  it('is stored sealed and never printed, except on a development machine', async () => {
    for (const nodeEnv of ['test', 'development'] as const) {
      const t = await createTestApp({ env: { NODE_ENV: nodeEnv } });
      try {
        const cid = await makeCompany(t.db);
        const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
        await t.gql(SEND_RESET, { e: u.email });
        await runJobsUntilIdle(t.deps);
        const row = (await t.db.select().from(outboxMails).where(eq(outboxMails.to, u.email)).get())!;
        expect(row).toMatchObject({ status: 'PENDING', sealed: true });
        expect(`${row.text}${row.html}`).not.toContain('token=');
        const logged = JSON.stringify(t.logged.filter((l) => l.msg.startsWith('mail')));
        expect(logged).toContain(u.email);
        if (nodeEnv === 'development') expect(logged).toContain('/new-password?token=');
        else expect(logged).not.toContain('token=');
      } finally {
        t.close();
      }
    }
  });
});

describe('limits of mails to one recipient', () => {
  it('refuses a sixth mail to one address within the hour (TOO_MANY_ATTEMPTS, HTTP 429) and tells when to retry', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 5; i++)
        expect((await t.gql(SEND_RESET, { e: 'someone@else.example' })).body.data.sendPasswordResetEmail.status).toBe(
          'SUCCESS',
        );
      const sixth = await t.gql(SEND_RESET, { e: 'someone@else.example' });
      expect(codeOf(sixth)).toBe('TOO_MANY_ATTEMPTS');
      expect(sixth.status).toBe(429);
      expect(sixth.body.errors![0]!.extensions.retryAfterSeconds).toBe(3600);
      // Another recipient from the same address is still served.
      expect(codeOf(await t.gql(SEND_RESET, { e: 'another@else.example' }))).toBeUndefined();
      expect(await t.db.all(sql`select 1 from jobs where kind = 'auth.password-reset'`)).toHaveLength(6);
    } finally {
      t.close();
    }
  });
});
