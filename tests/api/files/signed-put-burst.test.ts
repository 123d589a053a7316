// A signed PUT URL works once, also when 200 PUTs with it arrive at once at a real server process
// (api/server.ts on 127.0.0.1): exactly one stores its body, every other gets 409 URL_ALREADY_USED,
// and the stored file is the body of the one that was answered 200.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signPutUrl } from '../../../api/infra/blob-store/signed-urls';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const SECRET = 'signed-put-burst-secret-of-32-characters-or-more';
let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signed-put-burst-'));
  server = await startServerProcess({
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    APP_SECRET: SECRET,
    JOB_CONCURRENCY: '0',
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('of 200 PUTs with one signed URL sent at once, exactly one stores its body', async () => {
  const key = 'uploads/burst/survey.csv';
  const url = server.baseUrl + signPutUrl(SECRET, 'upload', key, Date.now() + 10 * 60_000);
  const bodies = Array.from({ length: 200 }, (_, i) => `id,answer\n${i},sender ${i}\n`);
  const answers = await Promise.all(
    bodies.map(async (body) => {
      const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body });
      return { status: res.status, body: (await res.json()) as any };
    }),
  );
  const stored = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
  expect(stored).toHaveLength(1);
  const refused = answers.filter((a) => a.status !== 200);
  expect(refused).toHaveLength(199);
  for (const a of refused) {
    expect(a.status).toBe(409);
    expect(a.body.errors[0].extensions).toMatchObject({ code: 'UNAUTHORIZED', reason: 'URL_ALREADY_USED' });
  }
  expect(readFileSync(join(dir, 'storage', key), 'utf8')).toBe(bodies[stored[0]!]);
}, 90_000);
