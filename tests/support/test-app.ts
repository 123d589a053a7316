import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../api/app';
import { createDeps, type Deps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { fixedClock } from '../../api/lib/clock';
import type { Logger } from '../../api/lib/logger';
import { encryptPassword } from '../../api/modules/auth/password-encryption';
import type { MailTransport } from '../../api/infra/mail/mail.transport';

export type GqlResponse = {
  status: number;
  body: { data?: any; errors?: { message: string; extensions: { code: string } & Record<string, unknown> }[] };
};

/**
 * A real app over a fresh libSQL file in a temporary folder, a settable clock and a collecting
 * logger. Call close() in afterAll/afterEach.
 */
export async function createTestApp(
  options: { now?: string; env?: Record<string, string>; mailTransport?: MailTransport; log?: Logger } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'sqp-test-'));
  const env = readEnv({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    PUBLIC_URL: 'http://app.test',
    JOB_INTERVAL_MINUTES: '0',
    STORAGE_DIR: join(dir, 'storage'),
    ...options.env,
  });
  const clock = fixedClock(options.now ?? '2026-11-21T09:00:00.000Z');
  const logged: { msg: string; data: unknown }[] = [];
  const log: Logger = {
    info: (msg, data) => logged.push({ msg, data }),
    error: (msg, data) => logged.push({ msg, data }),
  };
  const deps: Deps = await createDeps(env, {
    clock,
    log: options.log ?? log,
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
  });
  const { app, schema } = createApp(deps, { webDist: join(dir, 'no-web') });

  async function gql(
    query: string,
    variables: Record<string, unknown> = {},
    auth: { token?: string; apiKey?: string; headers?: Record<string, string> } = {},
  ): Promise<GqlResponse> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...auth.headers };
    if (auth.token) headers.authorization = `Bearer ${auth.token}`;
    if (auth.apiKey) headers['x-api-key'] = auth.apiKey;
    const res = await app.request('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return { status: res.status, body: (await res.json()) as GqlResponse['body'] };
  }

  const encrypt = (password: string) => encryptPassword(deps.passwordKeys.publicKeyPem, password);

  async function login(email: string, password: string, companyId?: string) {
    const res = await gql(
      'mutation($e:String!,$p:String!,$c:ID){login(email:$e,password:$p,companyId:$c){accessToken accessLevel expiresIn}}',
      { e: email, p: await encrypt(password), c: companyId ?? null },
    );
    return res;
  }

  async function tokenFor(email: string, password: string, companyId?: string): Promise<string> {
    const res = await login(email, password, companyId);
    if (!res.body.data?.login) throw new Error(`login failed: ${JSON.stringify(res.body.errors)}`);
    return res.body.data.login.accessToken as string;
  }

  return {
    app,
    schema,
    deps,
    db: deps.db,
    clock,
    logged,
    gql,
    encrypt,
    login,
    tokenFor,
    close: () => {
      deps.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The first error of a response as CODE, or CODE:REASON when the server says why (extensions.reason),
 * so a test of a refusal pins what the user is told to change, not only the code (undefined: no error).
 */
export const codeOf = (res: GqlResponse) => {
  const e = res.body.errors?.[0]?.extensions;
  return e && (e.reason ? `${e.code}:${e.reason}` : e.code);
};
