// The README's offline verification, run as written: its shell block (curl, jq, base64, OpenSSL 3)
// against a real listening server, its Node script, and its digest recipe (LC_ALL=C sort | sha256sum);
// then a changed statement must fail both verifiers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datafiles } from '../../../db/schema';
import { issueCertificate } from '../../../api/modules/certificates/certificates.service';
import { DEFAULT_RULES } from '../../../scoring/index';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';

const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');

/** The fenced block after `<!-- verify-offline:<name> ... -->` in the README. */
function block(name: string): string {
  const match = new RegExp(`<!-- verify-offline:${name}[^>]*-->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match) throw new Error(`README has no verify-offline:${name} block`);
  return match[1]!;
}

let t: TestApp;
let server: ReturnType<typeof Bun.serve>;
let dir = '';
let code = '';
const KEPT = ['R-0010', 'Ä-7', 'R-0002', 'z-1', '😀-emoji', 'R-0001', '\uFF21-fullwidth'];

beforeAll(async () => {
  t = await createTestApp();
  const companyId = await makeCompany(t.db, { name: 'Panel AG' });
  const owner = await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN' });
  const datafileId = crypto.randomUUID();
  await t.db.insert(datafiles).values({
    id: datafileId,
    companyId,
    ownerId: owner.id,
    title: 'Tracking',
    importType: 'MANUAL',
    status: 'READY',
    revision: 2,
  });
  const issued = await issueCertificate(t.deps, {
    datafileId,
    revision: 2,
    scoringVersion: t.deps.scoring.version,
    rules: DEFAULT_RULES,
    level: 2,
    recordsBefore: 9,
    keptRecordIds: KEPT,
  });
  code = issued.certificateCode;
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: t.app.fetch });
  dir = mkdtempSync(join(tmpdir(), 'certificate-offline-'));
});

afterAll(async () => {
  await server?.stop(true);
  t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a command without blocking: the server answering curl lives in this process. */
function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: dir, env: { ...process.env, ...env } });
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('verifying a certificate offline as the README says', () => {
  it('the shell block (curl, jq, openssl) verifies the statement, and fails on a changed one', async () => {
    const shell = await run('bash', ['-euo', 'pipefail', '-c', block('shell')], {
      HOST: `http://127.0.0.1:${server.port}`,
      CODE: code.toLowerCase(),
    });
    expect(shell.stderr + shell.stdout).toContain('Signature Verified Successfully');
    expect(shell.status).toBe(0);
    const statement = JSON.parse(readFileSync(join(dir, 'statement.json'), 'utf8')) as {
      code: string;
      level: number;
      records: { after: number };
    };
    expect(statement).toMatchObject({ code, level: 2, records: { after: KEPT.length } });

    writeFileSync(join(dir, 'verify-certificate.mjs'), block('node'));
    const node = await run('node', [
      'verify-certificate.mjs',
      'statement.json',
      'signature.bin',
      'certificate-key.pem',
    ]);
    expect(node.stdout).toContain(`signature valid - ${code} level 2 ${KEPT.length} of 9 kept`);
    expect(node.status).toBe(0);

    writeFileSync(
      join(dir, 'statement.json'),
      readFileSync(join(dir, 'statement.json'), 'utf8').replace('"level":2', '"level":3'),
    );
    const forgedOpenssl = await run('openssl', [
      'pkeyutl',
      '-verify',
      '-pubin',
      '-inkey',
      'certificate-key.pem',
      '-rawin',
      '-in',
      'statement.json',
      '-sigfile',
      'signature.bin',
    ]);
    expect(forgedOpenssl.status).not.toBe(0);
    const forgedNode = await run('node', [
      'verify-certificate.mjs',
      'statement.json',
      'signature.bin',
      'certificate-key.pem',
    ]);
    expect(forgedNode.stdout).toContain('SIGNATURE INVALID');
    expect(forgedNode.status).toBe(1);
  });

  it('the kept ids digest is what LC_ALL=C sort | sha256sum gives', async () => {
    writeFileSync(join(dir, 'kept-ids.txt'), `${KEPT.join('\n')}\n`);
    const digest = await run('bash', ['-c', 'LC_ALL=C sort kept-ids.txt | sha256sum']);
    const res = await t.gql('query($c:String!){verifyCertificate(certificateCode:$c){keptRecordIdsDigest}}', {
      c: code,
    });
    expect(digest.stdout.split(' ')[0]).toBe(res.body.data.verifyCertificate.keptRecordIdsDigest);
  });
});
