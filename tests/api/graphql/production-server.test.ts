// A production install as an operator sets it up: the first operator made with the command (the
// password on standard input), then the real server process with NODE_ENV=production. What a
// stranger can learn from it: no demo passwords in its banner, no schema through introspection
// (not with a made-up credential either), no field names through "Did you mean" hints, and a
// broken URL is a 400, not a 500.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../../api/modules/auth/password-encryption';
import { createTestApp } from '../../support/test-app';
import { bunBin, repoRoot, startServerProcess, type ServerProcess } from '../../support/server-process';

const PASSWORD = 'operator-passphrase-2026';
const INTROSPECT = '{ __schema { queryType { name } } }';

let dir: string;
let env: Record<string, string>;
let server: ServerProcess;

function createOperator(args: string[], stdin: string) {
  return spawnSync(bunBin, ['api/cli/create-operator.ts', ...args], {
    cwd: repoRoot,
    input: stdin,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string }[] } };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-production-'));
  env = {
    NODE_ENV: 'production',
    APP_SECRET: 'a-production-secret-of-at-least-32-characters',
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
  };
  const made = createOperator(['--email', 'Ops@Example.com', '--first-name', 'Olga'], `${PASSWORD}\n`);
  expect(made.status, made.stderr).toBe(0);
  server = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the first operator of a production install', () => {
  it('is made by npm run admin:create-operator, never with the password as an argument, and logs in', async () => {
    expect(createOperator(['--email', 'x@example.com', '--password', 'in-the-shell-history'], '').status).toBe(2);
    const again = createOperator(['--email', 'ops@example.com'], `${PASSWORD}\n`);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('USER_ALREADY_EXISTING');
    const pem = (await post({ query: '{getPasswordEncryptionKey}' })).body.data.getPasswordEncryptionKey;
    const login = await post({
      query: 'mutation($e:String!,$p:String!){login(email:$e,password:$p){accessLevel}}',
      variables: { e: 'ops@example.com', p: await encryptPassword(pem, PASSWORD) },
    });
    expect(login.body.data.login.accessLevel).toBe('SUPER_ADMIN');
  });

  it('starts with a banner that names no demo account or password', () => {
    expect(server.log()).toContain('Survey Quality Platform is running');
    expect(server.log()).not.toMatch(/Demo-1234|admin@example\.com/);
  });
});

describe('what a stranger learns from a production server', () => {
  it('refuses introspection without a login, with a made-up credential, and answers it for an operator', async () => {
    expect((await post({ query: INTROSPECT })).status).toBe(400);
    expect((await post({ query: INTROSPECT }, { 'x-api-key': 'x' })).status).toBe(400);
    expect((await post({ query: INTROSPECT }, { authorization: 'Bearer made-up' })).status).toBe(400);
    expect((await post({ query: '{ __type(name: "User") { fields { name } } }' }, { 'x-api-key': 'x' })).status).toBe(
      400,
    );
    const pem = (await post({ query: '{getPasswordEncryptionKey}' })).body.data.getPasswordEncryptionKey;
    const token = (
      await post({
        query: 'mutation($e:String!,$p:String!){login(email:$e,password:$p){accessToken}}',
        variables: { e: 'ops@example.com', p: await encryptPassword(pem, PASSWORD) },
      })
    ).body.data.login.accessToken;
    const schema = await post({ query: INTROSPECT }, { authorization: `Bearer ${token}` });
    expect(schema.body.data.__schema.queryType.name).toBe('Query');
  });

  it('names no field, argument or value it was not asked about', async () => {
    for (const query of [
      '{ mee { id } }',
      '{ me { user { emai } } }',
      'mutation { updateMyLocale(locale: dee) { status } }',
    ]) {
      const res = await post({ query });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body), query).not.toMatch(/Did you mean/);
    }
  });

  it('answers a broken percent-encoding with 400 on every route, with the security headers and the request id', async () => {
    for (const path of [
      '/%E0%A4%A',
      '/%',
      '/files/%E0%A4%A',
      '/api/live/%E0%A4%A/respondents',
      '/report-verification/%ZZ',
    ]) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-request-id'), path).toMatch(/^[A-Za-z0-9_-]{16}$/);
    }
  });
});

describe('outside production', () => {
  it('still helps developers with "Did you mean" (the hints are hidden on purpose, not by accident)', async () => {
    const t = await createTestApp();
    try {
      const res = await t.gql('{ mee { id } }');
      expect(res.body.errors![0]!.message).toMatch(/Did you mean "me"/);
    } finally {
      t.close();
    }
  });
});
