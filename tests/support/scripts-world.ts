// A real server (api/server.ts as a child process) over a database prepared with the upload world:
// an organisation with credits and its users' API keys, so tests drive the HTTP routes for scripts
// exactly as a script or the command line would, with jobs run by the server's own loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from './test-app';
import { startServerProcess } from './server-process';
import { uploadWorld } from './upload-world';

export async function startScriptsServer(options: { credits?: number; env?: Record<string, string> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sqp-scripts-'));
  const env = { DATABASE_URL: `file:${join(dir, 'app.db')}`, STORAGE_DIR: join(dir, 'storage') };
  try {
    const t = await createTestApp({ now: new Date().toISOString(), env });
    const world = await uploadWorld(t, { credits: options.credits ?? 100_000 });
    t.close();
    const server = await startServerProcess({ ...env, ...options.env });
    return {
      baseUrl: server.baseUrl,
      dir,
      /** The organisation's ADMIN (stored language de) and an EMPLOYEE (en), by API key. */
      adminKey: world.admin.apiKey,
      employeeKey: world.employee.apiKey,
      otherOrganisationKey: world.adminB.apiKey,
      log: server.log,
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
export type ScriptsServer = Awaited<ReturnType<typeof startScriptsServer>>;
