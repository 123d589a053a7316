// Guesses sent all at once against a real server process (api/server.ts on 127.0.0.1): each burst is
// fired with Promise.all, and the answers show how many guesses the server actually checked. Before
// the attempt was counted ahead of the work, all 200 were checked and the last, right one got in.
// The server trusts one proxy hop (TRUST_PROXY_HOPS=1), so each test speaks from its own client
// address through X-Forwarded-For, as clients behind a reverse proxy do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { ATTEMPT_RULES } from '../../../api/modules/attempts';
import { DEVICE_COOKIE } from '../../../api/modules/auth/device-cookie';
import { encryptPassword } from '../../../api/modules/auth/password-encryption';
import { hashPassword } from '../../../api/lib/password-hash';
import { silentLogger } from '../../../api/lib/logger';
import { datafileReports, datafiles } from '../../../db/schema';
import { makeCompany, makeUser } from '../../support/factories';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const LOGIN = 'mutation($e:String!,$p:String!){login(email:$e,password:$p){accessToken}}';
const CHANGE = 'mutation($o:String!,$n:String!){changePassword(oldPassword:$o,newPassword:$n){status}}';
const REPORT = 'query($id:ID!,$p:String){getDatafileReport(datafileId:$id,password:$p){access}}';
const RESET = 'mutation($e:String!){sendPasswordResetEmail(email:$e){status}}';
const REGISTER = 'mutation($i:RegisterCompanyInput!){registerCompany(input:$i){status}}';

type Answer = { status: number; code: string | undefined; data: any; setCookie: string[] };

let dir: string;
let deps: Deps;
let server: ServerProcess;
let companyId: string;
let address = 0;

/** A client address of its own for each burst (the documentation range 203.0.113.0/24). */
const nextAddress = () => `203.0.113.${++address}`;

async function post(
  query: string,
  variables: Record<string, unknown>,
  from: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: { extensions: { code: string } }[] };
  return {
    status: res.status,
    code: body.errors?.[0]?.extensions.code,
    data: body.data,
    setCookie: res.headers.getSetCookie(),
  };
}

const encrypt = (password: string) => encryptPassword(deps.passwordKeys.publicKeyPem, password);
const count = (answers: Answer[], code: string | undefined) => answers.filter((a) => a.code === code).length;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-attempts-'));
  const env = { DATABASE_URL: `file:${join(dir, 'app.db')}`, STORAGE_DIR: join(dir, 'storage'), TRUST_PROXY_HOPS: '1' };
  deps = await createDeps(readEnv({ NODE_ENV: 'test', JOB_INTERVAL_MINUTES: '0', ...env }), { log: silentLogger });
  // Written before the server starts, so its demo seed (new databases only) stays out.
  companyId = await makeCompany(deps.db);
  await makeUser(deps.db, deps.appSecret, { companyId, accessLevel: 'ADMIN', owner: true });
  server = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  deps?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('login under a burst of guesses', () => {
  it('checks at most 5 of 200 guesses at one account sent at once; the right one, sent last, does not get in', async () => {
    const u = await makeUser(deps.db, deps.appSecret, { companyId });
    const from = nextAddress();
    const wrong = await Promise.all(Array.from({ length: 199 }, (_, i) => encrypt(`wrong-guess-${i}`)));
    const guesses = [...wrong, await encrypt(u.password)];
    const answers = await Promise.all(guesses.map((p) => post(LOGIN, { e: u.email, p }, from)));

    const checked = count(answers, 'AUTHENTICATION_FAILED') + answers.filter((a) => a.data?.login).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(ATTEMPT_RULES.loginAccount.limit);
    expect(count(answers, 'TOO_MANY_ATTEMPTS')).toBe(200 - checked);
    expect(answers.filter((a) => a.code === 'TOO_MANY_ATTEMPTS').every((a) => a.status === 429)).toBe(true);
    expect(answers.at(-1)!.code).toBe('TOO_MANY_ATTEMPTS');
    // The account is locked for everyone without this browser's cookie, from any address.
    expect((await post(LOGIN, { e: u.email, p: await encrypt(u.password) }, nextAddress())).code).toBe(
      'TOO_MANY_ATTEMPTS',
    );
  });

  it("does not lock the owner's own browser: a login with its device cookie gets in while strangers are locked out", async () => {
    const u = await makeUser(deps.db, deps.appSecret, { companyId });
    const home = nextAddress();
    const first = await post(LOGIN, { e: u.email, p: await encrypt(u.password) }, home);
    expect(first.data.login.accessToken).toBeTruthy();
    const cookie = first.setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const device = { cookie: cookie.split(';')[0]! };

    const attacker = nextAddress();
    const wrong = await Promise.all(Array.from({ length: 100 }, (_, i) => encrypt(`attack-${i}`)));
    await Promise.all(wrong.map((p) => post(LOGIN, { e: u.email, p }, attacker)));
    expect((await post(LOGIN, { e: u.email, p: await encrypt(u.password) }, home)).code).toBe('TOO_MANY_ATTEMPTS');

    const owner = await post(LOGIN, { e: u.email, p: await encrypt(u.password) }, home, device);
    expect(owner.data.login.accessToken).toBeTruthy();
    // The cookie is no master key: guesses with it are counted per device.
    const withCookie = await Promise.all(
      (await Promise.all(Array.from({ length: 40 }, (_, i) => encrypt(`cookie-guess-${i}`)))).map((p) =>
        post(LOGIN, { e: u.email, p }, nextAddress(), device),
      ),
    );
    expect(count(withCookie, 'AUTHENTICATION_FAILED')).toBeLessThanOrEqual(ATTEMPT_RULES.loginDevice.limit);
    expect(count(withCookie, 'TOO_MANY_ATTEMPTS')).toBeGreaterThanOrEqual(40 - ATTEMPT_RULES.loginDevice.limit);
  });

  it('checks at most 30 of 200 guesses at 200 accounts from one address', async () => {
    const from = nextAddress();
    const p = await encrypt('not-anybodys-password');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(LOGIN, { e: `guess-${i}@nowhere.example`, p }, from)),
    );
    const checked = count(answers, 'AUTHENTICATION_FAILED');
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(ATTEMPT_RULES.loginAddress.limit);
    expect(count(answers, 'TOO_MANY_ATTEMPTS')).toBe(200 - checked);
  });

  it('counts an IPv6 client as its /64: 200 guesses from 200 addresses of one line check at most 30', async () => {
    // The documentation prefix 2001:db8::/32; one /64 of it per burst, a fresh address per guess.
    const line = `2001:db8:${++address}:7`;
    const p = await encrypt('not-anybodys-password');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(LOGIN, { e: `v6-${address}-${i}@nowhere.example`, p }, `${line}:${(i + 1).toString(16)}::${i}`),
      ),
    );
    const checked = count(answers, 'AUTHENTICATION_FAILED');
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(ATTEMPT_RULES.loginAddress.limit);
    // Another line is another client.
    expect((await post(LOGIN, { e: 'other-line@nowhere.example', p }, `2001:db8:${address}:8::1`)).code).toBe(
      'AUTHENTICATION_FAILED',
    );
  });
});

describe('other guessable secrets under a burst', () => {
  it('changePassword checks at most 5 of 200 old passwords sent at once with one session; the right one, last, is refused', async () => {
    const u = await makeUser(deps.db, deps.appSecret, { companyId });
    const from = nextAddress();
    const token = (await post(LOGIN, { e: u.email, p: await encrypt(u.password) }, from)).data.login.accessToken;
    const n = await encrypt('brand-new-password');
    const olds = [
      ...(await Promise.all(Array.from({ length: 199 }, (_, i) => encrypt(`old-${i}`)))),
      await encrypt(u.password),
    ];
    const answers = await Promise.all(
      olds.map((o) => post(CHANGE, { o, n }, from, { authorization: `Bearer ${token}` })),
    );
    const checked = count(answers, 'OLD_PASSWORDS_DONT_MATCH') + answers.filter((a) => a.data?.changePassword).length;
    expect(checked).toBeLessThanOrEqual(ATTEMPT_RULES.changePassword.limit);
    expect(count(answers, 'TOO_MANY_ATTEMPTS')).toBe(200 - checked);
    expect(answers.at(-1)!.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('a protected public report checks at most 5 of 100 passwords sent at once from one address; the right one, last, does not open it', async () => {
    const owner = await makeUser(deps.db, deps.appSecret, { companyId, accessLevel: 'ADMIN' });
    const datafileId = crypto.randomUUID();
    const now = new Date().toISOString();
    await deps.db.insert(datafiles).values({
      id: datafileId,
      companyId,
      ownerId: owner.id,
      title: 'Protected',
      importType: 'MANUAL',
      status: 'READY',
      createdAt: now,
    });
    await deps.db.insert(datafileReports).values({
      datafileId,
      passwordProtected: true,
      passwordHash: await hashPassword('Bericht-2026'),
      isPublished: true,
      updatedAt: now,
    });
    const from = nextAddress();
    const guesses = [...Array.from({ length: 99 }, (_, i) => `guess-${i}-xx`), 'Bericht-2026'];
    const answers = await Promise.all(guesses.map((p) => post(REPORT, { id: datafileId, p }, from)));
    const checked =
      count(answers, 'REPORT_PASSWORD_INCORRECT') + answers.filter((a) => a.data?.getDatafileReport).length;
    expect(checked).toBeLessThanOrEqual(ATTEMPT_RULES.reportAddress.limit);
    expect(count(answers, 'TOO_MANY_ATTEMPTS')).toBe(100 - checked);
    expect(answers.at(-1)!.code).toBe('TOO_MANY_ATTEMPTS');
    // Another address with the right password passes the gate (the datafile has no cleaning yet).
    expect(
      (await post(REPORT, { id: datafileId, p: 'Bericht-2026' }, nextAddress())).data.getDatafileReport.access,
    ).toBe('NOT_CLEANED');
  });
});

describe('mails strangers can ask for, under a flood', () => {
  it('150 reset requests for one address at once queue at most 5 mails', async () => {
    const u = await makeUser(deps.db, deps.appSecret, { companyId });
    const answers = await Promise.all(Array.from({ length: 150 }, () => post(RESET, { e: u.email }, nextAddress())));
    const queued = answers.filter((a) => a.data?.sendPasswordResetEmail?.status === 'SUCCESS').length;
    expect(queued).toBeLessThanOrEqual(ATTEMPT_RULES.mailRecipient.limit);
    expect(count(answers, 'TOO_MANY_ATTEMPTS')).toBe(150 - queued);
    const jobs = await deps.db.all<{ n: number }>(
      sql`select count(*) as n from jobs where kind = 'auth.password-reset' and payload like ${`%${u.email}%`}`,
    );
    expect(Number(jobs[0]!.n)).toBe(queued);
  });

  it('25 registrations from one address at once mail at most 10 strangers, and nothing the caller typed', async () => {
    const from = nextAddress();
    const password = await encrypt('a-long-enough-password');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post(
          REGISTER,
          {
            i: {
              companyName: 'Win a prize now',
              firstName: 'Click',
              lastName: 'Here',
              email: `victim-${i}@flood.example`,
              password,
              termsAccepted: true,
            },
          },
          from,
        ),
      ),
    );
    const accepted = answers.filter((a) => a.data?.registerCompany?.status === 'SUCCESS').length;
    expect(accepted).toBeLessThanOrEqual(ATTEMPT_RULES.registerAddress.limit);
    expect(count(answers, 'TOO_MANY_ATTEMPTS')).toBe(25 - accepted);
    const mails = await deps.db.all<{ n: number }>(
      sql`select count(*) as n from outbox_mails where "to" like '%@flood.example'`,
    );
    expect(Number(mails[0]!.n)).toBe(accepted);
    const subjects = await deps.db.all<{ subject: string }>(
      sql`select subject from outbox_mails where "to" like '%@flood.example'`,
    );
    expect(subjects.every((m) => !/prize|Click|Here/.test(m.subject))).toBe(true);
  });
});
