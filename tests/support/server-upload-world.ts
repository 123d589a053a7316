// An upload world (tests/support/upload-world.ts) served by a real server process over a new libSQL
// file and blob store in a temporary folder, for tests that go over HTTP: the organisation, its users
// and sessions are written before the server starts, so its demo seed (new databases only) stays out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { fixedClock } from '../../api/lib/clock';
import { silentLogger } from '../../api/lib/logger';
import { startServerProcess } from './server-process';
import type { TestApp } from './test-app';
import { uploadWorld } from './upload-world';

export type GqlAnswer = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };

/** `env`: more of the server's environment (limits, timeouts); `prefix`: the temporary folder's name. */
export async function serverUploadWorld(prefix: string, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const serverEnv = { DATABASE_URL: `file:${join(dir, 'app.db')}`, STORAGE_DIR: join(dir, 'storage'), ...env };
  const deps = await createDeps(
    readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', JOB_INTERVAL_MINUTES: '0', ...serverEnv }),
    { log: silentLogger },
  );
  const w = await uploadWorld({ db: deps.db, deps, clock: fixedClock(new Date().toISOString()) } as unknown as TestApp);
  const server = await startServerProcess(serverEnv);
  /** A GraphQL call as the organisation's ADMIN, its answer as it came (errors included). */
  const gql = async (query: string, variables: Record<string, unknown> = {}): Promise<GqlAnswer> => {
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${w.tokens.admin}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlAnswer;
  };
  const close = async () => {
    await server.stop();
    deps.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, deps, w, server, gql, close };
}
